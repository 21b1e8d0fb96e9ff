"""A game's ratings page and a player's card on a phone (390×844), in English, Arabic and
Persian, light and dark: nothing scrolls sideways, the numbers are in the reader's digits,
the rating's chart is drawn. Screenshots land in test-artifacts/."""

from __future__ import annotations

import pytest

from ..helpers import BASRA_WIN
from .helpers import ARTIFACTS, no_horizontal_overflow

pytestmark = pytest.mark.browser

# One Basra game, Ali beating Bahar from newcomers: 1069 and 963 (tests/test_ratings.py).
READERS = [("en", "latn", "1069"), ("ar", "arab", "١٠٦٩"), ("fa", "arabext", "۱۰۶۹")]


def test_the_ratings_page_and_the_card_in_each_language_light_and_dark(page, live_server):
    made = page.request.post(live_server + "/api/v1/games",
                             data={"game": "basra", "players": ["Ali", "Bahar"]}).json()
    for _ in range(2):
        saved = page.request.post(f"{live_server}/api/v1/games/{made['id']}/hands",
                                  data={"hand": BASRA_WIN},
                                  headers={"Authorization": f"Bearer {made['edit_key']}"})
        assert saved.status == 201
    page.goto(f"{live_server}/games/{made['id']}")  # this phone knows the game now
    for lang, digits, rating in READERS:
        page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server},
                                  {"name": "digits", "value": digits, "url": live_server}])
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.goto(live_server + "/ratings/basra")
            first = page.locator(".ratings-table tbody tr").first
            assert first.locator("strong").inner_text() == rating
            assert page.locator(".notice").is_visible()  # only this device's games
            assert no_horizontal_overflow(page)
            page.screenshot(path=str(ARTIFACTS / f"ratings-{lang}-{scheme}.png"),
                            full_page=True)
            page.goto(live_server + "/players/Ali")
            assert page.locator("#rating-chart-basra").count() == 1
            assert page.locator("figure.chart svg").first.is_visible()
            assert page.locator(".rating-now strong").inner_text() == rating
            assert no_horizontal_overflow(page)
            page.screenshot(path=str(ARTIFACTS / f"rating-card-{lang}-{scheme}.png"),
                            full_page=True)
    assert page.js_errors == []
