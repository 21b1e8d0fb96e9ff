"""Persian and Arabic on a phone: right-to-left, no sideways scrolling, totals and entry usable."""

from __future__ import annotations

import json
from urllib.request import Request, urlopen

import pytest
from playwright.sync_api import expect

from .helpers import ARTIFACTS, no_horizontal_overflow

pytestmark = pytest.mark.browser

SHELEM = {"game": "shelem", "players": ["علی", "بهار", "کوروش", "دارا"]}


def _new_game(live_server: str) -> dict:
    request = Request(live_server + "/api/v1/games", data=json.dumps(SHELEM).encode(),
                      headers={"Content-Type": "application/json"}, method="POST")
    with urlopen(request) as response:
        return json.load(response)


@pytest.mark.parametrize("locale", ["fa", "ar"])
def test_home_game_and_entry_read_right_to_left(page, live_server, locale):
    page.goto(live_server + "/")
    page.get_by_role("link", name={"fa": "فارسی", "ar": "العربية"}[locale]).click()
    # The switcher navigates: wait for the new page rather than read the old one.
    expect(page.locator("html")).to_have_attribute("lang", locale)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert no_horizontal_overflow(page)
    switcher = page.locator(".prefs a").first.bounding_box()
    assert switcher["height"] >= 44 and switcher["width"] >= 44
    page.screenshot(path=str(ARTIFACTS / f"rtl-{locale}-home.png"), full_page=True)

    game = _new_game(live_server)
    page.goto(game["edit_url"])  # keeps the edit key, lands on the scoreboard
    assert page.evaluate("document.documentElement.dir") == "rtl"
    zero = {"fa": "۰", "ar": "٠"}[locale]
    assert page.locator('[data-total-side="0"]').inner_text() == zero
    assert page.locator(".totals .side").first.inner_text().startswith("علی")
    # The first side's total sits at the right, where a right-to-left reader starts.
    first, second = (page.locator(".totals li").nth(i).bounding_box() for i in (0, 1))
    assert first["x"] > second["x"]
    assert no_horizontal_overflow(page)
    page.screenshot(path=str(ARTIFACTS / f"rtl-{locale}-game.png"), full_page=True)

    page.goto(f"{live_server}/games/{game['id']}/hands/new")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.locator("form").first.is_visible()
    assert no_horizontal_overflow(page)
    page.screenshot(path=str(ARTIFACTS / f"rtl-{locale}-entry.png"), full_page=True)
    assert page.js_errors == []
