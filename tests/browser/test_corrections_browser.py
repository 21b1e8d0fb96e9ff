"""A correction that makes a game end earlier, made and cleaned up on a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ..helpers import SHELEM_PLAYERS
from .helpers import api_game, no_horizontal_overflow
from .helpers import page_totals as totals

pytestmark = pytest.mark.browser


def test_correcting_hand_one_to_a_shelem_ends_the_game_there(page, live_server):
    game_id = api_game(page, live_server, "shelem", SHELEM_PLAYERS, target=330)
    key = page.context.cookies()[0]["value"]
    for hand in ({"bidder": 0, "bid": 120, "bidder_points": 130},   # 130 / 35
                 {"bidder": 1, "bid": 165, "bidder_points": 165}):  # Shelem: 0 / +330
        page.request.post(f"{live_server}/api/v1/games/{game_id}/hands", data={"hand": hand},
                          headers={"Authorization": f"Bearer {key}"})
    page.reload()
    assert totals(page) == ["130", "365"]
    expect(page.locator(".winner")).to_have_text("Bahar & Dara won the game!")

    page.click("#hand-1 summary")
    page.click("#hand-1 >> text=Edit hand 1")
    page.fill("#bid", "165")
    page.fill("#bidder_points", "165")
    page.click("#save")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")

    # Ali & Cyrus's Shelem (2 × 165 = 330) reaches 330 at hand 1: hand 2 no longer counts.
    expect(page.locator(".winner")).to_have_text("Ali & Cyrus won the game!")
    assert totals(page) == ["330", "0"]
    expect(page.locator("#after-end")).to_contain_text(
        "Hand 2 was played after the end: it no longer counts.")
    expect(page.locator("#hand-2 .not-counted")).to_have_text(
        "Played after the end — not counted")
    expect(page.locator("#undo-correction")).to_have_text("Undo the correction of hand 1")
    assert no_horizontal_overflow(page)

    page.click("#delete-after-end")
    expect(page.locator("#after-end")).to_have_count(0)
    expect(page.locator(".hand-list > li")).to_have_count(1)
    assert totals(page) == ["330", "0"]
    assert page.js_errors == []
