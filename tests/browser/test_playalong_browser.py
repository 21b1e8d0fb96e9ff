"""Playing a Basra hand along on a phone: who plays first, the opening floor."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import Taps, basra_hand, no_horizontal_overflow, tap_card

pytestmark = pytest.mark.browser

PRESSED_FIRST = '#first-player [aria-pressed="true"]'


def test_play_along_starts_with_the_player_the_game_page_names(page, live_server):
    created = page.request.post(live_server + "/api/v1/games", data={
        "game": "basra", "players": ["Nour", "Omar"]}).json()
    page.goto(created["edit_url"])
    tap = Taps(page)
    tap("#play-along")  # a look before any hand is entered
    expect(page.locator(PRESSED_FIRST)).to_have_text("Omar")  # Nour deals hand 1
    tap('a:has-text("Back to the score sheet")')
    tap("#add-hand")
    basra_hand(tap)  # hand 1 by counts
    # Omar deals hand 2, so Nour plays first, on the game page and in play-along
    expect(page.locator("#leader")).to_have_text("Nour")
    tap("#play-along")
    expect(page.locator(PRESSED_FIRST)).to_have_text("Nour")
    # the table agrees Omar leads this hand after all
    page.locator("#first-player button", has_text="Omar").click()
    expect(page.locator(PRESSED_FIRST)).to_have_text("Omar")
    tap_card(page, "4S", "#playalong")
    tap_card(page, "JH", "#playalong")
    expect(page.locator("#playalong .error")).to_have_text(
        "The dealer buries a jack dealt to the floor in the pack and deals a replacement: tap "
        "the card dealt in place of the J♥.")
    for card in ("6H", "10D", "3C"):
        tap_card(page, card, "#playalong")
    expect(page.locator("#playalong .picker-help")).to_contain_text("Omar plays")
    tap_card(page, "10C", "#playalong")  # takes the 10♦ and 6♥+4♠
    expect(page.locator(".sides-tally")).to_contain_text("Omar: 4 cards")
    expect(page.locator(".sides-tally")).to_contain_text("Nour: 0 cards")
    expect(page.locator("#playalong .picker-help")).to_contain_text("Nour plays")
    expect(page.locator("#first-player")).to_have_count(0)
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
