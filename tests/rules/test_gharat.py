"""Ghârat: one test per rule of the seed text and of RULINGS.md, plus properties."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.cards import DECK_52
from companion.rules.gharat import SPEC, read_capture
from companion.rules.gharat import judge as rule_on
from companion.rules.messages import RuleError

from ..helpers import gharat_points as points

# Hands as the API writes them, read then scored or played.
score_hand = SPEC.score_written
play = SPEC.play_written


def judge_capture(rules, *situation):
    """A capture given as the API's texts, read then judged."""
    return rule_on(rules, read_capture(rules, *situation))

STANDARD = SPEC.resolve({})
TOP_CARD = SPEC.resolve({"steal": "top_card"})
OPTIONAL = SPEC.resolve({"capture": "optional"})
FULL_PACK = [str(c) for c in DECK_52.cards()]


def lines(score, side: int) -> str:
    return ", ".join(f"{line.label} {line.points}" for line in score.lines[side])


def judge(play_pile_top, piles, player, played, claimed_play_pile=False, claimed_piles=(),
          rules=STANDARD):
    return judge_capture(rules, play_pile_top, list(piles), player, played, claimed_play_pile,
                         list(claimed_piles))


# --- Players, cards, options ------------------------------------------------------------

def test_two_to_four_players_or_four_in_partnerships_playing_anticlockwise():
    assert SPEC.name == "gharat" and SPEC.title == "Ghârat"
    assert SPEC.player_counts == (2, 3, 4)
    assert SPEC.partnerships == "optional"
    assert SPEC.direction == "anticlockwise"


def test_presets_standard_is_default_and_easy_allows_pairs():
    assert SPEC.default_preset == "standard"
    assert STANDARD.as_dict() == {"preset": "standard", "steal": "whole_pile",
                                  "capture": "compulsory", "pairs": False, "target": 500}
    assert SPEC.resolve({"preset": "easy"}).pairs is True


def test_target_usually_500_or_1000():
    assert SPEC.resolve({"target": 1000}).target == 1000
    with pytest.raises(RuleError):
        SPEC.resolve({"pairs": 1})


def test_rules_card_says_each_option_in_a_plain_sentence():
    card = {str(label): str(text) for label, text in
            SPEC.rules_card(SPEC.resolve({"preset": "easy"}))}
    assert card == {
        "What a match takes": "Matching the top card of the play pile or of another player's "
                              "pile takes that whole pile.",
        "Capturing": "Every pile whose top card matches the played card must be taken.",
        "Pairs (the easy game)": "A pair from hand may be laid on one's own pile in one turn; "
                                 "that player then misses a later turn of the deal.",
        "Target": "The first to reach or pass 500 points wins; if several do, the highest; a "
                  "tie for highest plays on.",
    }


# --- Scoring ----------------------------------------------------------------------------

def test_number_cards_5_court_cards_10_aces_20():
    score = score_hand(STANDARD, {"captured": [["2S", "10D"], ["JH", "QC", "KD"], ["AS"]]}, 3)
    assert score.scores == [10, 30, 20]
    assert lines(score, 1) == "court cards ×3 30"


def test_a_full_pack_is_worth_380():
    score = score_hand(STANDARD, {"captured": [FULL_PACK, []]}, 2)
    assert score.scores == [380, 0]
    assert lines(score, 0) == "number cards ×36 180, court cards ×12 120, aces ×4 80"
    assert score.details[0] == {"counts": {"numbers": 36, "courts": 12, "aces": 4},
                                "points": {"numbers": 180, "courts": 120, "aces": 80},
                                "total": 380}


def test_cards_left_in_the_play_pile_score_for_nobody():
    score = score_hand(STANDARD, {"captured": [FULL_PACK[:20], FULL_PACK[20:48]]}, 2)
    assert sum(score.scores) == 380 - 5 - 3 * 10  # 10C JC QC KC stayed in the play pile


def test_count_form_may_not_exceed_the_pack():
    assert score_hand(STANDARD, {"numbers": [20, 16], "courts": [6, 5], "aces": [1, 2]},
                      2).scores == [180, 170]
    with pytest.raises(RuleError, match="13 court cards entered, but the deck has only 12") as e:
        score_hand(STANDARD, {"courts": [6, 7]}, 2)
    assert e.value.field == "hand.courts"


def test_a_standard_pack_has_no_jokers_and_each_card_once():
    with pytest.raises(RuleError, match="There is no JK in this deck"):
        score_hand(STANDARD, {"captured": [["JK"], []]}, 2)
    with pytest.raises(RuleError, match="The 7♥ is entered twice."):
        score_hand(STANDARD, {"captured": [["7H"], ["7H"]]}, 2)


def test_partners_add_their_scores_entered_per_player_or_per_team():
    per_player = score_hand(STANDARD, {"captured": [["AS"], ["2S"], ["KD"], ["3H", "4H"]]}, 2)
    assert per_player.scores == [30, 15]
    per_team = score_hand(STANDARD, {"numbers": [0, 3], "courts": [1, 0], "aces": [1, 0]}, 2)
    assert per_team.scores == [30, 15]
    counted = score_hand(STANDARD, {"numbers": [0, 1, 0, 2], "courts": [0, 0, 1, 0],
                                    "aces": [1, 0, 0, 0]}, 2)
    assert counted.scores == [30, 15]


@pytest.mark.parametrize("hand, sides, field", [
    ({"captured": [[], [], [], []]}, 3, "hand.captured"),
    ({"captured": [[], [], []]}, 2, "hand.captured"),
    ({"numbers": [1, 2], "courts": [1, 2, 3, 4]}, 2, "hand"),
    ({"numbers": [1, None]}, 2, "hand.numbers[1]"),
    ({"numbers": [1, 2.0]}, 2, "hand.numbers[1]"),
    ({"cards": [1, 2]}, 2, "hand.cards"),
    ([], 2, "hand"),
])
def test_impossible_hands_are_rule_errors_naming_the_field(hand, sides, field):
    with pytest.raises(RuleError) as error:
        score_hand(STANDARD, hand, sides)
    assert error.value.field == field


@settings(max_examples=80, deadline=None)
@given(st.permutations(FULL_PACK), st.integers(1, 52), st.integers(2, 4),
       st.randoms(use_true_random=False))
def test_a_hand_never_exceeds_380_and_counts_every_captured_card(cards, kept, sides, rnd):
    captured = [[] for _ in range(sides)]
    for card in cards[:kept]:
        captured[rnd.randrange(sides)].append(card)
    score = score_hand(STANDARD, {"captured": captured}, sides)
    value = {**dict.fromkeys("23456789", 5), "1": 5, "J": 10, "Q": 10, "K": 10, "A": 20}
    assert score.scores == [sum(value[c[0]] for c in side) for side in captured]
    assert sum(score.scores) <= 380
    if sides == 2:
        halves = [captured[0][::2], captured[1][::2], captured[0][1::2], captured[1][1::2]]
        assert score_hand(STANDARD, {"captured": halves}, 2).scores == score.scores


# --- Game end and the deal --------------------------------------------------------------

def test_the_first_to_reach_the_target_wins():
    state = play(STANDARD, [points(200, 180)] * 2, 2, 2, 0)
    assert state.totals == [400, 360] and not state.finished
    state = play(STANDARD, [points(200, 180)] * 2 + [points(100, 100)], 2, 2, 0)
    assert state.totals == [500, 460] and state.winners == [0]


def test_if_several_reach_the_target_the_highest_wins():
    state = play(STANDARD, [points(200, 180)] * 2 + [points(100, 150)], 2, 2, 0)
    assert state.totals == [500, 510] and state.winners == [1]


def test_a_tie_for_highest_at_the_target_plays_on_until_broken():
    hands = [points(190, 190, 0)] * 2 + [points(120, 120, 0)]
    state = play(STANDARD, hands, 3, 3, 0)
    assert state.totals == [500, 500, 0] and not state.finished and state.target == 500
    assert str(state.status) == "Tied at the top past the target: play on until the tie breaks."
    state = play(STANDARD, hands + [points(5, 0, 300)], 3, 3, 0)
    assert state.totals == [505, 500, 300] and state.winners == [0]


def test_partnerships_add_scores_and_the_first_team_to_the_target_wins():
    hand = {"captured": [FULL_PACK[:13], FULL_PACK[13:26], FULL_PACK[26:39], FULL_PACK[39:]]}
    assert score_hand(STANDARD, hand, 2).scores == [190, 190]
    hand = {"captured": [FULL_PACK[:26], [], FULL_PACK[26:], []]}
    state = play(STANDARD, [hand] * 2, 2, 4, 0)
    assert state.totals == [760, 0] and state.winners == [0]


def test_the_deal_passes_on_and_the_next_player_after_the_dealer_plays_first():
    state = play(STANDARD, [points(5, 0, 0, 0)] * 3, 4, 4, 2)
    assert (state.dealer, state.leader) == (1, 2)
    state = play(STANDARD, [], 2, 4, 3)
    assert (state.dealer, state.leader) == (3, 0)


def test_a_bad_hand_in_a_game_names_its_position():
    with pytest.raises(RuleError) as error:
        play(STANDARD, [points(5, 0), {"numbers": [1, -1]}], 2, 2, 0)
    assert error.value.field == "hands[1].numbers[1]"


# --- Referee ----------------------------------------------------------------------------

def test_only_ranks_match_suits_are_irrelevant():
    verdict = judge("7H", [None, None], 0, "7C", True)
    assert verdict.legal and verdict.required_play_pile
    assert str(verdict.reason) == "7 takes the whole play pile and goes on top of the " \
                                  "captured cards."


def test_no_match_the_card_goes_on_the_play_pile():
    verdict = judge("7H", ["8S", "9S"], 0, "KC")
    assert verdict.legal and not verdict.required_play_pile and verdict.required_piles == []
    assert str(verdict.reason) == "K takes nothing and goes on top of the play pile."


def test_steal_whole_pile_takes_another_players_whole_capture_pile():
    verdict = judge("2D", ["8S", "9S", "9H"], 0, "9C", False, [1, 2])
    assert verdict.legal and verdict.required_piles == [1, 2]
    assert str(verdict.reason) == ("9 takes the whole piles of Players 2, 3 and goes on top of "
                                   "the captured cards.")


def test_steal_top_card_takes_only_the_top_card():
    verdict = judge("9D", ["8S", "9S"], 0, "9C", True, [1], rules=TOP_CARD)
    assert verdict.legal
    assert str(verdict.reason) == ("9 takes the top card of the play pile and the top card of "
                                   "Player 2's pile and goes on top of the captured cards.")


def test_matching_ones_own_pile_lays_the_card_on_it_and_nothing_moves():
    verdict = judge("2D", ["9S", "8S"], 0, "9C")
    assert verdict.legal and verdict.required_piles == []
    assert str(verdict.reason) == ("9 matches the top of the player's own pile and is laid on "
                                   "it; nothing moves.")
    naming_own_pile = judge("2D", ["9S", "8S"], 0, "9C", False, [0])
    assert naming_own_pile.legal and naming_own_pile.reason == verdict.reason
    assert not judge("2D", ["9S", "8S"], 0, "10C", False, [0]).legal


def test_capture_compulsory_every_matching_pile_must_be_taken():
    verdict = judge("9D", ["8S", "9S", "9H"], 0, "9C", True, [1])
    assert not verdict.legal
    assert (verdict.required_play_pile, verdict.required_piles) == (True, [1, 2])
    assert str(verdict.reason) == ("Capture is compulsory: 9 must also take the whole of "
                                   "Player 3's pile (Ghârat house rule).")
    verdict = judge("9D", ["8S", "9S"], 0, "9C", False, [], rules=TOP_CARD)
    assert str(verdict.reason) == ("Capture is compulsory: 9 must take the top card of the "
                                   "play pile and the top card of Player 2's pile (Ghârat house "
                                   "rule).")


def test_capture_optional_any_of_the_matching_piles_or_none():
    # RULINGS.md, capture optional: a player may take any of the matching piles, or none; so
    # nothing is required, and what the card matches is what it may take
    for play_pile, piles in ((False, []), (True, []), (False, [2]), (True, [1, 2])):
        verdict = judge("9D", ["8S", "9S", "9H"], 0, "9C", play_pile, piles, rules=OPTIONAL)
        assert verdict.legal
        assert (verdict.required_play_pile, verdict.required_piles) == (False, [])
        assert (verdict.matching_play_pile, verdict.matching_piles) == (True, [1, 2])


@pytest.mark.parametrize("play_pile, piles, reason", [
    (True, [], "9 takes the whole play pile and goes on top of the captured cards. Capture is "
               "optional, so leaving the whole piles of Players 2, 3 is allowed (Ghârat "
               "house rule)."),
    (False, [], "9 takes nothing and goes on top of the play pile. Capture is optional, so "
                "leaving the whole play pile and the whole piles of Players 2, 3 is allowed "
                "(Ghârat house rule)."),
    (True, [1, 2], "9 takes the whole play pile and the whole piles of Players 2, 3 and "
                   "goes on top of the captured cards."),
])
def test_optional_capture_says_what_was_left_is_the_players_choice(play_pile, piles, reason):
    verdict = judge("9D", ["8S", "9S", "9H"], 0, "9C", play_pile, piles, rules=OPTIONAL)
    assert verdict.legal and str(verdict.reason) == reason


def test_a_pile_whose_top_does_not_match_cannot_be_taken():
    verdict = judge("9D", ["8S", "QS"], 0, "9C", True, [1], rules=OPTIONAL)
    assert not verdict.legal
    assert str(verdict.reason) == ("9 does not match the Q on top of Player 2's pile, so it "
                                   "cannot take it.")
    verdict = judge("5D", ["8S", "QS"], 0, "9C", True)
    assert str(verdict.reason) == ("9 does not match the 5 on top of the play pile, so it "
                                   "cannot take it.")


@pytest.mark.parametrize("pairs", [False, True])
def test_pairs_house_rule_does_not_change_what_a_single_card_captures(pairs):
    rules = SPEC.resolve({"pairs": pairs})
    assert judge("9D", ["9S", None], 1, "9C", True, [0], rules=rules).legal
    assert not judge("9D", ["9S", None], 1, "9C", True, [], rules=rules).legal


@pytest.mark.parametrize("args, field", [
    (("7H", [None, None], 0, "7H"), None),
    (("JK", [None, None], 0, "7H"), None),
    (("1H", [None, None], 0, "7H"), "play_pile_top"),
    ((None, [None, None], 0, "7H", True), "claimed.play_pile"),
    (("7D", [None, None], 0, "7H", 1), "claimed.play_pile"),
    (("7D", [None, "7S"], 0, "7H", False, [2]), "claimed.piles[0]"),
    (("7D", [None, None], 0, "7H", False, [1]), "claimed.piles[0]"),
    (("7D", [None, "7S"], 0, "7H", False, [1, 1]), "claimed.piles[1]"),
    (("7D", [None, "7S"], 0, "7H", False, 1), "claimed.piles"),
    (("7D", [None, "7S"], 2, "7H"), "player"),
    (("7D", [None], 0, "7H"), "piles"),
    (("7D", [None] * 5, 0, "7H"), "piles"),
    (("7D", [None, 7], 0, "7H"), "piles[1]"),
    (("7D", [None, None], 0, ["7H"]), "played"),
])
def test_impossible_situations_are_rule_errors(args, field):
    top, piles, player, played, *claims = args
    claimed_play_pile, claimed_piles = (claims + [False, []][len(claims):])[:2]
    with pytest.raises(RuleError) as error:
        judge_capture(STANDARD, top, piles, player, played, claimed_play_pile, claimed_piles)
    assert error.value.field == field


@st.composite
def situations(draw):
    cards = draw(st.permutations(DECK_52.cards()))
    players = draw(st.integers(2, 4))
    tops = [card if draw(st.booleans()) else None for card in cards[1:players + 1]]
    play_pile_top = cards[0] if draw(st.booleans()) else None
    return play_pile_top, tops, draw(st.integers(0, players - 1)), cards[players + 1]


@settings(max_examples=150, deadline=None)
@given(situations(), st.data())
def test_compulsory_takes_exactly_every_match_optional_any_part(situation, data):
    top, tops, player, played = situation
    first = judge_capture(STANDARD, top, tops, player, played, False, [])
    required = first.required_piles
    assert first.required_play_pile == (top is not None and top.rank == played.rank)
    assert required == [i for i, t in enumerate(tops)
                        if i != player and t is not None and t.rank == played.rank]
    assert first.legal == (not required and not first.required_play_pile)
    every = judge_capture(STANDARD, top, tops, player, played, first.required_play_pile,
                          required)
    assert every.legal
    some = data.draw(st.lists(st.sampled_from(required), unique=True) if required
                     else st.just([]))
    take_play_pile = first.required_play_pile and data.draw(st.booleans())
    for rules in (OPTIONAL, SPEC.resolve({"capture": "optional", "steal": "top_card"})):
        assert judge_capture(rules, top, tops, player, played, take_play_pile, some).legal


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=3)
                    | st.sampled_from(["7H", "AS", "JK", "10D"]),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["captured", "numbers", "courts", "aces",
                                                       "x"]), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(junk, junk, junk, junk, junk, junk)
def test_malformed_input_raises_only_rule_errors(hand, top, piles, player, played, claimed):
    for call in (lambda: score_hand(STANDARD, hand, 2),
                 lambda: judge_capture(STANDARD, top, piles, player, played, claimed, claimed),
                 lambda: judge_capture(STANDARD, "7D", ["7S", None], 0, played, False, claimed)):
        with contextlib.suppress(RuleError):
            call()
