"""A season on a phone (390×844): the standings fit without sideways scrolling in English,
Arabic and Persian, with the reader's digits; the secretary adds an evening by its link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import ARTIFACTS, api, no_horizontal_overflow

pytestmark = pytest.mark.browser

EVENINGS = 10  # ten Friday knockouts of four: a long season's grid scrolls inside its box


def _evening(server: str, number: int) -> dict:
    """A finished Basra knockout of four; seed 1 wins every match it plays."""
    t = api(server + "/api/v1/tournaments", {
        "name": f"Friday {number}", "game": "basra", "format": "knockout",
        "entrants": ["Anis", "Badia", "Cala", "Dina"],
        "settings": {"best_of": 1, "third_place": True}})
    base = f"{server}/api/v1/tournaments/{t['id']}"
    for _ in range(2):
        for match in api(base + "/rounds", {}, t["director_key"])["matches"]:
            api(f"{base}/matches/{match['id']}/result", {"winner": 0, "reason": "by hand"},
                t["director_key"], method="PUT")
    return t


@pytest.mark.parametrize(("locale", "twenty"), [("en", "20"), ("ar", "٢٠"), ("fa", "۲۰")])
def test_the_season_fits_a_phone_in_every_language(page, live_server, locale, twenty):
    season = api(live_server + "/api/v1/seasons",
                 {"name": "Winter league", "game": "basra", "count_best": 2})
    for number in range(1, EVENINGS + 1):
        t = _evening(live_server, number)
        api(f"{live_server}/api/v1/seasons/{season['id']}/events", {"tournament": t["id"]},
            season["key"])
    page.context.add_cookies([{"name": "lang", "value": locale, "url": live_server}])
    page.goto(season["url"])
    expect(page.locator("html")).to_have_attribute("lang", locale)
    assert no_horizontal_overflow(page)
    # Anis, seed 1, won every evening (10 each): the best two count, 10 + 10 = 20, first,
    # in the reader's digits.
    first = page.locator(".season-table tbody tr").first
    assert first.locator(".who").inner_text() == "Anis"
    assert first.locator(".points").inner_text() == twenty
    page.screenshot(path=str(ARTIFACTS / f"season-{locale}.png"), full_page=True)
    assert page.js_errors == []


def test_the_secretary_adds_an_evening_by_its_link(page, live_server):
    season = api(live_server + "/api/v1/seasons",
                 {"name": "Winter league", "game": "basra", "count_best": 2})
    page.goto(season["setup_url"])  # the season's link: its key kept on this phone
    t = _evening(live_server, 1)
    page.get_by_label("A tournament's link or id").fill(f"{live_server}/tournaments/{t['id']}")
    page.get_by_role("button", name="Add to the season").last.click()
    expect(page.locator(".season-event")).to_have_count(1)
    expect(page.locator(".season-table tbody tr").first).to_contain_text("Anis")
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
