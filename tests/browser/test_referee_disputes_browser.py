"""Two players arguing over a phone: the situation they tapped in is never lost."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import choose_slot, no_horizontal_overflow, tap_card


def choose_pile(page, name: str) -> None:
    """Open a player's pile (the pile's own tab, not the whose-turn chip of that name)."""
    tab = page.locator(".slot-tab", has_text=name)
    tab.click()
    expect(tab).to_have_attribute("aria-pressed", "true")

pytestmark = pytest.mark.browser


def lay_out_a_seven(page, live_server):
    """Floor 2♠ 5♥ 7♦, the 7♣ played: tapped in, one card at a time."""
    page.goto(live_server + "/referee/basra")
    for card in ("2S", "5H", "7D"):
        tap_card(page, card)
    choose_slot(page, "Played card")
    tap_card(page, "7C")
    expect(page.locator("#verdict")).to_contain_text("What did the 7♣ take?")


def test_switching_language_and_digits_keeps_the_floor(page, live_server):
    lay_out_a_seven(page, live_server)
    page.locator(".prefs a", has_text="فارسی").click()
    expect(page.locator("html")).to_have_attribute("lang", "fa")
    assert "floor=2S,5H,7D" in page.url and "played=7C" in page.url
    expect(page.locator(".floor")).to_contain_text("7♦")
    page.locator(".prefs a", has_text="٤٥٦").click()
    expect(page.locator("html")).to_have_attribute("data-digits", "arab")
    assert "floor=2S,5H,7D" in page.url and "played=7C" in page.url
    assert page.js_errors == []


def test_the_rule_and_back_keeps_the_floor_and_the_claim(page, live_server):
    lay_out_a_seven(page, live_server)
    page.locator("#verdict .option", has_text="2♠, 5♥, 7♦").click()
    expect(page.locator("#verdict .ruling")).to_have_text("Legal")
    page.get_by_role("link", name="Show the rule").click()
    expect(page.locator("h1")).to_have_text("The rules of Basra")
    page.get_by_role("link", name="Back to the referee").click()
    expect(page.locator("#verdict .ruling")).to_have_text("Legal")
    assert "claimed=2S,5H,7D" in page.url


def test_a_wrong_card_tapped_again_comes_out(page, live_server):
    page.goto(live_server + "/referee/basra")
    tap_card(page, "2S")
    wrong = page.locator(".picker .suits .key", has_text="2♥")
    wrong.click()
    expect(wrong).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".floor")).to_contain_text("2♥")
    wrong.click()
    expect(wrong).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".floor")).not_to_contain_text("2♥")
    assert "floor=2S" in page.url and "2H" not in page.url


def test_start_over_clears_the_floor_and_keeps_the_rules(page, live_server):
    page.goto(live_server + "/referee/basra?preset=yemeni&floor=2S,5H&played=7C")
    page.get_by_role("link", name="Start over").click()
    expect(page.locator(".slot.active")).to_contain_text("The floor is empty.")
    assert page.url.endswith("/referee/basra?preset=yemeni")


@pytest.mark.parametrize("game, players, last", [("gharat", 4, "Player 4"),
                                                 ("shllaat", 5, "Player 5")])
def test_the_picker_stays_in_thumb_reach_of_the_last_pile(page, live_server, game, players,
                                                          last):
    page.goto(f"{live_server}/referee/{game}?players={players}")
    choose_pile(page, last)
    picker = page.locator("#picker").bounding_box()
    pile = page.locator(".slot.active").bounding_box()
    height = page.viewport_size["height"]
    # The picker sits at the bottom of the screen, the pile in sight right above it.
    assert picker["y"] + picker["height"] <= height + 1
    assert picker["y"] > height / 2
    assert pile["y"] >= 0 and pile["y"] + pile["height"] <= picker["y"] + 1
    assert no_horizontal_overflow(page)
    assert page.js_errors == []


def test_gharat_takes_a_rank_in_one_tap(page, live_server):
    page.goto(f"{live_server}/referee/gharat?players=3")
    choose_pile(page, "Player 3")
    page.locator(".picker .ranks .key", has_text="Q").click()
    expect(page.locator(".slot.active .slot-cards")).to_contain_text("Q")
    expect(page.locator(".picker .suits")).to_have_count(0)
