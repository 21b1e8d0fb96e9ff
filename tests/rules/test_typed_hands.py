"""A written hand (JSON, as stored and sent) is read in one place per game into that game's
typed hand; scoring and playing take only typed hands.

Expected values are read off the hands themselves (the API's hand forms in API.md).
"""

from __future__ import annotations

import pytest

from companion.rules import basra, gharat, shelem, shllaat
from companion.rules.fishing import CountedHand, PointsHand
from companion.rules.messages import RuleError
from companion.rules.shelem import BidHand, Redeal


def test_a_shelem_hand_is_a_bid_or_a_redeal():
    rules = shelem.SPEC.resolve({})
    written = {"bidder": 1, "bid": "Shelem_Double ", "bidder_points": 165, "cheating": 0}
    assert shelem.SPEC.read_hand(rules, written, 2) == BidHand(1, "shelem_double", 165, 0)
    assert shelem.SPEC.read_hand(rules, {"all_passed": True}, 2) == Redeal()


def test_a_basra_count_hand_is_each_sides_pile():
    rules = basra.SPEC.resolve({})
    written = {"cards": [27, 25], "jacks": [2, 2], "aces": [1, 3], "two_of_clubs": 0,
               "ten_of_diamonds": 1, "basras": [["7S"], 1], "carry_in": 30}
    hand = basra.SPEC.read_hand(rules, written, 2)
    assert hand.carry_in == 30
    first, second = hand.piles
    assert (first.cards, first.jacks, first.aces, first.two_of_clubs, first.ten_of_diamonds,
            [str(card) for card in first.basras], first.plain_basras) == (
        27, 2, 1, True, False, ["7S"], 0)
    assert (second.cards, second.two_of_clubs, second.ten_of_diamonds, second.basras,
            second.plain_basras) == (25, False, True, [], 1)


def test_fishing_hands_are_counts_per_player_or_points():
    rules = gharat.SPEC.resolve({})
    # Ghârat: cards left in the play pile are in no list, so three cards make a hand
    captured = gharat.SPEC.read_hand(rules, {"captured": [["7S", "KH"], ["AD"]]}, 2)
    assert captured == CountedHand(({"numbers": 1, "courts": 1, "aces": 0},
                                    {"numbers": 0, "courts": 0, "aces": 1}))
    # four players in two partnerships: an entry per player, in playing order
    points = gharat.SPEC.read_hand(rules, {"points": [200, 0, 100, 80]}, 2)
    assert points == PointsHand((200, 0, 100, 80))
    assert gharat.SPEC.score_hand(rules, points, 2).scores == [300, 80]
    # Shlla'at: a hand is the whole deck
    counts = {"jokers": [2, 0], "aces": [4, 0], "jacks": [4, 0], "others": [20, 24]}
    assert shllaat.SPEC.read_hand(shllaat.SPEC.resolve({}), counts, 2) == CountedHand((
        {"jokers": 2, "aces": 4, "jacks": 4, "others": 20},
        {"jokers": 0, "aces": 0, "jacks": 0, "others": 24}))


@pytest.mark.parametrize("written, field", [
    ({"bidder": 0, "bid": 123, "bidder_points": 130}, "bid"),
    ({"bidder": 2, "bid": 120, "bidder_points": 130}, "bidder"),
])
def test_a_refused_hand_says_the_same_alone_and_in_a_game(written, field):
    spec, rules = shelem.SPEC, shelem.SPEC.resolve({})
    with pytest.raises(RuleError) as alone:
        spec.score_written(rules, written, 2)
    with pytest.raises(RuleError) as in_game:
        spec.play_written(rules, [{"all_passed": True}, written], 2, 4, 0)
    assert str(alone.value.message) == str(in_game.value.message)
    assert (alone.value.field, in_game.value.field) == (f"hand.{field}", f"hands[1].{field}")
