"""Shlla'at: one test per rule of the seed text and of RULINGS.md, plus properties."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.cards import DECK_54, DECK_104, parse_card, parse_cards
from companion.rules.messages import RuleError
from companion.rules.shllaat import SPEC, is_special, read_capture
from companion.rules.shllaat import judge as rule_on

from ..helpers import shllaat_counts as counts
from ..helpers import shllaat_even_hand as even_hand

# Hands as the API writes them, read then scored or played.
score_hand = SPEC.score_written
play = SPEC.play_written


def judge_capture(rules, *situation):
    """A capture given as the API's texts, read then judged."""
    return rule_on(rules, read_capture(rules, *situation))

STANDARD = SPEC.resolve({})
TWO_DECKS = SPEC.resolve({"preset": "two-decks"})


def lines(score, side: int) -> str:
    return ", ".join(f"{line.label} {line.points}" for line in score.lines[side])


def judge(pool, piles, player, played, claimed_pool=(), claimed_piles=(), rules=STANDARD,
          draw_pile_empty=False):
    return judge_capture(rules, list(pool), [list(p) for p in piles], player, played,
                         list(claimed_pool), list(claimed_piles), draw_pile_empty)


# --- Players, cards and objective -------------------------------------------------------

def test_spec_three_to_five_best_any_reasonable_number_clockwise_no_teams():
    assert SPEC.name == "shllaat" and SPEC.title == "Shlla'at"
    assert SPEC.player_counts == (2, 3, 4, 5)
    assert SPEC.direction == "clockwise"
    assert SPEC.partnerships == "never"


def test_presets_standard_is_default_and_two_decks_sets_the_deck():
    assert SPEC.default_preset == "standard"
    assert STANDARD.as_dict() == {"preset": "standard", "deck": "standard", "target": 500,
                                  "tie": "play_on"}
    assert TWO_DECKS.deck == "two-decks"


def test_rules_card_says_each_option_in_a_plain_sentence():
    card = {str(label): str(text) for label, text in SPEC.rules_card(STANDARD)}
    assert card == {
        "Pack": "One pack with two Jokers: 54 cards worth 252 points.",
        "Target": "The game ends when someone reaches or passes 500 points; the highest total "
                  "wins.",
        "Tie for most points": "The target rises by 500 and the tied game goes on.",
    }


def test_jokers_and_aces_are_special_cards_the_other_48_normal():
    special = [card for card in DECK_54.cards() if is_special(card)]
    assert len(special) == 6
    assert len(DECK_54.cards()) - len(special) == 48


def test_card_values_joker_50_ace_25_jack_2_others_1():
    rest = [str(c) for c in DECK_54.cards()]
    for card in ("JK", "AS", "JD"):
        rest.remove(card)
    score = score_hand(STANDARD, {"captured": [["JK"], ["AS"], ["JD"], rest]}, 4)
    assert score.scores == [50, 25, 2, 175]


def test_total_value_of_the_pack_is_252_points():
    score = score_hand(STANDARD, {"captured": [[str(c) for c in DECK_54.cards()], []]}, 2)
    assert score.scores == [252, 0]
    assert lines(score, 0) == "Jokers ×2 100, aces ×4 100, jacks ×4 8, other cards ×44 44"


def test_two_decks_without_jokers_hold_304_points():
    score = score_hand(TWO_DECKS, {"captured": [[str(c) for c in DECK_104.cards()], [], []]}, 3)
    assert score.scores == [304, 0, 0]
    assert score.details[0] == {"counts": {"jokers": 0, "aces": 8, "jacks": 8, "others": 88},
                                "points": {"jokers": 0, "aces": 200, "jacks": 16, "others": 88},
                                "total": 304}


def test_target_is_agreed_500_or_a_multiple_such_as_1000_or_1500():
    assert SPEC.resolve({"target": 1500}).target == 1500
    with pytest.raises(RuleError):
        SPEC.resolve({"target": 0})


# --- Scoring a hand ---------------------------------------------------------------------

def test_count_form_scores_each_player_with_lines():
    score = score_hand(STANDARD, counts([1, 1], [2, 2], [3, 1], [20, 24]), 2)
    assert score.scores == [126, 126]
    assert lines(score, 0) == "Jokers ×1 50, aces ×2 50, jacks ×3 6, other cards ×20 20"
    assert lines(score, 1) == "Jokers ×1 50, aces ×2 50, jacks ×1 2, other cards ×24 24"


def test_a_player_with_nothing_scores_zero_with_no_lines():
    score = score_hand(STANDARD, counts([2, 0], [4, 0], [4, 0], [44, 0]), 2)
    assert score.scores == [252, 0] and score.lines[1] == []


def test_last_capturer_takes_leftovers_so_captured_cards_are_the_whole_deck():
    short = [str(c) for c in DECK_54.cards()][:-1]
    with pytest.raises(RuleError, match="53 cards entered, a hand has 54") as error:
        score_hand(STANDARD, {"captured": [short, []]}, 2)
    assert error.value.field == "hand.captured"


def test_count_form_totals_must_match_the_deck():
    with pytest.raises(RuleError, match="43 other cards entered, the deck has 44") as error:
        score_hand(STANDARD, counts([2, 0], [4, 0], [4, 0], [40, 3]), 2)
    assert error.value.field == "hand.others"
    with pytest.raises(RuleError, match="2 Jokers entered, the deck has 0"):
        score_hand(TWO_DECKS, counts([1, 1], [4, 4], [4, 4], [44, 44]), 2)


def test_two_decks_count_form_may_leave_out_jokers():
    score = score_hand(TWO_DECKS, {"aces": [8, 0], "jacks": [0, 8], "others": [40, 48]}, 2)
    assert score.scores == [240, 64]


def test_standard_deck_names_a_card_once_only():
    cards = [str(c) for c in DECK_54.cards()]
    with pytest.raises(RuleError, match="The 7♥ is entered twice."):
        score_hand(STANDARD, {"captured": [cards[1:], ["7H"]]}, 2)


def test_two_decks_allow_each_card_twice_but_no_jokers():
    cards = [str(c) for c in DECK_104.cards()]
    assert score_hand(TWO_DECKS, {"captured": [cards[:52], cards[52:]]}, 2).scores == [152, 152]
    with pytest.raises(RuleError, match="There is no JK in this deck"):
        score_hand(TWO_DECKS, {"captured": [cards[1:], ["JK"]]}, 2)


@pytest.mark.parametrize("hand, field", [
    (None, "hand"),
    ({}, "hand"),
    ({"captured": [[]]}, "hand.captured"),
    ({"captured": "AS"}, "hand.captured"),
    ({"captured": [["ZZ"], []]}, "hand.captured[0][0]"),
    ({"captured": [[1], []]}, "hand.captured[0][0]"),
    ({"captured": [[], []], "jokers": [1, 1]}, "hand"),
    ({"joker": [2, 0]}, "hand.joker"),
    (counts([2, 0], [4, 0], [4, 0], [45, -1]), "hand.others[1]"),
    (counts([2, 0], [4, 0], [4, 0], [44, True]), "hand.others[1]"),
    (counts([2, 0], [4, 0], [4, 0], [44, "0"]), "hand.others[1]"),
    (counts([2, 0], [4, 0], [4, 0], [44]), "hand.others"),
    (counts([2, 0], [4, 0], [4, 0], 44), "hand.others"),
])
def test_impossible_hands_are_rule_errors_naming_the_field(hand, field):
    with pytest.raises(RuleError) as error:
        score_hand(STANDARD, hand, 2)
    assert error.value.field == field


deck_split = st.tuples(st.sampled_from([(STANDARD, DECK_54), (TWO_DECKS, DECK_104)]),
                       st.integers(2, 5), st.randoms(use_true_random=False))


@settings(max_examples=60, deadline=None)
@given(deck_split)
def test_every_hand_adds_up_to_the_deck_total(case):
    (rules, deck), players, rnd = case
    cards = [str(c) for c in deck.cards()]
    rnd.shuffle(cards)
    cuts = sorted(rnd.randint(0, len(cards)) for _ in range(players - 1))
    captured = [cards[a:b] for a, b in zip([0, *cuts], [*cuts, len(cards)])]
    score = score_hand(rules, {"captured": captured}, players)
    assert sum(score.scores) == (252 if deck is DECK_54 else 304)
    by_count = score_hand(rules, {kind: [d["counts"][kind] for d in score.details]
                                  for kind in ("jokers", "aces", "jacks", "others")}, players)
    assert by_count.scores == score.scores


# --- Game end, ties, who plays first ----------------------------------------------------

def test_game_goes_on_until_someone_reaches_the_target():
    state = play(STANDARD, [even_hand(140, 112)] * 3, 2, 2, 0)
    assert state.totals == [420, 336] and not state.finished
    assert str(state.status) == "Game in progress."


def test_reaching_or_passing_the_target_the_highest_score_wins():
    state = play(STANDARD, [even_hand(140, 112)] * 4, 2, 2, 0)
    assert state.totals == [560, 448] and state.finished and state.winners == [0]
    assert str(state.status) == "Side 1 wins."


def test_reaching_the_target_exactly_wins():
    state = play(replace(STANDARD, target=250), [even_hand(126, 126), even_hand(124, 128)], 2, 2, 0)
    assert state.totals == [250, 254] and state.winners == [1]


def test_tie_play_on_raises_the_target_by_500_and_continues():
    state = play(STANDARD, [even_hand(126, 126)] * 2, 2, 2, 0)
    assert state.totals == [252, 252] and not state.finished
    state = play(STANDARD, [even_hand(126, 126)] * 4, 2, 2, 0)
    assert state.totals == [504, 504] and state.target == 1000 and not state.finished
    assert str(state.status) == "Tied at the top: the target was raised to 1000; play on."
    state = play(STANDARD, [even_hand(126, 126)] * 4 + [even_hand(140, 112)] * 4, 2, 2, 0)
    assert state.totals == [1064, 952] and state.winners == [0] and state.target == 1000


def test_tie_play_on_raises_the_target_past_the_tied_totals():
    state = play(replace(STANDARD, target=200), [even_hand(126, 126)] * 6, 2, 2, 0)
    assert state.totals == [756, 756] and state.target == 1200 and not state.finished


def test_tie_all_win_lets_every_tied_player_win():
    rules = SPEC.resolve({"tie": "all_win"})
    state = play(rules, [even_hand(126, 126)] * 4, 2, 2, 0)
    assert state.finished and state.winners == [0, 1] and state.winner is None
    assert state.target == 500 and str(state.status) == "Sides 1, 2 share the win."


def test_the_turn_to_play_first_rotates_clockwise():
    state = play(STANDARD, [even_hand(126, 126)] * 2, 2, 2, 1)
    assert (state.leader, state.dealer) == (1, 1)
    state = play(STANDARD, [counts([2, 0, 0], [4, 0, 0], [4, 0, 0], [44, 0, 0])] * 2, 3, 3, 2)
    assert (state.leader, state.dealer) == (1, 1)


def test_hands_after_the_deciding_hand_count_for_nobody():
    # 4 × 140 = 560 reaches 500 at hand 4 (448 behind): the game ends there; hands 5 and 6
    # (108 / 144 each) stay on the record but would have given 776 / 736.
    state = play(STANDARD, [even_hand(140, 112)] * 4 + [even_hand(108, 144)] * 2, 2, 2, 0)
    assert (state.totals, state.winners, state.counted) == ([560, 448], [0], 4)
    assert len(state.hands) == 6 and state.after_end == [5, 6]
    assert state.dealer == 0  # four deals from seat 0 of 2: the next would be seat 0 again


def test_a_bad_hand_in_a_game_names_its_position():
    with pytest.raises(RuleError) as error:
        play(STANDARD, [even_hand(126, 126), {"captured": [["AS"], []]}], 2, 2, 0)
    assert error.value.field == "hands[1].captured"


@pytest.mark.parametrize("hands, players, first_dealer", [
    ("x", 2, 0), ([], 0, 0), ([], 2, 2), ([], 2, True), ([], "2", 0)])
def test_a_bad_game_is_a_rule_error(hands, players, first_dealer):
    with pytest.raises(RuleError):
        play(STANDARD, hands, 2, players, first_dealer)


# --- Referee: capture rules 1-4 ---------------------------------------------------------

def test_rule_1_normal_card_takes_same_rank_set_with_special_cards():
    verdict = judge(["9H"], [[], ["7D", "JK", "7S"], ["AC", "7C"]], 0, "7H", [], [1, 2])
    assert verdict.legal
    assert str(verdict.reason) == ("7♥ takes the top sets of the piles of Players 2, 3 "
                                   "(Shlla'at rule 1).")
    assert verdict.burnt_pool == [] and verdict.burnt_piles == []


def test_rule_1_normal_card_cannot_take_another_rank():
    verdict = judge(["8H"], [[], []], 0, "7H", ["8H"])
    assert not verdict.legal
    assert str(verdict.reason) == ("A normal card takes only cards of its own rank and special "
                                   "cards from the pool: 7♥ cannot take 8♥ (Shlla'at rule 1).")
    verdict = judge([], [[], ["8H"]], 0, "7H", [], [1])
    assert str(verdict.reason) == ("A normal card takes only a set of its own rank: 7♥ cannot "
                                   "take the set of rank 8 on Player 2's pile (Shlla'at rule 1).")
    assert not verdict.plays_again and verdict.burnt_piles == []


def test_rule_2_joker_takes_any_set_even_one_holding_a_joker():
    verdict = judge(["5C"], [["QD", "JK", "QS"], []], 1, "JK", [], [0])
    assert verdict.legal
    assert str(verdict.reason) == "JK takes the top set of Player 1's pile (Shlla'at rule 2)."


def test_rule_3_an_ace_cannot_take_a_set_that_holds_a_joker():
    verdict = judge([], [["QD", "JK", "QS"], []], 1, "AH", [], [0])
    assert not verdict.legal
    assert str(verdict.reason) == "An Ace cannot take a set that holds a Joker (Shlla'at rule 3)."


def test_rule_3_an_ace_takes_normal_cards_or_a_set_holding_aces():
    verdict = judge(["QH"], [["QD", "AS", "QS"], []], 1, "AH", ["QH"], [0])
    assert verdict.legal
    assert str(verdict.reason) == ("A♥ takes Q♥ from the pool and the top set of Player 1's "
                                   "pile (Shlla'at rule 3).")


def test_rule_3_an_ace_left_with_a_joker_set_burns_only_what_it_could_take():
    verdict = judge(["QH"], [["QD", "JK", "QS"], []], 1, "AH")
    assert verdict.legal and verdict.burnt_pool == [parse_card("QH")]
    assert verdict.burnt_piles == []


def test_rule_4_a_special_card_in_the_pool_is_captured_by_any_normal_card():
    verdict = judge(["AS", "JK", "3D"], [[], []], 0, "9C", ["AS", "JK"])
    assert verdict.legal
    assert str(verdict.reason) == "9♣ takes A♠, JK from the pool (Shlla'at rule 4)."
    assert verdict.burnt_pool == []


def test_rule_4_a_normal_card_takes_pool_specials_along_with_its_own_rank():
    verdict = judge(["AS", "9D", "3D"], [[], ["9S"]], 0, "9C", ["AS", "9D"], [1])
    assert verdict.legal and verdict.burnt_pool == [] and verdict.burnt_piles == []


@pytest.mark.parametrize("played", ["AH", "JK"])
def test_rule_4_a_special_card_cannot_take_a_special_card_in_the_pool(played):
    verdict = judge(["AS", "5D"], [[], []], 0, played, ["AS"])
    assert not verdict.legal
    assert str(verdict.reason) == (f"A special card cannot take a special card lying in the "
                                   f"pool: {parse_card(played).label} cannot take A♠ "
                                   f"(Shlla'at rule 4).")


# --- Referee: capturing sentences -------------------------------------------------------

def test_one_card_captures_several_cards_and_sets_all_of_the_same_rank():
    verdict = judge(["4H", "4C", "8D"], [[], ["4S"], ["4D"]], 0, "JK", ["4H", "4C"], [1, 2])
    assert verdict.legal and verdict.plays_again
    assert verdict.burnt_pool == [] and verdict.burnt_piles == []


def test_a_special_card_captures_one_rank_only():
    verdict = judge(["4H", "8D"], [[], []], 0, "JK", ["4H", "8D"])
    assert not verdict.legal
    assert str(verdict.reason) == ("A special card takes cards and sets of one rank only, and JK "
                                   "claims ranks 4, 8 (Shlla'at: one capture is all of the same "
                                   "rank).")


def test_a_special_card_may_capture_just_a_single_card_from_the_pool():
    verdict = judge(["4H", "4C", "8D"], [[], ["4S"]], 0, "AD", ["4C"])
    assert verdict.legal and verdict.plays_again
    assert verdict.burnt_pool == [parse_card("4H")] and verdict.burnt_piles == [1]


def test_a_special_card_may_be_discarded_to_the_pool_capturing_nothing():
    verdict = judge(["4H", "AC", "8D"], [[], ["9S"]], 0, "JK")
    assert verdict.legal and not verdict.plays_again
    assert str(verdict.reason) == "JK captures nothing and stays in the pool; nobody must capture."
    # everything it could have taken with one rank is burnt now, never the pool's Ace
    assert verdict.burnt_pool == parse_cards(["4H", "8D"]) and verdict.burnt_piles == [1]


def test_a_player_need_not_capture_and_the_missed_capture_is_burnt():
    verdict = judge(["6H", "6C", "AS", "2D"], [["6S"], [], ["6D", "JK"]], 1, "9S")
    assert verdict.legal and verdict.burnt_pool == [parse_card("AS")]
    verdict = judge(["6H", "AS", "2D"], [["6S"], [], ["6D", "JK"]], 1, "6C", ["6H"], [])
    assert verdict.legal and verdict.plays_again
    assert verdict.burnt_pool == [parse_card("AS")] and verdict.burnt_piles == [0, 2]


def test_a_set_is_taken_whole_never_in_part():
    with pytest.raises(RuleError, match="7♦ is claimed from the pool, but the pool does not "
                                        "hold it") as error:
        judge([], [[], ["7D", "AS", "7S"]], 0, "7H", ["7D"])
    assert error.value.field == "claimed.pool"


def test_equal_rank_sets_stacked_on_each_other_count_as_one_unit():
    verdict = judge([], [[], ["KD", "KS", "AS", "KC"]], 0, "KH", [], [1])
    assert verdict.legal


def test_a_unit_mixing_normal_ranks_is_impossible():
    with pytest.raises(RuleError, match="mixes the ranks 7, 8") as error:
        judge([], [[], ["7D", "8S"]], 0, "7H")
    assert error.value.field == "piles[1]"


def test_a_unit_of_special_cards_only_is_impossible():
    with pytest.raises(RuleError, match="holds no normal card") as error:
        judge([], [[], ["AD", "JK"]], 0, "7H")
    assert error.value.field == "piles[1]"


OWN_PILE = ("Player 1 cannot take the top set of their own pile: one play captures single "
            "cards from the pool and the top sets of the other players' piles, never anything "
            "from one's own pile (Shlla'at).")


def test_taking_from_ones_own_pile_is_a_ruling_never_allowed():
    verdict = judge([], [["7D"], []], 0, "7H", [], [0])
    assert (verdict.legal, str(verdict.reason)) == (False, OWN_PILE)
    assert not verdict.plays_again
    # even alongside a set the card may take from another player's pile
    assert str(judge([], [["7D"], ["7C"]], 0, "7H", [], [1, 0]).reason) == OWN_PILE


def test_ones_own_pile_is_never_burnt():
    assert judge([], [["7D"], []], 0, "7H").burnt_piles == []


def test_a_capture_lets_the_player_draw_and_play_again_while_the_draw_pile_lasts():
    assert judge(["7D"], [[], []], 0, "7H", ["7D"]).plays_again
    assert not judge(["7D"], [[], []], 0, "7H", []).plays_again


def test_once_the_draw_pile_is_empty_every_turn_is_one_card():
    verdict = judge(["7D"], [[], []], 0, "7H", ["7D"], draw_pile_empty=True)
    assert verdict.legal and not verdict.plays_again


def test_two_decks_may_hold_the_same_card_twice_on_the_table():
    verdict = judge(["7H", "7H"], [[], ["7C"]], 0, "7C", ["7H", "7H"], [1], rules=TWO_DECKS)
    assert verdict.legal and verdict.burnt_pool == []
    verdict = judge(["7H", "7D"], [[], []], 0, "7H", ["7D"], rules=TWO_DECKS)
    assert verdict.burnt_pool == [parse_card("7H")]


@pytest.mark.parametrize("args, rules, field", [
    ((["7H"], [[], []], 0, "7H"), STANDARD, "played"),
    ((["7H", "7H"], [[], []], 0, "7H"), TWO_DECKS, "played"),
    (([], [[], ["7D"]], 0, "7H", ["7C"]), STANDARD, "claimed.pool"),
    ((["7C"], [[], []], 0, "7H", ["7C", "7C"]), STANDARD, "claimed.pool"),
    (([], [[], ["7D"]], 0, "7H", [], [2]), STANDARD, "claimed.piles[0]"),
    (([], [[], ["7D"]], 0, "7H", [], [-1]), STANDARD, "claimed.piles[0]"),
    (([], [[], ["7D"]], 0, "7H", [], [True]), STANDARD, "claimed.piles[0]"),
    (([], [[], ["7D"]], 0, "7H", [], [1, 1]), STANDARD, "claimed.piles[1]"),
    (([], [[], []], 0, "7H", [], [1]), STANDARD, "claimed.piles[0]"),
    (([], [[], ["7D"]], 2, "7H"), STANDARD, "player"),
    (([], [[], ["7D"]], "0", "7H"), STANDARD, "player"),
    (([], [[]], 0, "7H"), STANDARD, "piles"),
    (([], [[]] * 6, 0, "7H"), STANDARD, "piles"),
    (([], [[], "7D"], 0, "7H"), STANDARD, "piles[1]"),
    (([], [[], []], 0, "JK"), TWO_DECKS, None),
    ((["7D"], [[], ["7D"]], 0, "7H"), STANDARD, None),
    (("7D", [[], []], 0, "7H"), STANDARD, "pool"),
    (([], [[], []], 0, None), STANDARD, "played"),
])
def test_impossible_situations_are_rule_errors(args, rules, field):
    pool, piles, player, played, *claims = args
    claimed_pool, claimed_piles = (claims + [[], []])[:2]
    with pytest.raises(RuleError) as error:
        judge_capture(rules, pool, piles, player, played, claimed_pool, claimed_piles)
    assert error.value.field == field


def test_claimed_piles_must_be_a_list():
    with pytest.raises(RuleError) as error:
        judge_capture(STANDARD, [], [[], []], 0, "7H", [], 1)
    assert error.value.field == "claimed.piles"


# --- Referee properties -----------------------------------------------------------------

@st.composite
def situations(draw):
    """A consistent table: pool, top units of each player's pile, the played card."""
    cards = draw(st.permutations(DECK_54.cards()))
    players = draw(st.integers(2, 5))
    pool = cards[:draw(st.integers(0, 6))]
    rest = cards[len(pool):]
    normal_ranks = [c.rank for c in rest if not is_special(c)]
    piles, used = [], set(pool)
    for _ in range(players):
        if draw(st.booleans()):
            piles.append([])
            continue
        rank = draw(st.sampled_from(normal_ranks))
        unit = [c for c in rest if c.rank == rank and c not in used][:draw(st.integers(1, 3))]
        if unit:
            unit += [c for c in rest if is_special(c) and c not in used][:draw(st.integers(0, 1))]
        used.update(unit)
        piles.append(unit)
    played = draw(st.sampled_from([c for c in rest if c not in used]))
    return pool, piles, draw(st.integers(0, players - 1)), played


@settings(max_examples=150, deadline=None)
@given(situations())
def test_taking_everything_that_would_burn_is_legal_and_burns_nothing(situation):
    pool, piles, player, played = situation
    nothing = judge(pool, piles, player, played)
    assert nothing.legal and not nothing.plays_again
    if is_special(played):
        # one rank only: take every burnt item of the first burnt rank
        ranks = [c.rank for c in nothing.burnt_pool] + [
            next(c.rank for c in piles[p] if not is_special(c)) for p in nothing.burnt_piles]
        if not ranks:
            return
        take_pool = [c for c in nothing.burnt_pool if c.rank == ranks[0]]
        take_piles = [p for p in nothing.burnt_piles if any(c.rank == ranks[0] for c in piles[p])]
    else:
        take_pool, take_piles = nothing.burnt_pool, nothing.burnt_piles
    verdict = judge(pool, piles, player, played, take_pool, take_piles)
    assert verdict.legal
    assert verdict.plays_again == bool(take_pool or take_piles)
    assert verdict.burnt_pool == [] and verdict.burnt_piles == []


junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=3)
                    | st.sampled_from(["7H", "AS", "JK", "10D"]),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["captured", "jokers", "aces", "jacks",
                                                       "others", "x"]), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(junk, junk, junk, junk, junk, junk)
def test_malformed_input_raises_only_rule_errors(hand, pool, piles, player, played, claimed):
    for call in (lambda: score_hand(STANDARD, hand, 2),
                 lambda: judge_capture(STANDARD, pool, piles, player, played, claimed, claimed),
                 lambda: judge_capture(STANDARD, [], [[], ["7D"]], 0, played, [], claimed)):
        with contextlib.suppress(RuleError):
            call()
