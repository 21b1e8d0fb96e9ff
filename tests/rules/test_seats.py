"""Each side's entry at its seat, and the hand the entries make, worked out from the rules."""

from __future__ import annotations

import pytest

from companion.rules.catalogue import GAMES
from companion.rules.messages import RuleError
from companion.rules.seats import SeatForm, SeatsRefused, read_entry


def test_shllaat_points_make_the_points_form_of_the_pack():
    spec = GAMES["shllaat"]
    rules = spec.resolve({})
    total = spec.hand_form.pack_points(rules)
    hand = spec.hand_form.assemble(rules, [{"points": 60}, {"points": 71},
                                           {"points": total - 131}], ["Ali", "Bahar", "Cyrus"])
    assert hand == {"points": [60, 71, total - 131]}
    spec.read_hand(rules, hand, 3)


def test_points_one_short_of_the_pack_name_every_figure():
    spec = GAMES["shllaat"]
    rules = spec.resolve({})
    total = spec.hand_form.pack_points(rules)
    with pytest.raises(SeatsRefused) as refused:
        spec.hand_form.assemble(rules, [{"points": 60}, {"points": 71},
                                        {"points": total - 132}], ["Ali", "Bahar", "Cyrus"])
    assert refused.value.sides == [0, 1, 2]
    assert refused.value.message.format() == (
        f"Ali 60, Bahar 71, Cyrus {total - 132}: {total - 1} of {total} — recount.")


def test_basra_counts_and_the_two_cards_held_once():
    spec = GAMES["basra"]
    rules = spec.resolve({})
    entries = [{"cards": 30, "jacks": 3, "aces": 1, "basras": 1, "two_of_clubs": True,
                "ten_of_diamonds": False},
               {"cards": 22, "jacks": 1, "aces": 3, "two_of_clubs": False,
                "ten_of_diamonds": True}]
    hand = spec.hand_form.assemble(rules, entries, ["Amal", "Badr"])
    assert hand == {"cards": [30, 22], "jacks": [3, 1], "aces": [1, 3], "two_of_clubs": 0,
                    "ten_of_diamonds": 1, "basras": [1, 0]}
    # 30 cards with 3 jacks, an ace, the 2♣ and a basra (10): 3 + 1 + 3 + 10; 22 with an
    # ace... the rules score it: the side with the most cards gets the majority.
    assert spec.score_written(rules, hand, 2).scores[0] > 0


def test_two_sides_claiming_the_two_of_clubs():
    spec = GAMES["basra"]
    entries = [{"cards": 26, "jacks": 2, "aces": 2, "two_of_clubs": True,
                "ten_of_diamonds": True}] * 2
    with pytest.raises(SeatsRefused) as refused:
        spec.hand_form.assemble(spec.resolve({}), entries, ["Amal", "Badr"])
    assert refused.value.message.format() == "Amal, Badr each say they took the 2♣ — recount."
    assert refused.value.sides == [0, 1]


def test_shelem_bid_from_the_bidding_team_and_the_pack():
    spec = GAMES["shelem"]
    rules = spec.resolve({})
    total = spec.hand_form.pack_points(rules)
    assert total == 165  # 100 in cards (5 tens, 4 fives... see shelem.txt) and 13 tricks of 5
    hand = spec.hand_form.assemble(rules, [{"points": 40}, {"points": 125, "bid": 120}],
                                   ["Ali & Cyrus", "Bahar & Dara"])
    assert hand == {"bidder": 1, "bid": 120, "bidder_points": 125}
    with pytest.raises(SeatsRefused) as refused:
        spec.hand_form.assemble(rules, [{"points": 45}, {"points": 125, "bid": 120}],
                                ["Ali & Cyrus", "Bahar & Dara"])
    assert refused.value.message.format() == (
        "Ali & Cyrus 45, Bahar & Dara 125: 170 of 165 — recount.")


def test_an_entry_names_its_field():
    with pytest.raises(RuleError) as refused:
        read_entry(SeatForm.POINTS, {"points": -1})
    assert refused.value.field == "values.points"
    with pytest.raises(RuleError) as refused:
        read_entry(SeatForm.POINTS, {"points": 5, "bid": 100})
    assert refused.value.field == "values.bid"
    assert read_entry(SeatForm.SHELEM, {"points": 125, "bid": 120}) == {"points": 125,
                                                                       "bid": 120}
