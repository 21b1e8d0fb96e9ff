"""A game set up and watched on a phone-sized real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .helpers import no_horizontal_overflow

pytestmark = pytest.mark.browser


def test_shelem_game_set_up_on_a_phone_lands_on_its_board(page, live_server):
    page.goto(live_server + "/games/new")
    page.click("#pick-shelem")
    for number, name in enumerate(["Ali", "Bahar", "Cyrus", "Dara"], start=1):
        page.fill(f"#player-{number}", name)
    page.locator("#player-4").blur()
    expect(page.locator("#first-dealer-select option").nth(3)).to_have_text("Dara")
    page.select_option("#first-dealer-select", label="Bahar")
    page.click("#start-game")
    expect(page).to_have_url(re.compile(r"/games/[\w-]+$"))
    expect(page.locator('[data-total-side="0"]')).to_have_text("0")
    expect(page.locator(".totals .side")).to_have_text(["Ali & Cyrus", "Bahar & Dara"])
    expect(page.locator("#dealer")).to_have_text("Bahar")
    expect(page.locator("#add-hand")).to_be_visible()
    assert no_horizontal_overflow(page)
    assert page.js_errors == []


def test_board_updates_by_itself_when_a_hand_is_added_elsewhere(page, live_server):
    created = page.request.post(live_server + "/api/v1/games", data={
        "game": "shelem", "players": ["Ali", "Bahar", "Cyrus", "Dara"]})
    game = created.json()
    page.goto(f"{live_server}/games/{game['id']}")
    expect(page.locator('[data-total-side="0"]')).to_have_text("0")
    page.request.post(f"{live_server}/api/v1/games/{game['id']}/hands",
                      data={"hand": {"bidder": 0, "bid": 120, "bidder_points": 130}},
                      headers={"Authorization": f"Bearer {game['edit_key']}"})
    expect(page.locator('[data-total-side="0"]')).to_have_text("130", timeout=8000)
    expect(page.locator('[data-total-side="1"]')).to_have_text("35")
    expect(page.locator(".chart polyline")).to_have_count(2)
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
