"""Shelem: every rule of the seed text and of RULINGS.md, the Yâsâ example, and properties."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from companion.rules.cards import parse_card
from companion.rules.messages import RuleError
from companion.rules.shelem import (
    SPEC,
    card_points,
    judge,
    judge_auction,
    pack_total,
    read_bids,
    read_trick,
)

from ..helpers import shelem_hand as hand


def judge_trick(rules, *trick, **named):
    """A trick given as the API's texts, read then judged."""
    return judge(rules, read_trick(rules, *trick, **named))


def judge_bids(rules, bids):
    """An auction given as the API's list of calls, read then judged."""
    return judge_auction(rules, read_bids(rules, bids))


STANDARD = SPEC.resolve({})
ACES_15 = SPEC.resolve({"ace_points": 15})
MADE_BID = SPEC.resolve({"made": "bid"})
DOUBLE_BID = SPEC.resolve({"yasa_penalty": "double_bid"})
NO_REDEAL = SPEC.resolve({"three_passes_redeal": False})


def score(rules, bidder, bid, points):
    return SPEC.score_written(rules, {"bidder": bidder, "bid": bid, "bidder_points": points}, 2)


def rule_error(call, *args) -> RuleError:
    with pytest.raises(RuleError) as caught:
        call(*args)
    return caught.value


# ---------------------------------------------------------------- the game as data


def test_spec_describes_four_players_in_fixed_partnerships_playing_anticlockwise():
    assert (SPEC.name, SPEC.title, SPEC.player_counts) == ("shelem", "Shelem", (4,))
    assert (SPEC.partnerships, SPEC.direction, SPEC.default_preset) == (
        "always", "anticlockwise", "standard")


def test_standard_preset_is_the_rulings_defaults():
    assert STANDARD.as_dict() == {"preset": "standard", "ace_points": 10, "made": "points",
                                  "yasa_penalty": "total", "three_passes_redeal": True,
                                  "cheating": "deduct", "target": 1200}


def test_target_is_agreed_before_play_any_whole_number():
    for target in (330, 660, 1165, 1200, 500):
        assert SPEC.resolve({"target": target}).target == target
    assert SPEC.catalogue()["options"]["target"]["type"] == "int"
    assert rule_error(SPEC.resolve, {"target": 0}).field == "rules.target"


def test_rules_card_names_the_usual_targets():
    card = dict((label, str(text)) for label, text in SPEC.rules_card(STANDARD))
    assert card["Target"] == (
        "The first team to reach 1200 points wins; if both reach it in the same hand the "
        "higher total wins, and a tie plays on. Usual targets: 1200, 330, 660 or 1165.")
    assert card["Ace points"] == (
        "Each ace is worth 10 points, like a ten: the pack holds 165 points.")


def test_unknown_option_value_is_refused():
    assert rule_error(SPEC.resolve, {"ace_points": 11}).field == "rules.ace_points"
    assert rule_error(SPEC.resolve, {"three_passes_redeal": 1}).field == (
        "rules.three_passes_redeal")


# ---------------------------------------------------------------- points in the pack


def test_chagh_cards_five_is_five_ten_and_ace_are_ten():
    points = [card_points(STANDARD, parse_card(c)) for c in ("5H", "10S", "AD", "KC", "2H")]
    assert points == [5, 10, 10, 0, 0]


def test_aces_worth_fifteen_when_the_table_says_so():
    assert card_points(ACES_15, parse_card("AS")) == 15


def test_pack_adds_up_to_165():
    assert pack_total(STANDARD) == 165


def test_pack_adds_up_to_185_with_fifteen_point_aces():
    assert pack_total(ACES_15) == 185


# ---------------------------------------------------------------- hand scores


def test_made_bid_scores_the_points_taken():
    result = score(STANDARD, 0, 120, 125)
    assert result.scores == [125, 40]
    assert result.extras == {"outcome": "made", "bidder": 0, "bid": 120}
    # the line's figure is the 125 points: "bid of 120 made 125", not "made with 125 125"
    assert str(result.lines[0][0].label) == "bid of 120 made"
    assert result.lines[0][0].points == 125
    bid_only = score(SPEC.resolve({"made": "bid"}), 0, 120, 125)
    assert str(bid_only.lines[0][0].label) == "bid of 120 made with 125"
    assert bid_only.lines[0][0].points == 120


def test_bid_made_exactly_counts_as_made():
    assert score(STANDARD, 1, 120, 120).scores == [45, 120]


def test_made_bid_scores_only_the_bid_under_made_bid():
    result = score(MADE_BID, 0, 120, 150)
    assert (result.scores, result.extras["outcome"]) == ([120, 15], "made")


def test_failed_bid_deducts_the_bid():
    result = score(STANDARD, 0, 120, 100)
    assert (result.scores, result.extras["outcome"]) == ([-120, 65], "failed")
    assert result.details[0] == {"points": 100, "bidder": True, "score": -120, "bid": 120,
                                 "outcome": "failed"}
    assert result.details[1] == {"points": 65, "bidder": False, "score": 65}


def test_failed_just_above_half_the_pack_is_not_yasa():
    assert score(STANDARD, 0, 100, 85).extras["outcome"] == "failed"
    assert score(ACES_15, 0, 100, 95).extras["outcome"] == "failed"


def test_yasa_at_half_the_pack_or_less_costs_the_pack_total():
    result = score(STANDARD, 0, 100, 80)
    assert (result.scores, result.extras["outcome"]) == ([-165, 85], "yasa")


def test_yasa_of_185_pack_is_90_or_less_and_costs_185():
    result = score(ACES_15, 1, 120, 90)
    assert (result.scores, result.extras["outcome"]) == ([95, -185], "yasa")


def test_yasa_example_hakem_took_25_opponents_140():
    result = score(STANDARD, 0, 120, 25)
    assert (result.scores, result.extras["outcome"]) == ([-165, 140], "yasa")


def test_yasa_example_under_double_bid_costs_twice_the_bid():
    result = score(DOUBLE_BID, 0, 120, 25)
    assert (result.scores, result.extras["outcome"]) == ([-240, 140], "yasa")


def test_shelem_every_trick_scores_twice_the_bid():
    result = score(STANDARD, 0, 120, 165)
    assert (result.scores, result.extras["outcome"]) == ([240, 0], "shelem")


def test_shelem_scores_twice_the_bid_under_made_bid_too():
    assert score(MADE_BID, 1, 150, 165).scores == [0, 300]


def test_shelem_with_fifteen_point_aces_needs_all_185():
    assert score(ACES_15, 0, 120, 185).extras["outcome"] == "shelem"
    assert score(ACES_15, 0, 120, 165).scores == [165, 20]


@pytest.mark.parametrize("rules", [STANDARD, MADE_BID, DOUBLE_BID])
def test_shelem_double_every_trick_scores_700(rules):
    result = score(rules, 1, "shelem_double", 165)
    assert (result.scores, result.extras) == (
        [0, 700], {"outcome": "shelem_double_made", "bidder": 1, "bid": "shelem_double"})


@pytest.mark.parametrize("rules", [STANDARD, MADE_BID, DOUBLE_BID])
def test_shelem_double_losing_a_trick_scores_minus_700_and_others_keep_their_points(rules):
    result = score(rules, 0, "shelem_double", 160)
    assert (result.scores, result.extras["outcome"]) == ([-700, 5], "shelem_double_failed")


def test_shelem_double_with_185_pack():
    assert score(ACES_15, 0, "shelem_double", 185).scores == [700, 0]
    assert score(ACES_15, 0, "SHELEM_DOUBLE", 20).scores == [-700, 165]


def test_other_team_always_adds_the_points_it_took():
    for rules, bid, points in ((STANDARD, 100, 30), (DOUBLE_BID, 165, 160), (ACES_15, 185, 5)):
        assert score(rules, 0, bid, points).scores[1] == pack_total(rules) - points


def test_three_passes_redeal_scores_nothing():
    result = SPEC.score_written(STANDARD, {"all_passed": True}, 2)
    assert result.scores == [0, 0]
    assert result.extras == {"outcome": "redeal", "bidder": None, "bid": None}


def test_three_passes_do_not_cancel_when_the_option_is_off():
    error = rule_error(SPEC.score_written, NO_REDEAL, {"all_passed": True}, 2)
    assert str(error) == ("At this table three passes do not cancel the hand: the fourth "
                          "player must bid, so enter the bid and the points.")
    assert error.field == "hand.all_passed"


def test_minimum_bid_is_100_and_bids_go_up_in_fives():
    assert str(rule_error(score, STANDARD, 0, 123, 125)) == (
        "A bid goes up in steps of 5: 123 is not a bid.")
    assert str(rule_error(score, STANDARD, 0, 95, 125)) == (
        "A bid is from 100 to 165: 95 is not a bid.")


def test_bid_cannot_exceed_the_pack_total():
    assert str(rule_error(score, STANDARD, 0, 170, 165)) == (
        "A bid is from 100 to 165: 170 is not a bid.")
    assert score(ACES_15, 0, 185, 185).scores == [370, 0]


@pytest.mark.parametrize("points", [7, 170, True, "120", 12.5])
def test_points_come_in_steps_of_five_within_the_pack(points):
    error = rule_error(score, STANDARD, 0, 120, points)
    assert (str(error), error.field) == (
        "Points come in steps of 5 from 5 to 165.", "hand.bidder_points")


@pytest.mark.parametrize("points", [0, -5])
def test_hakem_discards_give_the_bidding_team_at_least_five_points(points):
    error = rule_error(score, STANDARD, 0, 120, points)
    assert (str(error), error.field) == (
        f"The bidding team has at least 5 points, not {points}: the Hâkem's four discards are "
        "its thirteenth trick, worth 5 points plus their card points.", "hand.bidder_points")
    # the discards alone, every card point and the other 12 tricks to the others: a Yâsâ
    assert score(STANDARD, 0, 100, 5).scores == [-165, 160]


@pytest.mark.parametrize("bidder", [2, -1, True, "0", None, 0.0])
def test_bidder_is_team_zero_or_one(bidder):
    assert rule_error(score, STANDARD, bidder, 120, 125).field == "hand.bidder"


@pytest.mark.parametrize("bid", ["120", 120.0, True, [120]])
def test_bid_must_be_a_number_or_shelem_double(bid):
    error = rule_error(score, STANDARD, 0, bid, 125)
    assert (str(error), error.field) == (
        'The bid must be a number like 120, or "shelem_double".', "hand.bid")


@pytest.mark.parametrize(("bidder", "bid", "points", "sentence", "field"), [
    (None, 120, 125, "Choose the team that won the bid.", "hand.bidder"),
    (0, None, 125, "Choose the bid.", "hand.bid"),
    (0, 120, None, "Enter the points the bidding team took.", "hand.bidder_points"),
])
def test_a_null_field_is_a_blank_one_told_what_to_give(bidder, bid, points, sentence, field):
    # the entry form's sentence for the same field left blank (test_entry_sentences.py)
    error = rule_error(score, STANDARD, bidder, bid, points)
    assert (str(error), error.field) == (sentence, field)


@pytest.mark.parametrize("bad, field", [
    ([1, 2], "hand"),
    ({"bidder": 0, "bid": 120}, "hand.bidder_points"),
    ({"bidder": 0, "bid": 120, "bidder_points": 125, "bonus": 5}, "hand.bonus"),
    ({"all_passed": "yes"}, "hand.all_passed"),
    ({"all_passed": True, "bid": 100}, "hand.bid"),
])
def test_malformed_hand_is_a_rule_error(bad, field):
    assert rule_error(SPEC.score_written, STANDARD, bad, 2).field == field


def test_all_passed_false_is_an_ordinary_hand():
    result = SPEC.score_written(STANDARD, {"all_passed": False, **hand(0, 100, 100)}, 2)
    assert result.scores == [100, 65]


def test_shelem_has_exactly_two_sides():
    assert rule_error(SPEC.score_written, STANDARD, hand(0, 120, 125), 4).field == "sides"


# ---------------------------------------------------------------- game progression


def test_team_scores_are_added_up_hand_by_hand():
    state = SPEC.play_written(STANDARD, [hand(0, 120, 125), hand(1, 100, 25)], 2, 4, 0)
    assert state.totals == [125 + 140, 40 - 165]
    assert (state.finished, state.winner, state.target) == (False, None, 1200)
    assert str(state.status) == "Game in progress."


def test_first_team_to_reach_the_target_wins():
    rules = SPEC.resolve({"target": 330})
    state = SPEC.play_written(rules, [hand(0, 150, 165), hand(0, 100, 30)], 2, 4, 0)
    assert state.totals == [300 - 165, 135]
    state = SPEC.play_written(rules, [hand(0, 150, 165), hand(0, 100, 100)], 2, 4, 0)
    assert (state.totals, state.finished, state.winners) == ([400, 65], True, [0])
    assert str(state.status) == "Side 1 wins."


def test_both_over_the_target_the_higher_total_wins():
    rules = SPEC.resolve({"target": 330})
    hands = [hand(0, 150, 165), hand(1, 125, 165), hand(1, 100, 120)]
    state = SPEC.play_written(rules, hands, 2, 4, 0)
    assert state.totals == [345, 370]  # [300, 0], [300, 250], then both pass 330
    assert (state.finished, state.winners) == (True, [1])


def test_tie_over_the_target_plays_on():
    rules = SPEC.resolve({"target": 330})
    hands = [hand(1, 100, 100), hand(1, 100, 100), hand(0, 100, 100), hand(0, 100, 100)]
    state = SPEC.play_written(rules, hands, 2, 4, 0)
    assert state.totals == [330, 330]
    assert (state.finished, state.winners) == (False, [])
    assert str(state.status) == "Tied at the top past the target: play on until the tie breaks."
    state = SPEC.play_written(rules, [*hands, hand(0, 100, 105)], 2, 4, 0)
    assert (state.totals, state.winners) == ([435, 390], [0])


def test_a_correction_that_ends_the_game_earlier_leaves_the_later_hands_uncounted():
    # Same rule in every game: the deciding hand decides, later hands count for nobody.
    rules = SPEC.resolve({"target": 165})  # the lowest target: one hand's pack
    state = SPEC.play_written(rules, [hand(0, 100, 165), hand(1, 100, 165)], 2, 4, 0)
    # hand 1: team 0 takes every trick, a Shelem (2 × 100 = 200), team 1 nothing: game over.
    # Hand 2, a Shelem for team 1 (+2 × 100), was played after the end: it counts for nobody.
    assert (state.totals, state.winners, state.finished) == ([200, 0], [0], True)
    assert (state.counted, state.after_end, len(state.hands)) == (1, [2], 2)


def test_dealing_passes_to_the_next_seat_each_hand_redeals_included():
    hands = [hand(0, 100, 100), {"all_passed": True}, hand(1, 100, 100)]
    state = SPEC.play_written(STANDARD, hands, 2, 4, 2)
    assert (state.dealer, state.leader) == (1, 2)
    assert state.hands[1].extras["outcome"] == "redeal"


def test_bidding_starts_with_the_player_after_the_dealer():
    # "Bidding starts from the player next to the dealer"; the Hâkem then leads the play.
    assert str(SPEC.leader_role) == "Bids first"
    state = SPEC.play_written(STANDARD, [], 2, 4, 3)
    assert (state.dealer, state.leader, state.totals) == (3, 0, [0, 0])


def test_bad_hand_in_a_game_names_the_hand():
    error = rule_error(SPEC.play_written, STANDARD, [hand(0, 100, 100), hand(0, 123, 100)], 2, 4, 0)
    assert error.field == "hands[1].bid"
    assert rule_error(SPEC.play_written, STANDARD, ["x"], 2, 4, 0).field == "hands[0]"


@pytest.mark.parametrize("hands, players, dealer, field", [
    ([], 3, 0, "players"), ([], 4, 4, "first_dealer"), ([], 4, True, "first_dealer"),
    ({}, 4, 0, "hands"),
])
def test_bad_table_is_a_rule_error(hands, players, dealer, field):
    assert rule_error(SPEC.play_written, STANDARD, hands, 2, players, dealer).field == field


# ---------------------------------------------------------------- referee: tricks


def test_highest_card_of_the_suit_led_takes_the_trick_without_trump():
    verdict = judge_trick(STANDARD, "S", ["10H", "KD", "AH", "QH"])
    assert (verdict.winner, verdict.points, verdict.legal) == (2, 25, True)
    assert str(verdict.reason) == ("A♥ takes the trick as the highest card of the suit led, "
                                   "with no trump played; the trick is worth 25 points.")


def test_off_suit_card_never_takes_the_trick():
    assert judge_trick(STANDARD, "C", ["2H", "AS", "AD", "3H"]).winner == 3


def test_highest_trump_takes_the_trick():
    verdict = judge_trick(STANDARD, "s", ["AH", "2S", "KH", "5S"])
    assert (verdict.winner, verdict.points) == (3, 20)
    assert str(verdict.reason) == (
        "5♠ takes the trick as the highest trump; the trick is worth 20 points.")


def test_rank_order_ace_king_queen_jack_ten_down_to_two():
    assert judge_trick(STANDARD, "D", ["10H", "JH", "9H", "2H"]).winner == 1
    assert judge_trick(STANDARD, "D", ["KH", "QH", "AH", "JH"]).winner == 2


def test_trick_points_count_aces_per_option():
    cards = ["AH", "10H", "5H", "2H"]
    assert judge_trick(STANDARD, "♥", cards).points == 30
    assert judge_trick(ACES_15, "♥", cards).points == 35


def test_must_follow_suit_if_able_revoke_is_illegal():
    hands = [["KH", "2C"], ["3H", "QS"], ["AS", "4D"], ["6H", "7C"]]
    verdict = judge_trick(STANDARD, "S", ["KH", "QS", "AS", "6H"], hands)
    assert (verdict.legal, verdict.winner, verdict.points) == (False, 2, 15)
    assert str(verdict.reason) == ("Player 2 played Q♠ while holding 3♥ of the suit led, ♥: "
                                   "a player must follow suit if able.")


def test_follow_suit_is_judged_from_the_hands_that_are_known():
    # K♠ led, 3♥ trumps it though player 3 still held 7♠; the other hands are not known
    hands = [None, None, ["3H", "7S", "2D"], None]
    verdict = judge_trick(STANDARD, "H", ["KS", "AS", "3H", "10S"], hands)
    assert (verdict.legal, verdict.revoke, verdict.winner, verdict.points) == (False, 2, 2, 25)
    assert str(verdict.reason) == ("Player 3 played 3♥ while holding 7♠ of the suit led, ♠: "
                                   "a player must follow suit if able.")


def test_a_known_hand_that_could_not_follow_makes_the_trick_legal_whatever_the_others_held():
    hands = [None, ["AS", "2C"], None, ["3H", "4D"]]
    verdict = judge_trick(STANDARD, "H", ["KS", "AS", "QS", "3H"], hands)
    assert (verdict.legal, verdict.revoke, verdict.winner) == (True, None, 3)


def test_a_known_hand_cannot_hold_a_card_another_player_played():
    hands = [None, None, ["3H", "KS"], None]
    error = rule_error(judge_trick, STANDARD, "H", ["KS", "AS", "3H", "10S"], hands)
    assert (str(error), error.field) == (
        "The hand given for player 3 holds K♠, which player 1 played in this trick.", "hands[2]")


def test_any_card_is_legal_when_unable_to_follow_suit():
    hands = [["KH", "2C"], ["QS", "4C"], ["AS", "4D"], ["6H", "7C"]]
    verdict = judge_trick(STANDARD, "S", ["KH", "QS", "AS", "6H"], hands)
    assert (verdict.legal, verdict.winner) == (True, 2)


def test_trick_taker_leads_any_suit():
    hands = [["2C", "AS", "AH"], ["3C", "QS", "5H"], ["4C", "KD", "5D"], ["5C", "7S", "6H"]]
    assert judge_trick(STANDARD, "S", ["2C", "3C", "4C", "5C"], hands).legal


def test_hakem_plays_the_trump_at_the_first_trick_to_announce_it():
    verdict = judge_trick(STANDARD, "S", ["KH", "QH", "AH", "6H"], first_trick=True)
    assert not verdict.legal
    assert str(verdict.reason) == ("The Hâkem led K♥, but the first card of the hand must be a "
                                   "trump, ♠: it announces the trump.")
    assert judge_trick(STANDARD, "S", ["KS", "QH", "AH", "6H"], first_trick=True).legal


@pytest.mark.parametrize("cards, field, text", [
    (["AH", "KH", "QH"], "cards", "A trick has 4 cards, one from each player: 3 entered."),
    (["AH", "KH", "QH", "AH"], "cards", "The A♥ is entered twice."),
    (["AH", "KH", "QH", "JK"], "cards", "There is no JK in this deck."),
    ("AH KH QH JH", "cards", "A list of cards was expected."),
    (["AH", "KH", "QH", "1H"], "cards[3]", None),
])
def test_impossible_trick_is_a_rule_error(cards, field, text):
    error = rule_error(judge_trick, STANDARD, "S", cards)
    assert error.field == field
    if text:
        assert str(error) == text


@pytest.mark.parametrize("trump", ["X", "", None, 3, "SH"])
def test_trump_must_be_a_suit(trump):
    assert rule_error(judge_trick, STANDARD, trump, ["AH", "KH", "QH", "JH"]).field == "trump"


def test_played_card_must_be_in_the_given_hand():
    hands = [["KH"], ["3H", "QH"], ["AS"], ["6H"]]
    error = rule_error(judge_trick, STANDARD, "S", ["KH", "QS", "AS", "6H"], hands)
    assert (str(error), error.field) == (
        "Player 2 played Q♠, which is not in the hand given for them.", "hands[1]")


@pytest.mark.parametrize("hands, field", [
    ([["KH"], ["QS"], ["AS"]], "hands"),
    ([["KH"], ["QS", "KH"], ["AS"], ["6H"]], "hands"),
    ([["KH"], ["QS"], ["AS"], "6H"], "hands[3]"),
    ([["KH", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
      ["QS"], ["AS"], ["6H"]], "hands[0]"),
])
def test_impossible_hands_are_a_rule_error(hands, field):
    cards = ["KH", "QS", "AS", "6H"]
    assert rule_error(judge_trick, STANDARD, "S", cards, hands).field == field


# ---------------------------------------------------------------- referee: bidding


def test_high_bidder_becomes_hakem():
    verdict = judge_bids(STANDARD, [100, "pass", 105, "pass", "pass"])
    assert (verdict.legal, verdict.hakem, verdict.contract, verdict.redeal) == (
        True, 2, 105, False)
    assert str(verdict.reason) == "Player 3 is Hâkem with a bid of 105: the other players passed."


def test_a_player_that_passed_may_not_bid_again():
    # seat 1 passed, so after seat 3 the turn skips to seat 0, then seat 2
    verdict = judge_bids(STANDARD, [100, "pass", 105, 110, 115, "pass", "pass"])
    assert (verdict.hakem, verdict.contract) == (0, 115)


def test_first_player_may_open_at_100():
    verdict = judge_bids(STANDARD, [100, "pass", "pass", "pass"])
    assert (verdict.legal, verdict.hakem, verdict.contract) == (True, 0, 100)


def test_each_bid_must_be_above_the_last():
    verdict = judge_bids(STANDARD, [110, 110])
    assert (verdict.legal, verdict.hakem) == (False, None)
    assert str(verdict.reason) == (
        "Call 2 (110) is not allowed. A bid must be above the last bid, 110.")


def test_bids_go_up_in_steps_of_five_from_100():
    assert str(judge_bids(STANDARD, [100, 123]).reason) == (
        "Call 2 (123) is not allowed. A bid goes up in steps of 5: 123 is not a bid.")
    assert str(judge_bids(STANDARD, [95]).reason) == (
        "Call 1 (95) is not allowed. A bid is from 100 to 165: 95 is not a bid.")


def test_bids_stop_at_the_pack_total():
    assert not judge_bids(STANDARD, [170]).legal
    assert judge_bids(ACES_15, [185, "pass", "pass", "pass"]).contract == 185


def test_shelem_double_ends_the_bidding():
    verdict = judge_bids(STANDARD, [100, "Shelem_Double"])
    assert (verdict.legal, verdict.hakem, verdict.contract) == (True, 1, "shelem_double")
    assert str(verdict.reason) == ("Player 2 bid Shelem Double and is Hâkem: the team must win "
                                   "every trick.")


def test_no_call_after_shelem_double():
    verdict = judge_bids(STANDARD, ["shelem_double", "pass"])
    assert (verdict.legal, str(verdict.reason)) == (
        False, "Call 2 (pass) is not allowed. The bidding is already over.")


def test_no_call_after_the_auction_is_won():
    assert not judge_bids(STANDARD, [100, "pass", "pass", "pass", 105]).legal


def test_three_passes_cancel_the_hand():
    verdict = judge_bids(STANDARD, ["pass", "PASS", " pass "])
    assert (verdict.legal, verdict.redeal, verdict.hakem, verdict.contract) == (
        True, True, None, None)


def test_no_call_after_three_passes_cancel_the_hand():
    verdict = judge_bids(STANDARD, ["pass", "pass", "pass", 100])
    assert (verdict.legal, verdict.redeal) == (False, False)
    assert str(verdict.reason) == ("Call 4 (100) is not allowed: the first three players "
                                   "passed, so the hand is cancelled and dealt again.")


def test_without_three_passes_rule_the_fourth_player_must_bid():
    open_verdict = judge_bids(NO_REDEAL, ["pass", "pass", "pass"])
    assert (open_verdict.legal, open_verdict.hakem, open_verdict.redeal) == (True, None, False)
    verdict = judge_bids(NO_REDEAL, ["pass", "pass", "pass", "pass"])
    assert not verdict.legal
    assert str(verdict.reason) == (
        "Call 4 (pass) is not allowed. The first three players passed and three passes do not "
        "cancel the hand here, so the last player must bid at least 100.")
    verdict = judge_bids(NO_REDEAL, ["pass", "pass", "pass", 100])
    assert (verdict.legal, verdict.hakem, verdict.contract) == (True, 3, 100)


def test_three_passes_after_a_bid_do_not_cancel():
    verdict = judge_bids(STANDARD, ["pass", "pass", 100, "pass"])
    assert (verdict.hakem, verdict.contract, verdict.redeal) == (2, 100, False)


def test_open_auction_says_who_calls_next():
    verdict = judge_bids(STANDARD, [100, 105, "pass"])
    assert (verdict.legal, verdict.hakem, verdict.contract) == (True, None, None)
    assert str(verdict.reason) == ("The auction is still open: player 4 calls next; the bid "
                                   "stands at 105 by player 2.")
    assert str(judge_bids(STANDARD, []).reason) == (
        "The auction is still open: player 1 calls next, and nobody has bid yet.")


@pytest.mark.parametrize("bids, field", [
    ("100", "bids"), ([100, "double"], "bids[1]"), ([True], "bids[0]"), ([100.0], "bids[0]"),
    ([None], "bids[0]"),
])
def test_malformed_calls_are_a_rule_error(bids, field):
    assert rule_error(judge_bids, STANDARD, bids).field == field


# ---------------------------------------------------------------- properties

RULE_SETS = [SPEC.resolve({"ace_points": a, "made": m, "yasa_penalty": y})
             for a in (10, 15) for m in ("points", "bid") for y in ("total", "double_bid")]


@st.composite
def scored_hands(draw):
    rules = draw(st.sampled_from(RULE_SETS))
    total = pack_total(rules)
    bid = draw(st.sampled_from([*range(100, total + 1, 5), "shelem_double"]))
    points = draw(st.sampled_from(range(5, total + 1, 5)))  # the discards are 5 at least
    return rules, draw(st.sampled_from([0, 1])), bid, points


def outcome_formulas(rules, bid, points):
    """outcome -> (does it fit these points?, the bidding team's score)."""
    total = pack_total(rules)
    if bid == "shelem_double":
        return {"shelem_double_made": (points == total, 700),
                "shelem_double_failed": (points < total, -700)}
    yasa = -total if rules.yasa_penalty == "total" else -2 * bid
    return {
        "shelem": (points == total, 2 * bid),
        "made": (bid <= points < total, points if rules.made == "points" else bid),
        "yasa": (2 * points <= total, yasa),
        "failed": (total < 2 * points < 2 * bid, -bid),
    }


@settings(max_examples=300, deadline=None)
@given(scored_hands())
def test_property_other_team_gets_the_rest_and_bidder_score_fits_the_points(case):
    rules, bidder, bid, points = case
    result = score(rules, bidder, bid, points)
    assert result.scores[1 - bidder] == pack_total(rules) - points
    formulas = outcome_formulas(rules, bid, points)
    assert sum(fits for fits, _ in formulas.values()) == 1
    fits, expected = formulas[result.extras["outcome"]]
    assert fits and result.scores[bidder] == expected
    assert sum(line.points for line in result.lines[bidder]) == result.scores[bidder]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([f"{r}{s}" for r in ("2", "5", "9", "10", "J", "K", "A")
                                 for s in "SHDC"]), min_size=4, max_size=4, unique=True),
       st.sampled_from("SHDC"))
def test_property_winner_is_highest_trump_else_highest_of_suit_led(cards, trump):
    verdict = judge_trick(STANDARD, trump, cards)
    order = ["2", "5", "9", "10", "J", "K", "A"]
    trumps = [c for c in cards if c[-1] == trump]
    contenders = trumps or [c for c in cards if c[-1] == cards[0][-1]]
    assert cards[verdict.winner] == max(contenders, key=lambda c: order.index(c[:-1]))
    assert verdict.points == 5 + sum(card_points(STANDARD, parse_card(c)) for c in cards)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["pass", "raise", "shelem_double"]), max_size=14),
       st.booleans())
def test_property_legal_auctions_end_with_the_last_bidder_as_hakem(moves, redeal_rule):
    rules = SPEC.resolve({"three_passes_redeal": redeal_rule})
    calls, high, last_bidder, active, turn = [], 95, None, [0, 1, 2, 3], 0
    for move in moves:
        if move == "raise" and high >= 165:
            move = "pass"
        if move == "pass" and last_bidder is None and active == [3]:
            move = "raise"  # the last player may not pass (or the hand was redealt)
        if move == "raise":
            high += 5
        calls.append(high if move == "raise" else move)
        if move == "pass":
            active.pop(turn)
            turn %= len(active)
        else:
            last_bidder = active[turn]
            turn = (turn + 1) % len(active)
        ended = move == "shelem_double" or (len(active) == 1 and last_bidder is not None)
        if ended or (active == [3] and last_bidder is None and redeal_rule):
            break
    verdict = judge_bids(rules, calls)
    assert verdict.legal
    event("hakem" if verdict.hakem is not None else "redeal" if verdict.redeal else "open")
    if verdict.hakem is not None:
        assert verdict.hakem == last_bidder
        assert verdict.contract == ("shelem_double" if calls[-1] == "shelem_double" else high)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 200) | st.floats(allow_nan=False)
    | st.sampled_from(["pass", "shelem_double", "AS", "10H", "JK", "S", "x", ""]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["bidder", "bid", "bidder_points", "all_passed", "z"]),
                      inner, max_size=4),
    max_leaves=12,
)



@settings(max_examples=300, deadline=None)
@given(JSON, JSON, JSON)
def test_property_malformed_input_is_a_rule_error_never_a_crash(first, second, third):
    for call, args in ((SPEC.score_written, (first, 2)), (judge_bids, (first,)),
                       (judge_trick, (first, second, third)),
                       (SPEC.play_written, ([first, second], 2, 4, 0))):
        with contextlib.suppress(RuleError):
            call(STANDARD, *args)


# --- Cheating (shelem.txt: "Any cheating caught from each team results to deduct the bid from
# the cheating team total score") --------------------------------------------------------

def test_the_other_team_caught_cheating_loses_the_bid_on_top_of_its_points():
    # bid 120 made with 130: team 0 scores 130; team 1 took 165 - 130 = 35, minus 120 = -85
    score = SPEC.score_written(STANDARD, {"bidder": 0, "bid": 120, "bidder_points": 130,
                                  "cheating": 1}, 2)
    assert score.scores == [130, 35 - 120]
    assert [line.points for line in score.lines[1]] == [35, -120]
    assert str(score.headline) == "Side 1 bid 120: made; Side 2 caught cheating"
    assert score.extras["cheating"] == 1


def test_the_bidding_team_caught_cheating_loses_its_bid_too():
    # made 130 on a bid of 120, then the bid deducted: 130 - 120 = 10
    score = SPEC.score_written(STANDARD, {"bidder": 0, "bid": 120, "bidder_points": 130,
                                  "cheating": 0}, 2)
    assert score.scores == [10, 35]


def test_instead_the_caught_team_scores_only_minus_the_bid():
    rules = SPEC.resolve({"cheating": "instead"})
    score = SPEC.score_written(rules, {"bidder": 0, "bid": 120, "bidder_points": 130,
                                    "cheating": 1}, 2)
    assert score.scores == [130, -120]
    double = SPEC.score_written(rules, {"bidder": 1, "bid": "shelem_double", "bidder_points": 165,
                                "cheating": 1}, 2)
    assert double.scores == [0, -700]  # a Shelem Double's bid is its 700


def test_a_game_from_before_the_house_rule_deducts_on_top():
    # stored rules from before the option existed, read (as every stored game) through the spec
    old = SPEC.resolve({key: value for key, value in STANDARD.as_dict().items()
                        if key != "cheating"})
    score = SPEC.score_written(old, {"bidder": 1, "bid": 100, "bidder_points": 100,
                                     "cheating": 0}, 2)
    assert score.scores == [65 - 100, 100]


@pytest.mark.parametrize("hand, field", [
    ({"bidder": 0, "bid": 120, "bidder_points": 130, "cheating": 2}, "hand.cheating"),
    ({"bidder": 0, "bid": 120, "bidder_points": 130, "cheating": True}, "hand.cheating"),
    ({"all_passed": True, "cheating": 0}, "hand.cheating"),
])
def test_cheating_names_a_team_of_a_hand_with_a_bid(hand, field):
    with pytest.raises(RuleError) as refused:
        SPEC.score_written(STANDARD, hand, 2)
    assert refused.value.field == field
