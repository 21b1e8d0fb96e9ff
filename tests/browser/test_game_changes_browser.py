"""On a phone: undo then redo, and the history's times in the phone's own time zone."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from playwright.sync_api import expect

from .helpers import api_game, no_horizontal_overflow
from .helpers import page_totals as totals

pytestmark = pytest.mark.browser

# Amal 36 – Badr 7: most cards 30, 4 jacks, 2 aces against 2 aces, 2♣ 2, 10♦ 3.
AMAL_36 = {"cards": [30, 22], "jacks": [4, 0], "aces": [2, 2], "two_of_clubs": 1,
           "ten_of_diamonds": 1}
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


@pytest.fixture
def tehran_page(browser):
    """A phone set to Tehran time (UTC+3:30 all year since 2022)."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  timezone_id="Asia/Tehran")
    page = context.new_page()
    yield page
    context.close()


def test_undo_says_what_it_undid_and_redo_puts_it_back(page, live_server):
    game_id = api_game(page, live_server, "basra", ["Amal", "Badr"])
    key = page.context.cookies()[0]["value"]
    for _ in range(2):
        page.request.post(f"{live_server}/api/v1/games/{game_id}/hands",
                          data={"hand": AMAL_36}, headers={"Authorization": f"Bearer {key}"})
    page.reload()
    assert totals(page) == ["72", "14"]
    page.click("#undo")
    expect(page.locator("#undone")).to_contain_text("Undid adding hand 2")
    assert totals(page) == ["36", "7"]
    assert no_horizontal_overflow(page)
    page.click("#redo")
    expect(page.locator("#undone")).to_have_count(0)
    assert totals(page) == ["72", "14"]
    assert page.js_errors == []


def test_history_shows_times_in_the_phones_time_zone(tehran_page, live_server):
    page = tehran_page
    game_id = api_game(page, live_server, "basra", ["Amal", "Badr"])
    page.goto(f"{live_server}/games/{game_id}/history")
    stamp = page.locator("time[data-local]").first
    utc = datetime.fromisoformat(stamp.get_attribute("datetime"))
    tehran = utc + timedelta(hours=3, minutes=30)
    shown = stamp.inner_text()
    assert "UTC" not in shown
    # In the page's language (English): "Nov 23, 2026, 5:41 AM".
    assert f"{tehran.hour % 12 or 12}:{tehran:%M} {tehran:%p}" in shown, shown
    assert str(tehran.year) in shown

    page.goto(f"{live_server}/language/fa")
    page.goto(f"{live_server}/digits/arabext")
    page.goto(f"{live_server}/games/{game_id}/history")
    minutes = "".join(PERSIAN_DIGITS[int(d)] for d in f"{tehran:%M}")
    shown = page.locator("time[data-local]").first.inner_text()
    assert minutes in shown and "UTC" not in shown, shown
