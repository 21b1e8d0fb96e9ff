"""Basra: every rule sentence of the seed text and every Basra line of RULINGS.md."""

from __future__ import annotations

import contextlib
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.basra import SPEC, legal_captures, read_capture
from companion.rules.basra import judge as rule_on
from companion.rules.cards import DECK_52, Card
from companion.rules.messages import RuleError
from companion.tournament.matches import MatchProgress, head_to_head

# Hands as the API writes them, read then scored or played.
score_hand = SPEC.score_written
play = SPEC.play_written


def judge_capture(rules, *situation):
    """A capture given as the API's texts, read then judged."""
    return rule_on(rules, read_capture(rules, *situation))

DECK = [str(card) for card in DECK_52.cards()]
SPECIAL = {"JS", "JH", "JD", "JC", "AS", "AH", "AD", "AC", "2C", "10D"}
PLAIN = [card for card in DECK if card not in SPECIAL]


def rules(preset: str = "egyptian", **options) -> dict:
    return SPEC.resolve({"preset": preset, **options})


def hand(side0: list[str], cards0: int, basras=None, sides: int = 2, **extra) -> dict:
    """Card form: side 0 holds `side0` plus plain cards up to `cards0`; the rest is shared
    out over the other sides, special cards to side 1."""
    rest_special = [card for card in SPECIAL if card not in side0]
    theirs = [c for entry in (basras or [])[1:] if isinstance(entry, list) for c in entry]
    mine = side0 + [card for card in PLAIN if card not in theirs + side0][:cards0 - len(side0)]
    others = [card for card in DECK if card not in mine]
    others.sort(key=lambda card: card not in rest_special)
    share = [others[i::sides - 1] for i in range(sides - 1)] if sides > 2 else [others]
    body = {"captured": [mine, *share], **extra}
    if basras is not None:
        body["basras"] = basras
    return body


def counts(cards, jacks, aces, two_of_clubs=0, ten_of_diamonds=1, basras=None, **extra):
    body = {"cards": cards, "jacks": jacks, "aces": aces, "two_of_clubs": two_of_clubs,
            "ten_of_diamonds": ten_of_diamonds, **extra}
    if basras is not None:
        body["basras"] = basras
    return body


def judge(floor: str, played: str, claimed: str = "", preset: str = "egyptian",
          previous: str | None = None, **options):
    return judge_capture(rules(preset, **options), floor.split(), played, claimed.split(),
                         None if previous is None else previous.split())


def names(captures) -> list[list[str]]:
    return [[str(card) for card in capture] for capture in captures]


# --- Options, presets, spec ---------------------------------------------------------------

def test_presets_are_the_rulings_table():
    table = {
        "egyptian": (30, "carry", "flat", "none", "egyptian", "clear_floor", 4, 101),
        "jordanian": (30, "carry", "double_face", "none", "egyptian", "clear_floor", 4, 101),
        "yemeni": (30, "carry", "flat", "double", "lobashev", "clear_floor", 4, 101),
        "lebanese": (3, "none", "flat", "single", "none", "lone_card", 6, 101),
    }
    keys = ("majority_points", "majority_tie", "basra_value", "jack_on_lone_jack",
            "seven_of_diamonds", "basra_rule", "hand_size", "target")
    for preset, values in table.items():
        assert rules(preset).as_dict() == {"preset": preset, **dict(zip(keys, values, strict=True))}
    assert SPEC.resolve({}) == rules("egyptian")


def test_options_list_exactly_the_rulings_values():
    options = SPEC.catalogue()["options"]
    assert options["majority_points"]["type"] == "int"
    assert options["majority_tie"]["values"] == ["carry", "none"]
    assert options["basra_value"]["values"] == ["flat", "double_face"]
    assert options["jack_on_lone_jack"]["values"] == ["none", "double", "single"]
    assert options["seven_of_diamonds"]["values"] == ["egyptian", "lobashev", "none"]
    assert options["basra_rule"]["values"] == ["clear_floor", "lone_card"]
    assert options["hand_size"]["values"] == [4, 6]
    assert options["target"] == {"default": 101, "type": "int", "minimum": 16, "maximum": 1500}


def test_spec_players_partnerships_and_direction():
    assert (SPEC.name, SPEC.title, SPEC.player_counts) == ("basra", "Basra", (2, 3, 4))
    assert (SPEC.partnerships, SPEC.direction) == ("optional", "anticlockwise")


def test_rules_card_sentences_use_the_tables_values():
    card = {label: str(sentence) for label, sentence in SPEC.rules_card(rules("egyptian"))}
    assert card["Tie for most cards"] == ("Tie for most cards: the 30 points carry to the "
                                          "next hand.")
    assert card["Points for most cards"] == ("Most cards: the side with more cards than every "
                                             "other side scores 30 points.")
    lebanese = {label: str(s) for label, s in SPEC.rules_card(rules("lebanese"))}
    assert lebanese["Cards per deal"] == "Each player gets 6 cards per deal (4 with 3 players)."
    assert lebanese["Tie for most cards"] == "Tie for most cards: nobody scores the 3 points."
    assert len(card) == len(SPEC.options) == 8


def test_unknown_option_value_is_a_rule_error():
    with pytest.raises(RuleError):
        rules(seven_of_diamonds="tunisian")
    with pytest.raises(RuleError):
        rules(hand_size=5)


# --- Hand scores ---------------------------------------------------------------------------

def test_egyptian_hand_is_43_points_plus_10_per_basra():
    score = score_hand(rules(), hand(["JS", "JH", "AS", "2C"], 27, [["7S"], ["9H", "KD"]]), 2)
    # side 0: majority 30 + jacks 2 + ace 1 + 2♣ 2 + basra 10; side 1: 2 + 3 + 3 + 20
    assert score.scores == [45, 28]
    assert sum(score.scores) == 43 + 30
    assert score.extras == {"carry_in": 0, "carry_out": 0, "majority": 0}


def test_card_points_jack_ace_two_of_clubs_ten_of_diamonds():
    score = score_hand(rules(), hand(["JS", "AS", "AH", "2C", "10D"], 20), 2)
    assert score.details[0] == {
        "cards": 20, "jacks": 1, "aces": 2, "two_of_clubs": 1, "ten_of_diamonds": 1,
        "card_points": 8, "majority": 0, "basras": 0, "basra_cards": [], "basra_points": 0,
        "total": 8,
    }
    assert score.scores == [8, 30 + 3 + 2]


def test_lines_show_each_part_of_the_score():
    score = score_hand(rules(), hand(["JS", "AS", "AH", "2C"], 30, [["7S"], []]), 2)
    assert [(str(line.label), line.points) for line in score.lines[0]] == [
        ("most cards", 30), ("jacks", 1), ("aces", 2), ("2♣", 2), ("basra ×1", 10)]


def test_tie_for_most_cards_carries_30_points():
    score = score_hand(rules(), hand(["JS"], 26), 2)
    assert score.extras["majority"] is None and score.extras["carry_out"] == 30
    assert sum(score.scores) == 13


def test_carried_points_go_to_the_next_majority_30_then_60():
    score = score_hand(rules(), hand(["JS"], 27, carry_in=30), 2)
    assert score.details[0]["majority"] == 60
    assert str(score.lines[0][0].label) == "most cards, 30 of them carried over"
    assert sum(score.scores) == 43 + 30


def test_consecutive_ties_keep_adding():
    assert score_hand(rules(), hand([], 26, carry_in=60), 2).extras["carry_out"] == 90


def test_majority_is_strictly_more_than_every_other_side():
    three = score_hand(rules(), counts([20, 20, 12], [2, 1, 1], [1, 1, 2], 0, 2), 3)
    assert three.extras == {"carry_in": 0, "carry_out": 30, "majority": None}
    alone = score_hand(rules(), counts([21, 20, 11], [2, 1, 1], [1, 1, 2], 0, 2), 3)
    assert alone.scores == [30 + 3 + 2, 2, 3 + 3]


def test_lebanese_hand_is_16_points_or_13_on_a_tie():
    assert sum(score_hand(rules("lebanese"), hand(["JS"], 30), 2).scores) == 16
    tie = score_hand(rules("lebanese"), hand(["JS"], 26), 2)
    assert sum(tie.scores) == 13 and tie.extras["carry_out"] == 0


def test_lebanese_carry_in_is_impossible():
    with pytest.raises(RuleError) as error:
        score_hand(rules("lebanese"), hand([], 30, carry_in=3), 2)
    assert error.value.field == "hand.carry_in"


def test_carry_in_must_be_a_multiple_of_the_majority_points():
    with pytest.raises(RuleError, match="multiple of 30"):
        score_hand(rules(), hand([], 30, carry_in=20), 2)


def test_jordanian_basra_is_twice_the_face_value():
    score = score_hand(rules("jordanian"), hand(["7S", "QH", "AS"], 30, [["7S", "QH", "AS"],
                                                                          []]), 2)
    assert score.details[0]["basra_points"] == 14 + 20 + 2


def test_basra_given_as_a_number_is_a_plain_10():
    score = score_hand(rules("jordanian"), hand([], 30, [2, 1]), 2)
    assert [d["basra_points"] for d in score.details] == [20, 10]


def test_yemeni_jack_on_lone_jack_is_a_double_basra_of_20():
    score = score_hand(rules("yemeni"), hand(["JS"], 30, [["JS"], []]), 2)
    assert score.details[0]["basra_points"] == 20 and score.details[0]["basras"] == 1


def test_lebanese_jack_on_lone_jack_is_a_single_basra():
    score = score_hand(rules("lebanese"), hand(["JS"], 30, [["JS"], []]), 2)
    assert score.details[0]["basra_points"] == 10


def test_egyptian_jack_never_makes_a_basra():
    with pytest.raises(RuleError, match="never makes a basra") as error:
        score_hand(rules(), hand(["JS"], 30, [["JS"], []]), 2)
    assert error.value.field == "hand.basras[0]"


def test_double_jack_basra_with_double_face_counts_twice_20():
    score = score_hand(rules("yemeni", basra_value="double_face"), hand(["JS"], 30, [["JS"], []]),
                       2)
    assert score.details[0]["basra_points"] == 40


def test_count_form_scores_like_card_form():
    by_cards = score_hand(rules(), hand(["JS", "JH", "AS", "2C"], 27, [["7S"], 1]), 2)
    by_counts = score_hand(rules(), counts([27, 25], [2, 2], [1, 3], 0, 1, [["7S"], 1]), 2)
    assert by_counts.scores == by_cards.scores == [45, 18]


def test_four_individual_sides_score():
    score = score_hand(rules(), counts([14, 13, 13, 12], [1, 1, 1, 1], [1, 1, 1, 1], 2, 3), 4)
    assert score.scores == [30 + 2, 2, 2 + 2, 2 + 3]


@pytest.mark.parametrize(("body", "message", "field"), [
    (hand([], 30) | {"captured": [DECK[:30], DECK[30:51]]}, "51 cards entered, a hand has 52.",
     "hand.captured"),
    ({"captured": [DECK[:27] + ["AS"], DECK[27:]]}, "The A♠ is entered twice.", "hand.captured"),
    ({"captured": [DECK[:26], DECK[26:]], "basras": [["KD"], []]},
     "must be among the cards Side 1 captured",
     "hand.basras[0]"),
    ({"captured": [DECK[:26], DECK[26:]], "basras": [["KS"], ["KS"]]}, "listed for two basras",
     "hand.basras"),
    ({"captured": [DECK[:26], DECK[26:]], "basras": [3]}, "one entry per side", "hand.basras"),
    ({"captured": [DECK]}, "one entry per side", "hand.captured"),
    (counts([26, 25], [2, 2], [2, 2]), "51 cards entered, a hand has 52.", "hand.cards"),
    (counts([26, 26], [3, 2], [2, 2]), "5 jacks entered, a hand has 4.", "hand.jacks"),
    (counts([2, 50], [2, 2], [2, 2], 0, 0), "Side 1 has 2 cards, fewer than the 6",
     "hand.cards[0]"),
    (counts([26, 26], [2, 2], [2, 2], basras=[["AS", "AH", "AD"], []]),
     "counts entered for Side 1 do not include",
     "hand.basras[0]"),
    (counts([26, 26], [2, 2], [2, 2], basras=[14, 0]), "each basra takes at least two cards",
     "hand.basras[0]"),
    (counts([26, 26], [2, 2], [2, -2]), "must be a whole number", "hand.aces[1]"),
    (counts([26, 26], [True, 3], [2, 2]), "must be a whole number", "hand.jacks[0]"),
    (counts([26, 26], [2, 2], [2, 2], 2), "from 0 to 1", "hand.two_of_clubs"),
    (counts([26, 26], [2, 2], [2, 2], basras=["x", 0]), "list of the cards", "hand.basras[0]"),
    ({"cards": [26, 26], "jacks": [2, 2], "aces": [2, 2]}, "Choose who took the 2♣.",
     "hand.two_of_clubs"),
    ({"cards": [26, 26]} | {"captured": []}, "not both", "hand"),
    ({}, "not both", "hand"),
    ("hand", "must be an object", "hand"),
    ({"captured": [DECK[:26], DECK[26:]], "carry_in": "30"}, "whole number", "hand.carry_in"),
])
def test_impossible_hands_are_rule_errors(body, message, field):
    with pytest.raises(RuleError, match=message) as error:
        score_hand(rules(), body, 2)
    assert error.value.field == field


def test_sides_must_be_2_3_or_4():
    with pytest.raises(RuleError) as error:
        score_hand(rules(), hand([], 26), 5)
    assert error.value.field == "sides"


@settings(max_examples=60, deadline=None)
@given(st.permutations(DECK), st.integers(1, 51), st.integers(0, 2),
       st.lists(st.sampled_from(["2S", "7H", "KD", "QC", "9D"]), max_size=5, unique=True))
def test_hand_points_are_43_plus_basras_plus_carry(order, cut, carried, basra_cards):
    if cut == 26:
        cut = 27
    mine, theirs = order[:cut], order[cut:]
    basras = [[c for c in basra_cards if c in mine], [c for c in basra_cards if c in theirs]]
    if any(2 * len(b) > len(side) for b, side in ((basras[0], mine), (basras[1], theirs))):
        return
    body = {"captured": [mine, theirs], "basras": basras, "carry_in": 30 * carried}
    egyptian = score_hand(rules(), body, 2)
    assert sum(egyptian.scores) == 43 + 10 * len(basra_cards) + 30 * carried
    lebanese = score_hand(rules("lebanese"), body | {"carry_in": 0}, 2)
    assert sum(lebanese.scores) == 16 + 10 * len(basra_cards)


# --- Games ---------------------------------------------------------------------------------

WIN_0 = hand(["JS", "JH", "JD", "JC", "AS", "AH", "AD", "AC", "2C", "10D"], 30)  # 43 - 0
TIE = hand(["JS", "AS"], 26)                                                     # 2 - 11


def test_game_ends_when_a_side_reaches_101():
    game = play(rules(), [WIN_0, WIN_0], 2, 2, 0)
    assert not game.finished and game.totals == [86, 0]
    game = play(rules(), [WIN_0, WIN_0, WIN_0], 2, 2, 0)
    assert game.finished and game.winner == 0 and str(game.status) == "Side 1 wins."


def test_both_past_target_the_higher_total_wins():
    big1 = hand(["2C", "10D"], 10, [0, 5])      # side 1: 30 + 8 + 50 = 88
    game = play(rules(target=80), [WIN_0, big1], 2, 2, 0)
    assert game.totals == [43 + 5, 88] and game.winners == [1]


def test_leaders_tied_past_target_play_on():
    first = hand(["JS", "JH", "AS", "AH", "2C"], 30, [0, 3])    # 30+6, 4+3+30 = 36, 37
    second = hand(["JS", "JH", "JD", "JC", "AS", "AH", "AD", "2C", "10D"], 22, [2, 0])  # 32, 31
    game = play(rules(target=60), [first, second], 2, 2, 0)
    assert game.totals == [68, 68] and not game.finished
    assert str(game.status) == "Tied at the top past the target: play on until the tie breaks."


def test_carry_threads_hand_to_hand_and_ignores_stored_carry_in():
    stored = dict(WIN_0, carry_in=60)
    game = play(rules(), [TIE, TIE, stored], 2, 2, 0)
    assert [h.extras["carry_in"] for h in game.hands] == [0, 30, 60]
    assert game.hands[2].scores == [43 + 60, 0]
    assert game.carry == 0


def test_correcting_an_earlier_hand_drops_the_carry():
    assert play(rules(), [TIE, WIN_0], 2, 2, 0).hands[1].scores[0] == 73
    assert play(rules(), [WIN_0, WIN_0], 2, 2, 0).hands[1].scores[0] == 43


def test_status_says_when_points_are_carried():
    game = play(rules(), [TIE], 2, 2, 0)
    assert game.carry == 30 and str(game.status) == "30 points carried to the next hand."
    assert play(rules(), [TIE, TIE], 2, 2, 0).carry == 60


def test_tied_at_the_top_with_a_carry_says_both():
    first = hand(["JS", "JH", "AS", "AH", "2C"], 30, [0, 3])               # 36, 37
    tie = hand(["JS", "JH", "JD", "JC", "AS", "AH", "AD"], 26)             # 7, 6, 30 carried
    game = play(rules(target=40), [first, tie], 2, 2, 0)
    assert game.totals == [43, 43] and game.carry == 30 and not game.finished
    assert str(game.status) == ("Tied at the top past the target: play on until the tie "
                                "breaks; 30 points are carried to the next hand.")


def test_lebanese_tie_carries_nothing():
    game = play(rules("lebanese"), [TIE, TIE], 2, 2, 0)
    assert game.carry == 0 and str(game.status) == "Game in progress."


def test_deal_passes_on_and_the_next_player_leads():
    game = play(rules(), [TIE, TIE, TIE], 2, 4, 3)
    assert (game.dealer, game.leader) == (2, 3)


def test_game_error_names_the_hand():
    with pytest.raises(RuleError) as error:
        play(rules(), [TIE, {"captured": [DECK[:26], DECK[27:]]}], 2, 2, 0)
    assert error.value.field == "hands[1].captured"


@pytest.mark.parametrize(("sides", "players", "field"), [(2, 3, "players"), (3, 4, "players"),
                                                         (2, 5, "players"), (1, 1, "sides")])
def test_players_and_sides_must_fit_together(sides, players, field):
    with pytest.raises(RuleError) as error:
        play(rules(), [], sides, players, 0)
    assert error.value.field == field


def test_four_players_in_partnerships_are_two_sides():
    assert play(rules(), [TIE], 2, 4, 0).dealer == 1
    assert play(rules(), [], 4, 4, 0).totals == [0, 0, 0, 0]


# --- Matches -------------------------------------------------------------------------------

def basra_match(winners: list[int], target: int = 101) -> MatchProgress:
    """A Basra match as its spec plays it: best of five, the decider to 150."""
    return head_to_head([[w] for w in winners], SPEC.match_games, target, SPEC.decider_target)


def test_match_is_won_by_three_games():
    assert basra_match([0, 1, 0, 0]) == MatchProgress([3, 1], True, [1, 2], None)


def test_two_games_all_the_decider_is_played_to_150():
    assert basra_match([0, 1, 1, 0]) == MatchProgress([2, 2], False, [], 150)
    assert basra_match([0, 1, 0], target=121) == MatchProgress([2, 1], False, [], 121)


# --- Referee: numerals --------------------------------------------------------------------

def test_a_card_captures_the_same_rank():
    verdict = judge("7H QS", "7S", "7H")
    assert verdict.legal and names(verdict.options) == [["7H"]]


def test_ace_two_six_a_three_takes_ace_and_two():
    verdict = judge("AS 2H 6D", "3C", "AS 2H")
    assert verdict.legal and names(verdict.options) == [["AS", "2H"]]
    assert str(verdict.reason) == ("The 3♣ takes 2♥ + A♠ = 3 and leaves nothing it could "
                                   "take (Basra: a card that captures must take all it can).")


def test_ace_two_six_a_seven_takes_ace_and_six():
    verdict = judge("AS 2H 6D", "7C", "AS 6D")
    assert verdict.legal and names([verdict.best]) == [["AS", "6D"]]


def test_ace_two_six_a_nine_takes_all_three():
    verdict = judge("AS 2H 6D", "9C", "AS 2H 6D")
    assert verdict.legal and verdict.basra and verdict.basra_points == 10


def test_three_four_five_eight_a_nine_takes_five_and_four():
    verdict = judge("3S 4H 5D 8C", "9C", "5D 4H")
    assert verdict.legal and not verdict.basra
    assert names(verdict.options) == [["4H", "5D"]]


def test_one_play_takes_several_groups():
    verdict = judge("4S 6H 10D 3C", "10C", "10D 4S 6H")
    assert verdict.legal and names([verdict.best]) == [["4S", "6H", "10D"]]
    assert "takes 10♦, 6♥ + 4♠ = 10 and" in str(verdict.reason)


def test_capture_obligation_a_group_left_behind_is_not_legal():
    verdict = judge("4S 6H 10D 3C", "10C", "10D")
    assert not verdict.legal
    assert str(verdict.reason) == ("The 10♣ could also take 6♥ + 4♠ = 10, which was "
                                   "left behind (Basra: capture obligation, a card that captures "
                                   "must take all it can).")


def test_claimed_cards_must_split_into_groups_of_the_value():
    verdict = judge("AS 2H 6D", "9C", "AS 2H")
    assert not verdict.legal and "do not split into groups that each add up to 9" in str(
        verdict.reason)


def test_a_single_card_that_does_not_make_the_value_is_named_in_the_singular():
    # The 7 could take 4♥ + 3♦ = 7; claimed alone, the 4♥ adds up to 4 only.
    verdict = judge("4H 3D", "7C", "4H")
    assert not verdict.legal
    assert str(verdict.reason) == ("4♥ alone does not add up to 7 (Basra: a numeral takes "
                                   "groups adding up to its value, each card in one group).")


def test_each_floor_card_belongs_to_one_group():
    assert judge("5S 5H", "10C", "5S 5H").legal
    verdict = judge("3S 7H 3D", "10C", "3S 7H 3D")  # the 7 cannot serve both 3s
    assert not verdict.legal and "do not split" in str(verdict.reason)
    assert judge("3S 7H 3D", "10C", "3D 7H").legal


def test_several_maximal_captures_are_all_legal_and_best_has_most_cards():
    verdict = judge("8S 2H AC AD 9C", "10H", "8S AC AD")
    assert verdict.legal
    # 8+2 and 9+A with either ace, or 8+A+A: the two aces make two captures of four cards
    assert sorted(names(verdict.options)) == [["8S", "2H", "AC", "9C"], ["8S", "2H", "AD", "9C"],
                                              ["8S", "AC", "AD"]]
    assert names([verdict.best]) == [["8S", "2H", "AC", "9C"]]
    assert judge("8S 2H AC AD 9C", "10H", "8S 2H AC 9C").legal


@pytest.mark.parametrize(("floor", "options"), [
    ("2C 2H 5S", [["2C", "5S"], ["2H", "5S"]]),
    ("3S 3H 4C", [["3S", "4C"], ["3H", "4C"]]),
    ("AS AH 6C", [["AS", "6C"], ["AH", "6C"]]),
])
def test_cards_of_one_rank_make_distinct_captures_each_listed_and_legal(floor, options):
    verdict = judge(floor, "7S", "")  # 7 = 5+2 = 4+3 = 6+1, with either card of the pair
    assert sorted(names(verdict.options)) == sorted(options) and not verdict.options_truncated
    for option in options:
        assert judge(floor, "7S", " ".join(option)).legal


@pytest.mark.parametrize("floor", ["2C 2H 5S", "2H 2C 5S"])
def test_best_capture_takes_the_two_of_clubs_worth_2_points(floor):
    verdict = judge(floor, "7S", "2H 5S")  # 2♥ + 5♠ is legal, but 2♣ + 5♠ scores 2 more
    assert verdict.legal
    assert names([verdict.best]) == [["2C", "5S"]] and verdict.options[0] == verdict.best


def test_best_of_captures_with_as_many_cards_has_most_card_points():
    # 10 = 5+3+2 (2♣: 2 points) = 6+3+1 (A♥: 1 point); each leaves 7, so both are legal
    verdict = judge("6S 2C 5S 3S AH", "10H", "6S 3S AH")
    assert verdict.legal
    assert names(verdict.options) == [["2C", "5S", "3S"], ["6S", "3S", "AH"]]
    assert names([verdict.best]) == [["2C", "5S", "3S"]]


def test_sum_capture_names_each_group_and_its_sum():
    verdict = judge("5S 2H 9C", "7C", "5S 2H")
    assert str(verdict.reason) == ("The 7♣ takes 5♠ + 2♥ = 7 and leaves nothing it could "
                                   "take (Basra: a card that captures must take all it can).")
    verdict = judge("7S 5H 2D 4C 3C", "7H", "7S 5H 2D 4C 3C")
    assert str(verdict.reason).startswith(
        "The 7♥ takes 7♠, 5♥ + 2♦ = 7, 4♣ + 3♣ = 7 and leaves nothing it could take")


def test_a_numeral_cannot_take_a_picture():
    verdict = judge("QS 3H", "3C", "QS 3H")
    assert not verdict.legal and "cannot take the Q♠" in str(verdict.reason)


def test_a_card_that_can_capture_must_capture():
    verdict = judge("3S 4H", "7C", "")
    assert not verdict.legal and "so it must capture" in str(verdict.reason)


def test_a_card_that_matches_nothing_stays_on_the_floor():
    assert judge("3S 4H", "9C", "").legal
    verdict = judge("3S 4H", "9C", "3S")
    assert not verdict.legal and verdict.options == [] and verdict.best == []


def test_queens_and_kings_take_only_their_own_rank():
    assert names(judge("QS 3H KD", "QH", "QS").options) == [["QS"]]
    assert not judge("QS 3H KD", "QH", "QS KD").legal
    assert judge("3H KD", "QH", "").legal


def test_two_kings_are_taken_by_a_king():
    verdict = judge("KS KH", "KD", "KS KH")
    assert verdict.legal and verdict.basra
    assert not judge("KS KH", "KD", "KS").legal


# --- Referee: jacks, 7♦, basras -----------------------------------------------------------

def test_jack_takes_whole_floor_without_basra():
    verdict = judge("3S QH 9D", "JC", "3S QH 9D")
    assert verdict.legal and not verdict.basra and verdict.basra_points == 0
    assert not judge("3S QH 9D", "JC", "3S QH").legal


def test_jack_on_an_empty_floor_stays():
    verdict = judge("", "JC", "")
    assert verdict.legal and verdict.options == [] and not verdict.basra


@pytest.mark.parametrize(("preset", "points"), [("egyptian", 0), ("yemeni", 20),
                                                ("lebanese", 10)])
def test_jack_on_a_lone_jack(preset, points):
    assert judge("JS", "JC", "JS", preset).basra_points == points


def test_egyptian_seven_of_diamonds_basra_when_numerals_add_to_10_or_less():
    verdict = judge("3S 7H", "7D", "3S 7H")
    assert verdict.legal and verdict.basra_points == 10
    assert judge("AS 2H 3C", "7D", "AS 2H 3C").basra


def test_egyptian_seven_of_diamonds_over_10_or_pictures_no_basra():
    assert not judge("3S 8H", "7D", "3S 8H").basra
    assert not judge("3S QH", "7D", "3S QH").basra
    ordinary = judge("3S 4H 5C 9D", "7D", "3S 4H 5C 9D")   # a plain 7 could not clear it
    assert ordinary.legal and not ordinary.basra
    assert not judge("7S 9H", "7D", "7S 9H").basra          # even where a 7 would take the 7
    assert not judge("3S 4H", "7D", "3S").legal


def test_seven_of_diamonds_on_an_empty_floor_stays():
    assert judge("", "7D", "").legal


def test_lobashev_seven_basra_below_10_not_at_10():
    assert judge("3S 6H", "7D", "3S 6H", "yemeni").basra
    assert not judge("3S 7H", "7D", "3S 7H", "yemeni").basra


def test_lobashev_seven_basra_on_only_tens_queens_kings():
    assert judge("10S QH KC", "7D", "10S QH KC", "yemeni").basra
    assert not judge("10S QH JC", "7D", "10S QH JC", "yemeni").basra


def test_lobashev_seven_basra_on_equal_groups_below_10():
    verdict = judge("AS 2S 7S 8S", "7D", "AS 2S 7S 8S", "yemeni")
    assert verdict.legal and verdict.basra and verdict.basra_points == 10
    assert not judge("AS 2S 7S 9S", "7D", "AS 2S 7S 9S", "yemeni").basra


SEVEN = "The 7♦ takes the whole floor (Basra: the seven of diamonds takes everything on " \
    "the floor). "


@pytest.mark.parametrize(("floor", "sentence"), [
    ("AS 2H 7C", "The floor is all numerals adding up to 10, not more than 10: the 7♦ makes a "
                 "basra worth 10 (Basra: seven of diamonds)."),
    ("AS 2S 7S 8S", "The floor adds up to 18, more than 10: the 7♦ makes no basra (Basra: seven "
                    "of diamonds)."),
    ("3S QH", "The floor is not all numerals (Q♥): the 7♦ makes no basra (Basra: seven of "
              "diamonds)."),
])
def test_egyptian_seven_of_diamonds_verdict_gives_the_floor_sum_against_10(floor, sentence):
    assert str(judge(floor, "7D", floor).reason) == SEVEN + sentence


@pytest.mark.parametrize(("floor", "sentence"), [
    ("3S 6H", "The floor adds up to 9, less than 10: the 7♦ makes a basra worth 10 (Basra: seven "
              "of diamonds)."),
    ("10S QH KC", "The floor holds only 10s, queens and kings: the 7♦ makes a basra worth 10 "
                  "(Basra: seven of diamonds)."),
    ("AS 2S 7S 8S", "The floor adds up to 18, not less than 10, but splits into groups of equal "
                    "sum below 10, 8♠ + A♠ = 7♠ + 2♠ = 9: the 7♦ makes a basra worth 10 (Basra: "
                    "seven of diamonds)."),
    ("3S 7H", "The floor adds up to 10, not less than 10, and does not split into groups of "
              "equal sum below 10: the 7♦ makes no basra (Basra: seven of diamonds)."),
    ("3S JH", "The floor is neither all numerals (J♥) nor only 10s, queens and kings: the 7♦ "
              "makes no basra (Basra: seven of diamonds)."),
])
def test_lobashev_seven_of_diamonds_verdict_gives_the_sum_or_the_equal_groups(floor, sentence):
    assert str(judge(floor, "7D", floor, "yemeni").reason) == SEVEN + sentence


def test_seven_of_diamonds_none_is_an_ordinary_seven():
    assert names(judge("3S 4H 5C", "7D", "3S 4H", "lebanese").options) == [["3S", "4H"]]


def test_clear_floor_basra_is_10_and_a_partial_capture_none():
    assert judge("5S", "5H", "5S").basra_points == 10
    assert not judge("5S 9C", "5H", "5S").basra


def test_jordanian_basra_points_are_twice_face_value():
    assert judge("7S", "7H", "7S", "jordanian").basra_points == 14
    assert judge("QS", "QH", "QS", "jordanian").basra_points == 20
    assert judge("AS", "AH", "AS", "jordanian").basra_points == 2


def test_lebanese_lone_card_matched_is_a_basra():
    assert judge("5S", "5H", "5S", "lebanese").basra_points == 10
    assert not judge("5S 5C", "5H", "5S 5C", "lebanese").basra


def test_lebanese_jack_on_a_lone_card_is_no_basra():
    verdict = judge("5S", "JH", "5S", "lebanese")
    assert verdict.legal and not verdict.basra


def test_lebanese_lone_card_and_the_card_played_onto_it_taken_by_their_sum():
    verdict = judge("3S 4H", "7C", "3S 4H", "lebanese", previous="3S")
    assert verdict.basra and verdict.basra_points == 10


def test_lebanese_two_cards_reached_another_way_are_no_basra():
    assert not judge("3S 4H", "7C", "3S 4H", "lebanese", previous="3S 4H 8C").basra


def test_lebanese_without_previous_floor_the_reason_says_so():
    verdict = judge("3S 4H", "7C", "3S 4H", "lebanese")
    assert verdict.legal and not verdict.basra
    assert "which was not given" in str(verdict.reason)


def test_previous_floor_must_lead_to_the_floor():
    with pytest.raises(RuleError) as error:
        judge("3S 4H", "7C", "3S 4H", "lebanese", previous="9S")
    assert error.value.field == "previous_floor"


# --- Referee: input errors and big floors -------------------------------------------------

@pytest.mark.parametrize(("floor", "played", "claimed", "field"), [
    (["3S", "4H"], "7C", ["5S"], "claimed[0]"),
    (["3S", "4H"], "3S", [], "played"),
    (["3S", "3S"], "7C", [], "floor[1]"),
    (["3S", "4H"], "7C", ["3S", "3S"], "claimed[1]"),
    (["3S", "JK"], "7C", [], "floor[1]"),
    (["3S", "4H"], 7, [], "played"),
    (["3S", "4H"], "JK", [], "played"),
    ("3S 4H", "7C", [], "floor"),
    (["3S", "4H"], "7C", None, "claimed"),
])
def test_bad_referee_input_is_a_rule_error(floor, played, claimed, field):
    with pytest.raises(RuleError) as error:
        judge_capture(rules(), floor, played, claimed)
    assert error.value.field == field


def test_whole_deck_floor_lists_50_options_and_the_best():
    # no jacks: two cards that each take the whole floor never lie on it together
    floor = [card for card in DECK if card != "10S" and not card.startswith("J")]
    verdict = judge_capture(rules(), floor, "10S", [])
    assert len(verdict.options) == 50 and verdict.options_truncated
    assert len(verdict.best) == 39 and verdict.options[0] == verdict.best
    assert judge_capture(rules(), floor, "10S", [str(c) for c in verdict.best]).basra is False


def test_a_floor_with_64_distinct_captures_lists_50_and_says_so():
    # Four 2s, two 3s, three aces (17 in all) and a 9: one group of 9 leaves 8, so every group
    # of 9 is legal. Groups as (2s, 3s, aces) and card choices: (3,0,3) 4, (4,0,1) 3,
    # (3,1,0) 4*2, (2,1,2) 6*2*3, (1,2,1) 4*3, (0,2,3) 1: 64 captures from 6 rank counts.
    floor = ["2H", "2D", "2C", "3D", "3S", "AD", "2S", "AS", "AH"]
    verdict = judge_capture(rules(), floor, "9C", [])
    assert len(verdict.options) == 50 and verdict.options_truncated
    assert len({frozenset(option) for option in verdict.options}) == 50
    # most cards: three 2s and three aces (6 cards); most points: the 2♣ among the 2s (2+3)
    assert names([verdict.best]) == [["2H", "2D", "2C", "AD", "AS", "AH"]]


def test_legal_captures_respects_the_limit():
    floor = [card for card in DECK if card != "9S"]
    assert len(legal_captures(rules(), floor, "9S", limit=5)) == 5


# --- Properties: the referee against brute force ------------------------------------------

def _splits(values: list[int], target: int) -> bool:
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(len(rest) + 1):
        for group in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in group) == target and _splits(
                    [v for i, v in enumerate(rest) if i not in group], target):
                return True
    return False


def _has_group(values: list[int], target: int) -> bool:
    return any(sum(c) == target for n in range(1, len(values) + 1)
               for c in combinations(values, n))


def _brute_legal(floor: list[Card], value: int) -> set[tuple[int, ...]]:
    usable = [card.value for card in floor if card.value and card.value <= value]
    legal = set()
    for n in range(1, len(usable) + 1):
        for picked in combinations(range(len(usable)), n):
            taken = [usable[i] for i in picked]
            left = [v for i, v in enumerate(usable) if i not in picked]
            if _splits(taken, value) and not _has_group(left, value):
                legal.add(tuple(sorted(taken)))
    return legal


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True).filter(
           lambda floor: sum(card.startswith("J") for card in floor) <= 1),
       st.sampled_from([str(c) for c in DECK_52.cards() if c.is_numeral]))
def test_every_listed_capture_is_legal_and_leaves_nothing_capturable(floor, played):
    floor = [card for card in floor if card != played]
    card = Card(played[:-1], played[-1])
    options = legal_captures(rules("lebanese"), floor, played)
    expected = _brute_legal([Card(c[:-1], c[-1]) for c in floor], card.value)
    assert {tuple(sorted(c.value for c in option)) for option in options} == expected
    for option in options:
        verdict = judge_capture(rules("lebanese"), floor, played, [str(c) for c in option])
        assert verdict.legal
        left = [c.value for c in DECK_52.cards() if str(c) in floor and c not in option
                and c.value and c.value <= card.value]
        assert not _has_group(left, card.value)
    best = judge_capture(rules("lebanese"), floor, played, []).best
    assert len(best) == max((len(option) for option in options), default=0)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(DECK[:6] + ["x", "JK"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["captured", "cards", "jacks", "aces", "two_of_clubs", "ten_of_diamonds",
                         "basras", "carry_in"]), inner, max_size=6),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(JSON, JSON, JSON)
def test_malformed_input_is_only_ever_a_rule_error(body, floor, claimed):
    for call in (lambda: score_hand(rules(), body, 2),
                 lambda: play(rules(), [body], 2, 2, 0),
                 lambda: judge_capture(rules(), floor, "7C", claimed, body)):
        with contextlib.suppress(RuleError):
            call()


# --- Floors no play leaves ------------------------------------------------------------------

@pytest.mark.parametrize("preset, floor, first, second", [
    ("egyptian", ["JH", "JD"], "J♥", "J♦"),
    ("egyptian", ["3C", "7D", "JS"], "7♦", "J♠"),   # the Egyptian 7♦ also takes everything
])
def test_a_floor_holding_two_cards_that_each_take_everything_is_refused(preset, floor, first,
                                                                        second):
    with pytest.raises(RuleError) as refused:
        judge_capture(rules(preset), floor, "5S", [])
    assert refused.value.field == "floor"
    assert str(refused.value.message) == (
        f"No play leaves {first} and {second} on the floor together: each takes the whole "
        "floor, so the later one would have taken the other.")


def test_a_lebanese_seven_of_diamonds_beside_a_jack_is_an_ordinary_seven():
    # with seven_of_diamonds none the 7♦ is a plain 7 that cannot take the jack: 10♣ takes
    # 7♦ + 3♣ = 10 and leaves the jack
    verdict = judge_capture(rules("lebanese"), ["JS", "7D", "3C"], "10C", ["7D", "3C"])
    assert verdict.legal


def test_a_card_that_could_have_taken_from_the_lone_card_cannot_have_been_played_onto_it():
    # Lebanese lone-card basra (2): 5♥ lay alone; a 5♠ played onto it must have taken it
    with pytest.raises(RuleError) as refused:
        judge_capture(rules("lebanese"), ["5H", "5S"], "10C", ["5H", "5S"], ["5H"])
    assert refused.value.field == "previous_floor"
    assert str(refused.value.message) == (
        "The 5♠ cannot have been played onto the floor before the previous play and stayed "
        "there: it would have taken 5♥.")
    # a 3♠ could not take the 5♥: the 8♣ takes both with their sum, a basra worth 10
    verdict = judge_capture(rules("lebanese"), ["5H", "3S"], "8C", ["5H", "3S"], ["5H"])
    assert verdict.legal and verdict.basra and verdict.basra_points == 10


@pytest.mark.parametrize("previous, first, second", [
    (["3C", "7D", "JS"], "7♦", "J♠"),   # the Egyptian 7♦ takes everything, as a jack does
    (["JH", "3C", "JD"], "J♥", "J♦"),
])
def test_a_floor_before_the_previous_play_is_held_to_the_rules_of_a_floor(previous, first,
                                                                           second):
    # lone-card basra with the Egyptian 7♦: the floor before the previous play is a floor
    # like any, so two cards that each take everything cannot lie on it together
    with pytest.raises(RuleError) as refused:
        judge_capture(rules("lebanese", seven_of_diamonds="egyptian"), ["3C"], "3H", ["3C"],
                      previous)
    assert refused.value.field == "previous_floor"
    assert str(refused.value.message) == (
        f"No play leaves {first} and {second} on the floor together: each takes the whole "
        "floor, so the later one would have taken the other.")
