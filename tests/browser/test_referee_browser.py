"""Settling disputes and playing along on a phone, by tapping only."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.rules import basra
from companion.rules import basra_playalong as engine

from ..playalong_deal import shuffled_hand
from .helpers import choose_slot, no_horizontal_overflow, tap_card

pytestmark = pytest.mark.browser


def test_settle_a_basra_capture_by_tapping(page, live_server):
    page.goto(live_server + "/referee/basra")
    for card in ("AS", "2H", "6D"):
        tap_card(page, card)
    choose_slot(page, "Played card")
    tap_card(page, "9C")
    # Nothing claimed yet: a question, not a ruling.
    expect(page.locator("#verdict")).to_contain_text("What did the 9♣ take?")
    expect(page.locator("#verdict")).not_to_contain_text("Not legal")
    for label in ("A♠", "2♥", "6♦"):
        page.locator(".floor .floor-card", has_text=label).click()
        expect(page.locator(".floor .floor-card", has_text=label)).to_have_attribute(
            "aria-pressed", "true")
    expect(page.locator("#verdict .ruling")).to_have_text("Legal")
    expect(page.locator("#verdict")).to_contain_text("Basra! 10 points.")
    assert "claimed=AS,2H,6D" in page.url
    assert no_horizontal_overflow(page)
    page.reload()  # the shared link reopens the same verdict
    expect(page.locator("#verdict")).to_contain_text("Basra! 10 points.")
    assert page.js_errors == []


def test_basra_both_twos_make_a_capture_and_both_are_highlighted(page, live_server):
    page.goto(live_server + "/referee/basra?floor=2C,2H,5S&played=7S")
    expect(page.locator(".floor .floor-card.best")).to_have_text(["2♣", "5♠"])
    expect(page.locator(".floor .floor-card.capturable")).to_have_text(["2♥"])
    expect(page.locator("#verdict .option")).to_have_text(["2♣, 5♠", "2♥, 5♠"])
    page.locator("#verdict .option", has_text="2♥, 5♠").click()
    expect(page.locator("#verdict .ruling")).to_have_text("Legal")
    expect(page.locator("#verdict .option", has_text="2♥, 5♠")).to_have_attribute(
        "aria-pressed", "true")
    assert no_horizontal_overflow(page)
    assert page.js_errors == []


def test_settle_a_shllaat_capture_by_tapping(page, live_server):
    page.goto(live_server + "/referee/shllaat")
    for card in ("7S", "7H", "AC"):
        tap_card(page, card)
    choose_slot(page, "Played card")
    tap_card(page, "7D")
    page.locator(".floor .floor-card", has_text="7♠").click()
    expect(page.locator("#verdict")).to_contain_text("7♦ takes 7♠ from the pool")
    expect(page.locator("#verdict")).to_contain_text("Burnt: 7♥ A♣")
    expect(page.locator("#verdict")).to_contain_text("The player draws and plays again.")
    assert no_horizontal_overflow(page)
    assert page.js_errors == []


def test_shelem_revoke_seen_in_one_known_hand_by_tapping(page, live_server):
    page.goto(live_server + "/referee/shelem")
    page.get_by_role("button", name="♥", exact=True).click()
    expect(page.get_by_role("button", name="♥", exact=True)).to_have_attribute(
        "aria-pressed", "true")
    for card in ("KS", "AS", "3H", "10S"):
        tap_card(page, card)
    expect(page.locator("#verdict .ruling")).to_have_text("Player 3 takes the trick")
    page.get_by_text("Hands before the trick, to check following suit").click()
    choose_slot(page, "Hand of player 3 before the trick")
    for card in ("3H", "7S", "2D"):
        tap_card(page, card)
    expect(page.locator("#verdict .ruling")).to_have_text("Not legal: player 3 could follow ♠")
    expect(page.locator("#verdict .reason")).to_have_text(
        "Player 3 played 3♥ while holding 7♠ of the suit led, ♠: a player must follow suit if "
        "able.")
    expect(page.locator("#verdict")).to_contain_text("Player 3 takes the trick")
    expect(page.locator("#verdict")).to_contain_text("Points in this trick: 25")
    assert no_horizontal_overflow(page)
    assert page.js_errors == []


def test_play_a_whole_basra_hand_along(page, live_server):
    created = page.request.post(live_server + "/api/v1/games", data={
        "game": "basra", "players": ["Ali", "Bahar"]}).json()
    page.goto(created["edit_url"])  # the key link leaves the edit cookie, if sharing set it
    page.context.add_cookies([{"name": f"edit_{created['id']}", "value": created["edit_key"],
                               "url": live_server}])
    page.goto(f"{live_server}/games/{created['id']}/play-along")
    rules = basra.SPEC.resolve(created["rules"])
    state = engine.new_state(rules, 2, None, created["leader"])
    for card in shuffled_hand(rules, 3):
        tap_card(page, card, "#playalong")
        state = engine.play_card(state, card)
        if state.pending:
            choice = engine.progress(state).choices[0]
            page.locator("#playalong .option",
                         has_text=" ".join(c.label for c in choice)).first.click()
            state = engine.choose(state, [str(c) for c in choice])
            expect(page.locator("#playalong .option")).to_have_count(0)
    expect(page.locator("#playalong")).to_contain_text("Hand 1 is on the score sheet.")
    saved = page.request.get(f"{live_server}/api/v1/games/{created['id']}").json()
    assert saved["hands"][0]["hand"] == engine.hand(state)
    assert saved["totals"] == saved["hands"][0]["scores"]
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
