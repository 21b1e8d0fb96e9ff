"""A double elimination's bracket page on a phone (390×844) in en/ar/fa, light and dark, and
its wall at 1920×1080: both brackets and the final shown, nothing wider than the screen.

Eight Basra entrants, best of one; the better seed wins every match of rounds 1-3, round 4
is paired and not played: the winners' bracket is over but for its final, the losers'
bracket is half way, the grand final's sides are still to be decided.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ..helpers import sweep
from .helpers import ARTIFACTS, api, no_horizontal_overflow

pytestmark = pytest.mark.browser

EIGHT = ["Anis", "Badia", "Cala", "Dina", "Emad", "Farah", "Ghada", "Hadi"]
HEADINGS = {
    "en": ("Winners' bracket", "Losers' bracket", "Grand final"),
    "ar": ("شجرة الفائزين", "شجرة الخاسرين", "النهائي الكبير"),
    "fa": ("جدول برندگان", "جدول بازندگان", "فینال بزرگ"),
}


def run_three_rounds(server: str) -> dict:
    t = api(server + "/api/v1/tournaments", {
        "name": "Double Cup", "game": "basra", "format": "double_elimination",
        "entrants": EIGHT, "settings": {"best_of": 1}})
    base = f"{server}/api/v1/tournaments/{t['id']}"
    seeds = {name: number for number, name in enumerate(EIGHT)}
    for _ in range(3):
        for match in api(base + "/rounds", {}, t["director_key"])["matches"]:
            if match["bye"]:
                continue
            better = min(range(2), key=lambda side: seeds[match["names"][side]])
            api(f"{server}/api/v1/games/{match['current_game']}/hands",
                {"hand": sweep(better)}, match["edit_key"])
    api(base + "/rounds", {}, t["director_key"])  # round 4, not played
    return t


@pytest.fixture
def cup(live_server):
    return run_three_rounds(live_server)


@pytest.mark.parametrize("locale", ["en", "ar", "fa"])
def test_both_brackets_fit_a_phone(page, live_server, cup, locale):
    page.context.add_cookies([{"name": "lang", "value": locale, "url": live_server}])
    page.goto(f"{live_server}/tournaments/{cup['id']}/bracket")
    for heading in HEADINGS[locale]:
        expect(page.locator("#bracket-board")).to_contain_text(heading)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert no_horizontal_overflow(page)
        page.screenshot(path=str(ARTIFACTS / f"double-bracket-{locale}-{scheme}.png"),
                        full_page=True)


@pytest.mark.parametrize("locale", ["en", "ar"])
def test_the_wall_names_each_tables_bracket(browser, live_server, cup, locale):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.add_cookies([{"name": "lang", "value": locale, "url": live_server}])
    wall = context.new_page()
    wall.goto(f"{live_server}/tournaments/{cup['id']}/screen")
    # Round 4 is the losers' round 3 alone: Cala (beat Emad) v Dina (beat Farah).
    expect(wall.locator(".screen-matches")).to_contain_text(HEADINGS[locale][1])
    expect(wall.locator(".screen-matches")).to_contain_text("Cala")
    expect(wall.locator(".screen-matches")).to_contain_text("Dina")
    assert wall.evaluate("document.documentElement.scrollHeight <= 1080")
    wall.screenshot(path=str(ARTIFACTS / f"double-wall-1920-{locale}.png"))
    context.close()


def test_both_brackets_on_a_wide_screen(browser, live_server, cup):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    wide = context.new_page()
    wide.goto(f"{live_server}/tournaments/{cup['id']}/bracket")
    for heading in HEADINGS["en"]:
        expect(wide.locator("#bracket-board")).to_contain_text(heading)
    assert no_horizontal_overflow(wide)
    wide.screenshot(path=str(ARTIFACTS / "double-bracket-1920-en.png"), full_page=True)
    context.close()
