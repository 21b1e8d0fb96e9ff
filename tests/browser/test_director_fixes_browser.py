"""The director on a phone corrects the hand a side disputed, one tap from the dispute on
the desk; the match, the confirmation and the history follow.

Basra, best of one: the scorer entered Anis 163 (40 cards 30, four jacks 4, four aces 4, the
2♣ 2, the 10♦ 3, twelve basras 120). Dina disputes hand 1: the cards and the basras were
hers. Corrected, Anis keeps the honours (4 + 4 + 2 + 3 = 13) and Dina has the majority of
cards and the basras (30 + 120 = 150): Dina wins the game, so the match.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from ..helpers import sweep
from .helpers import api, confirming_knockout, no_horizontal_overflow

pytestmark = pytest.mark.browser


def test_the_director_corrects_a_disputed_hand_on_a_phone(page, live_server):
    t, base = confirming_knockout(live_server)
    match = api(base + "/rounds", {}, t["director_key"])["matches"][0]
    game = match["current_game"]
    api(f"{live_server}/api/v1/games/{game}/hands", {"hand": sweep(0)}, match["edit_key"])
    sides = api(base, key=t["director_key"])["rounds"][0]["matches"][0]["side_keys"]
    api(f"{base}/matches/{match['id']}/confirm",
        {"dispute": "The cards and the basras were mine", "hands": [{"game": game,
                                                                     "number": 1}]},
        sides[1])

    page.goto(t["director_url"])  # the director's phone: the desk, with its cookie
    dispute = page.locator(f"#match-{match['id']} .dispute")
    expect(dispute).to_contain_text("Disputed by Dina: The cards and the basras were mine")
    dispute.get_by_role("link", name="Correct this hand").click()  # one tap
    page.fill("#cards_0", "12")
    page.fill("#basras_0", "0")
    page.fill("#basras_1", "12")
    page.fill("#reason", "Dina took the cards and the basras")
    page.locator("#save").click()
    expect(page.locator("[data-total-side='1']").first).to_have_text("150")
    expect(page.locator("[data-total-side='0']").first).to_have_text("13")

    page.goto(live_server + f"/games/{game}/history")
    expect(page.locator("body")).to_contain_text(
        "Hand 1 corrected: Dina took the cards and the basras (by the director)")
    page.goto(live_server + f"/tournaments/{t['id']}")
    table = page.locator(f"#match-{match['id']}")
    expect(table).to_contain_text("Provisional: waiting for Anis to confirm.")
    expect(page.locator(".history")).to_contain_text(
        "Round 1, table 1 (Anis v Dina): Result corrected: Dina won (was: Anis won)")
    assert no_horizontal_overflow(page)
    assert page.js_errors == []
