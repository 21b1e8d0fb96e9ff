"""Entering hands on a phone-sized real browser: tap budgets, the card grid, whole games."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ..helpers import SHELEM_PLAYERS
from .helpers import Taps, api_game, basra_hand, new_game_page, no_horizontal_overflow
from .helpers import page_totals as totals

pytestmark = pytest.mark.browser


def shelem_hand(tap, team=0):
    """Bidding team, bid 120 and 130 points taken: the typical Shelem hand."""
    tap(f'label[for="bidder-{team}"]')
    tap('[data-for="bid"][data-set="120"]')
    tap('[data-for="bidder_points"][data-step="5"]')
    tap('[data-for="bidder_points"][data-step="5"]')
    tap("#save")


def test_shelem_hand_in_six_taps_or_fewer(page, live_server):
    game_id = api_game(page, live_server, "shelem", SHELEM_PLAYERS)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    assert no_horizontal_overflow(page)
    tap = Taps(page)
    tap('label[for="bidder-0"]')
    tap('[data-for="bid"][data-set="120"]')
    expect(page.locator("#bidder_points")).to_have_value("120")  # points start at the bid
    tap('[data-for="bidder_points"][data-step="5"]')
    tap('[data-for="bidder_points"][data-step="5"]')
    expect(page.locator('#preview [data-preview-side="1"]')).to_contain_text("points taken 35")
    tap("#save")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count <= 6
    assert totals(page) == ["130", "35"]
    assert page.js_errors == []


def test_basra_hand_in_ten_taps_or_fewer_on_a_phone_sized_form(page, live_server):
    game_id = api_game(page, live_server, "basra", ["Ali", "Omar"])
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    small = page.evaluate("""() => [...document.querySelectorAll(
        '#entry-form button, #entry-form .seg-options label, #entry-form input[type=number]')]
        .filter(e => e.offsetParent !== null)
        .map(e => e.getBoundingClientRect())
        .filter(r => r.width < 44 || r.height < 44).length""")
    assert small == 0
    assert no_horizontal_overflow(page)
    tap = Taps(page)
    basra_hand(tap)
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    assert tap.count <= 10
    assert totals(page) == ["46", "7"]
    assert page.js_errors == []


def test_basra_game_to_101_through_the_pages(page, live_server):
    new_game_page(page, live_server, "basra", ["Ali", "Omar"])
    tap = Taps(page)
    # Hand 1 on the card grid: everything to Ali, the diamonds to Omar, the 7♠ a basra.
    tap("#add-hand")
    tap('.mode-switch a:has-text("Cards")')
    assert no_horizontal_overflow(page)
    card = page.locator(".deck [data-card]").first.bounding_box()
    assert card["width"] >= 44 and card["height"] >= 44
    tap('[data-rest="0"]')
    tap('label[for="tool-1"]')
    for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
        tap(f'.deck [data-card]:has(input[name="card_{rank}D"])')
    tap('label[for="tool-basra"]')
    tap('.deck [data-card]:has(input[name="card_7S"])')
    expect(page.locator('.deck [data-card]:has(input[name="card_7S"]) .mark')).to_have_text("1★")
    expect(page.locator('#preview [data-preview-side="0"]')).to_contain_text("39 cards")
    expect(page.locator('#preview [data-preview-side="0"] .breakdown-head')).to_contain_text("48")
    tap("#save")
    expect(page.locator('[data-total-side="0"]')).to_have_text("48")
    # The way of entry is remembered: back to counts for the next hands.
    tap("#add-hand")
    expect(page.locator(".deck")).to_have_count(1)
    tap('.mode-switch a:has-text("Counts")')
    basra_hand(tap)
    expect(page.locator('[data-total-side="0"]')).to_have_text("94")
    tap("#add-hand")
    basra_hand(tap)
    assert totals(page) == ["140", "19"]
    expect(page.locator(".winner")).to_have_text("Ali won the game!")
    assert page.js_errors == []


def test_shelem_game_to_its_target_through_the_pages(page, live_server):
    game_id = new_game_page(page, live_server, "shelem", SHELEM_PLAYERS, target=330)
    tap = Taps(page)
    # A save with nothing chosen is refused in place; then the table redeals.
    tap("#add-hand")
    tap('[data-for="bid"][data-set="125"]')
    tap("#save")
    expect(page.locator("#preview .error")).to_have_text("Choose the team that won the bid.")
    # The scorer sees why without scrolling: the field in question is brought into view with
    # its sentence beside it, above the sticky save bar.
    error = page.locator(".invalid .field-error").bounding_box()
    assert error["y"] >= 0 and error["y"] + error["height"] <= page.locator(
        ".save-bar").bounding_box()["y"]
    expect(page.locator("#bid")).to_have_value("125")
    tap("#redeal")
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    for team, expected in [(0, ["130", "35"]), (1, ["165", "165"]), (1, ["200", "295"])]:
        tap("#add-hand")
        shelem_hand(tap, team)
        expect(page.locator('[data-total-side="1"]')).to_have_text(expected[1])
        assert totals(page) == expected
    expect(page.locator(".winner")).to_have_count(0)
    tap("#add-hand")
    shelem_hand(tap, 1)
    expect(page.locator('[data-total-side="1"]')).to_have_text("425")
    expect(page.locator(".winner")).to_have_text("Bahar & Dara won the game!")
    # The refused save answered 422, which the browser logs; nothing else went wrong.
    assert [e for e in page.js_errors if "status of 422" not in e] == []


def test_shelem_double_and_a_bid_chip_never_both_look_chosen(page, live_server):
    """What is pressed is what is saved: Shelem Double clears the bid, a bid clears it."""
    game_id = api_game(page, live_server, "shelem", SHELEM_PLAYERS)
    page.goto(f"{live_server}/games/{game_id}/hands/new")
    chip = page.locator('[data-for="bid"][data-set="120"]')
    chip.click()
    expect(chip).to_have_attribute("aria-pressed", "true")
    page.locator('label[for="double"]').click()
    expect(page.locator("#double")).to_be_checked()
    expect(chip).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#bid")).to_have_value("")
    chip.click()
    expect(page.locator("#double")).not_to_be_checked()
    expect(chip).to_have_attribute("aria-pressed", "true")
    page.locator('label[for="bidder-0"]').click()
    expect(page.locator("#preview")).to_contain_text("bid 120: made")
    assert page.js_errors == []


def test_a_basra_mark_on_a_card_nobody_took_explains_itself(page, live_server):
    game_id = api_game(page, live_server, "basra", ["Ali", "Omar"])
    page.goto(f"{live_server}/games/{game_id}/hands/new?mode=cards")
    hint = page.locator("#basra-untaken")
    expect(hint).to_be_hidden()
    page.click('label[for="tool-basra"]')
    page.click('.deck [data-card]:has(input[name="card_7S"])')
    expect(hint).to_have_text(
        "Tap ★ on a card someone took: only a captured card can make a basra.")
    expect(page.locator('.deck [data-card]:has(input[name="card_7S"]) .mark')).to_have_text("")
    # Once the card is taken the ★ marks it and the sentence goes away.
    page.click('label[for="tool-0"]')
    page.click('.deck [data-card]:has(input[name="card_7S"])')
    page.click('label[for="tool-basra"]')
    page.click('.deck [data-card]:has(input[name="card_7S"])')
    expect(page.locator('.deck [data-card]:has(input[name="card_7S"]) .mark')).to_have_text("1★")
    expect(hint).to_be_hidden()
    assert page.js_errors == []
