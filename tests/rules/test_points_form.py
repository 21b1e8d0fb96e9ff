"""Shlla'at and Ghârat hands entered as each player's counted points (values worked out from
the seed texts: Shlla'at's pack holds 252 points, 304 with two packs; Ghârat's 380)."""

from __future__ import annotations

import pytest

from companion.rules import gharat, shllaat
from companion.rules.messages import RuleError

ONE_PACK = shllaat.SPEC.resolve({})
TWO_PACKS = shllaat.SPEC.resolve({"preset": "two-decks"})
GHARAT = gharat.SPEC.resolve({})


def test_shllaat_points_are_each_players_score_and_add_up_to_252():
    score = shllaat.SPEC.score_written(ONE_PACK, {"points": [100, 52, 60, 40]}, 4)
    assert score.scores == [100, 52, 60, 40]
    assert [[(str(line.label), line.points) for line in side] for side in score.lines] == [
        [("points counted", 100)], [("points counted", 52)], [("points counted", 60)],
        [("points counted", 40)]]


def test_shllaat_with_two_packs_adds_up_to_304():
    assert shllaat.SPEC.score_written(TWO_PACKS, {"points": [150, 154]}, 2).scores == [150, 154]
    with pytest.raises(RuleError) as error:
        shllaat.SPEC.score_written(TWO_PACKS, {"points": [150, 150]}, 2)
    assert str(error.value) == ("The points add up to 300, but every hand's points add up to "
                                "the pack's 304.")
    assert error.value.field == "hand.points"


def test_shllaat_points_short_of_the_pack_are_refused():
    with pytest.raises(RuleError, match="add up to 251, but every hand's points add up to the "
                                        "pack's 252"):
        shllaat.SPEC.score_written(ONE_PACK, {"points": [200, 51]}, 2)


def test_gharat_points_are_multiples_of_5_up_to_380_and_the_rest_scores_for_nobody():
    assert gharat.SPEC.score_written(GHARAT, {"points": [120, 85, 0, 100]}, 4).scores == [
        120, 85, 0, 100]
    assert gharat.SPEC.score_written(GHARAT, {"points": [200, 180]}, 2).scores == [200, 180]


def test_gharat_points_not_a_multiple_of_5_name_the_player():
    with pytest.raises(RuleError) as error:
        gharat.SPEC.score_written(GHARAT, {"points": [10, 12]}, 2)
    assert str(error.value) == "The points of Side 2 must be a multiple of 5: 12 is not."
    assert error.value.field == "hand.points[1]"


def test_gharat_points_past_380_are_refused():
    with pytest.raises(RuleError) as error:
        gharat.SPEC.score_written(GHARAT, {"points": [200, 185]}, 2)
    assert str(error.value) == "The points add up to 385, but the whole pack holds only 380."


def test_gharat_partners_points_are_added_per_team():
    # Players 1 and 3 are the first team, players 2 and 4 the second.
    score = gharat.SPEC.score_written(GHARAT, {"points": [50, 60, 70, 80]}, 2)
    assert score.scores == [120, 140]


@pytest.mark.parametrize("game, rules, hand, message", [
    (gharat, GHARAT, {"points": [0, 0]}, "Nothing entered yet."),
    (gharat, GHARAT, {"numbers": [0, 0], "courts": [0, 0], "aces": [0, 0]},
     "Nothing entered yet."),
    (gharat, GHARAT, {"captured": [[], []]}, "Nothing entered yet."),
    (shllaat, ONE_PACK, {"points": [0, 0]}, "Nothing entered yet."),
    (gharat, GHARAT, {"points": [5, -5]}, "The points of Side 2 must be a whole number of 0 or "
                                          "more."),
    (gharat, GHARAT, {"points": [5, "5"]}, "The points of Side 2 must be a whole number"),
    (gharat, GHARAT, {"points": [5, 5, 5]}, "points must hold numbers, one per side"),
    (gharat, GHARAT, {"points": [5, 5], "numbers": [1, 1]}, "not several"),
])
def test_impossible_points_are_refused_with_a_sentence(game, rules, hand, message):
    with pytest.raises(RuleError, match=message):
        game.SPEC.score_written(rules, hand, 2)


def test_a_game_entered_in_points_reaches_its_target():
    hands = [{"points": [200, 52]}, {"points": [200, 52]}, {"points": [101, 151]}]
    state = shllaat.SPEC.play_written(ONE_PACK, hands, 2, 2, 0)
    assert state.totals == [501, 255] and state.winners == [0]
    assert state.running_totals == [[200, 52], [400, 104], [501, 255]]


def test_scoresheet_headlines_say_who_bid_what_and_a_tie_that_carries():
    from companion.rules import basra, shelem
    rules = shelem.SPEC.resolve({})
    made = shelem.SPEC.score_written(rules, {"bidder": 1, "bid": 120, "bidder_points": 130}, 2)
    assert str(made.headline) == "Side 2 bid 120: made"
    yasa = shelem.SPEC.score_written(rules, {"bidder": 0, "bid": 120, "bidder_points": 80}, 2)
    assert str(yasa.headline) == "Side 1 bid 120: Yâsâ"
    double = shelem.SPEC.score_written(rules, {"bidder": 0, "bid": "shelem_double",
                                       "bidder_points": 160}, 2)
    assert str(double.headline) == "Side 1 bid Shelem Double: lost"
    # 26 cards each: nobody has the most, so the 30 majority points wait for the next hand.
    tie = basra.SPEC.score_written(basra.SPEC.resolve({}), {
        "cards": [26, 26], "jacks": [2, 2], "aces": [2, 2], "two_of_clubs": 0,
        "ten_of_diamonds": 1, "basras": [0, 0]}, 2)
    assert str(tie.headline) == "tie — 30 carried"
