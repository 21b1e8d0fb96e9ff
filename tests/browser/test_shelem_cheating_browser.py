"""Shelem's Cheating rule read as `instead` (docs/rulings-cheating.md), at the table on a phone.

Worked by hand from shelem.txt: the pack holds 165 points; a bidding team that takes at least
its bid scores what it took, the other team what is left; a team caught cheating loses the bid.
Under `instead` the caught team's score for the hand is minus the bid, not what the hand gave
it, and the other team's score is unchanged.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .helpers import Taps, new_game_page
from .helpers import page_totals as totals

pytestmark = pytest.mark.browser

PLAYERS = ["Ali", "Bahar", "Cyrus", "Dara"]  # Ali & Cyrus against Bahar & Dara
INSTEAD = ("A team caught cheating scores minus the bid for the hand, instead of what the "
           "hand would have given it.")


def hand(tap, page, bidder: int, bid: int, steps: int, caught: int) -> None:
    """The bidding team, its bid, points taken (the bid and `steps` fives) and who was caught."""
    tap("#add-hand")
    tap(f'label[for="bidder-{bidder}"]')
    tap(f'[data-for="bid"][data-set="{bid}"]')
    for _ in range(steps):
        tap('[data-for="bidder_points"][data-step="5"]')
    expect(page.locator("#bidder_points")).to_have_value(str(bid + 5 * steps))
    tap(".cheating summary")
    expect(page.locator(".cheating")).to_contain_text(INSTEAD)
    tap(f'label[for="cheating-{caught}"]')
    tap("#save")


def hand_scores(page, number: int) -> list[str]:
    """A hand's own points per team on the scoresheet (its row, without the running totals)."""
    return page.locator(f"#hand-{number} summary > .num").evaluate_all(
        "spans => spans.map(s => s.firstChild.textContent.trim())")


def test_a_team_caught_cheating_scores_minus_the_bid_instead(page, live_server):
    game_id = new_game_page(page, live_server, "shelem", PLAYERS, cheating="instead")
    tap = Taps(page)
    # Hand 1: Ali & Cyrus bid 120 and take 130, made: 130. Bahar & Dara took the other 35,
    # but were caught cheating: -120 instead of 35.
    hand(tap, page, bidder=0, bid=120, steps=2, caught=1)
    expect(page).to_have_url(f"{live_server}/games/{game_id}")
    expect(page.locator('[data-total-side="1"]')).to_have_text("-120")
    assert totals(page) == ["130", "-120"]
    # Hand 2: Bahar & Dara bid 100 and take 105, made, but are caught cheating themselves:
    # -100 instead of 105. Ali & Cyrus keep the other 60.
    hand(tap, page, bidder=1, bid=100, steps=1, caught=1)
    expect(page.locator('[data-total-side="1"]')).to_have_text("-220")
    assert totals(page) == ["190", "-220"]
    assert hand_scores(page, 1) == ["130", "-120"]
    assert hand_scores(page, 2) == ["60", "-100"]
    expect(page.locator("#hand-2 .hand-headline")).to_have_text(
        "Bahar & Dara bid 100: made; Bahar & Dara caught cheating")
    page.click("#hand-2 summary")
    breakdown = page.locator("#hand-2 .breakdown dd")
    expect(breakdown.nth(0)).to_have_text("points taken 60")
    expect(breakdown.nth(1)).to_have_text("caught cheating: the bid of 100 deducted -100")
    page.goto(f"{live_server}/games/{game_id}/history")
    history = page.locator(".history li, main li").all_inner_texts()
    assert any(line.startswith("Hand 1 added; Bahar & Dara caught cheating")
               for line in history), history
    assert any(line.startswith("Hand 2 added; Bahar & Dara caught cheating")
               for line in history), history
    assert page.js_errors == []
