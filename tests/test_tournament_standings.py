"""Standings worked out by hand: match points, tie-breakers in order, and their breakdown."""

from __future__ import annotations

from companion.rules.shelem import SPEC
from companion.rules.shelem import SPEC as SHELEM
from companion.tournament.records import Record, add_game
from companion.tournament.standings import Result, Scoring, standings


def won(a, b, pa, pb):
    return Result((a, b), (1, 2), (pa, pb))


def table(rows):
    return [(r.rank, r.name, r.points, r.decided_by, r.breakdown) for r in rows]


def test_round_robin_of_four_head_to_head_then_difference():
    # A 4 (beat B, D), B 4 (beat C, D), C 2, D 2 (beat C): A over B and D over C head-to-head.
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    results = [won(1, 2, 150, 90), won(3, 1, 120, 100), won(1, 4, 130, 60),
               won(2, 3, 110, 100), won(2, 4, 140, 50), won(4, 3, 120, 110)]
    rows = standings(names, results)
    assert table(rows) == [
        (1, "A", 4, "head_to_head", [("head_to_head", 2)]),
        (2, "B", 4, "head_to_head", [("head_to_head", 0)]),
        (3, "D", 2, "head_to_head", [("head_to_head", 2)]),
        (4, "C", 2, "head_to_head", [("head_to_head", 0)]),
    ]
    a = rows[0]
    assert (a.played, a.won, a.drawn, a.lost, a.scored, a.conceded) == (3, 2, 0, 1, 380, 270)
    assert a.tiebreaks == {"head_to_head": 2, "game_point_difference": 110,
                           "points_scored": 380}


def test_three_way_circle_falls_through_to_difference_then_points_scored():
    # A beat B 140:100, B beat C 150:120, C beat A 110:90: head-to-head 2 each; differences
    # +20, -10, -10; then points scored separates B (250) from C (230).
    names = {1: "A", 2: "B", 3: "C"}
    results = [won(1, 2, 140, 100), won(2, 3, 150, 120), won(3, 1, 110, 90)]
    rows = standings(names, results)
    assert table(rows) == [
        (1, "A", 2, "game_point_difference",
         [("head_to_head", 2), ("game_point_difference", 20)]),
        (2, "B", 2, "points_scored",
         [("head_to_head", 2), ("game_point_difference", -10), ("points_scored", 250)]),
        (3, "C", 2, "points_scored",
         [("head_to_head", 2), ("game_point_difference", -10), ("points_scored", 230)]),
    ]


def test_swiss_buchholz_first_then_difference():
    # R1 A-B 100:80, C-D 100:50; R2 A-C 100:90, B-D 100:70. B and C have 2 points each,
    # Buchholz 4 each (A 4 + D 0), never met (head-to-head not counted), so the game-point
    # difference decides: C +40.
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    results = [won(1, 2, 100, 80), won(3, 4, 100, 50), won(1, 3, 100, 90), won(2, 4, 100, 70)]
    scoring = Scoring(tiebreaks=("buchholz", "head_to_head", "game_point_difference",
                                 "points_scored"))
    rows = standings(names, results, scoring)
    assert table(rows) == [
        (1, "A", 4, None, []),
        (2, "C", 2, "game_point_difference",
         [("buchholz", 4), ("game_point_difference", 40)]),
        (3, "B", 2, "game_point_difference",
         [("buchholz", 4), ("game_point_difference", 10)]),
        (4, "D", 0, None, []),
    ]
    assert rows[0].tiebreaks["buchholz"] == 4  # B 2 + C 2


def test_head_to_head_is_not_counted_between_two_level_entrants_who_never_met():
    # Round 1 only: A beat B 100:80, C beat D 120:60. A and C (2 points) never met, nor did
    # B and D (0): the game-point difference decides, C +60 over A +20, B -20 over D -60.
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    rows = standings(names, [won(1, 2, 100, 80), won(3, 4, 120, 60)])
    assert table(rows) == [
        (1, "C", 2, "game_point_difference", [("game_point_difference", 60)]),
        (2, "A", 2, "game_point_difference", [("game_point_difference", 20)]),
        (3, "B", 0, "game_point_difference", [("game_point_difference", -20)]),
        (4, "D", 0, "game_point_difference", [("game_point_difference", -60)]),
    ]
    assert all(r.tiebreaks["head_to_head"] is None and r.head_to_head_unmet for r in rows)


def test_head_to_head_cannot_decide_when_the_level_entrants_did_not_all_meet():
    # R1 A-B 110:100, C-D 100:60, E-F 150:50; R2 E-C 120:100, D-A 100:90, B-F 130:70.
    # E 4; A, B, C, D 2 each; F 0. A-C, B-C and B-D never met. Counting head-to-head
    # among the four would put B (0 taken) last; instead the difference decides:
    # B 230-180 = +50, C 200-180 = +20, A 200-200 = 0, D 160-190 = -30.
    names = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E", 6: "F"}
    results = [won(1, 2, 110, 100), won(3, 4, 100, 60), won(5, 6, 150, 50),
               won(5, 3, 120, 100), won(4, 1, 100, 90), won(2, 6, 130, 70)]
    rows = standings(names, results)
    assert table(rows) == [
        (1, "E", 4, None, []),
        (2, "B", 2, "game_point_difference", [("game_point_difference", 50)]),
        (3, "C", 2, "game_point_difference", [("game_point_difference", 20)]),
        (4, "A", 2, "game_point_difference", [("game_point_difference", 0)]),
        (5, "D", 2, "game_point_difference", [("game_point_difference", -30)]),
        (6, "F", 0, None, []),
    ]


def test_three_way_tie_is_split_by_head_to_head_among_the_three_only():
    # A beat B 120:100, A drew C 100:100, B beat C 110:90, D beat A 130:80, B drew E 100:100,
    # C beat D 140:60. A, B, C have 3 points and all met: among them A took 2+1 = 3, B 0+2 = 2,
    # C 1+0 = 1. (The difference would give the reverse: C +60, B 0, A -30.)
    names = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E"}
    results = [won(1, 2, 120, 100), Result((1, 3), (1, 1), (100, 100)), won(2, 3, 110, 90),
               won(4, 1, 130, 80), Result((2, 5), (1, 1), (100, 100)), won(3, 4, 140, 60)]
    rows = standings(names, results)
    assert table(rows) == [
        (1, "A", 3, "head_to_head", [("head_to_head", 3)]),
        (2, "B", 3, "head_to_head", [("head_to_head", 2)]),
        (3, "C", 3, "head_to_head", [("head_to_head", 1)]),
        (4, "D", 2, None, []),
        (5, "E", 1, None, []),
    ]


def test_head_to_head_after_an_earlier_tie_break_counts_only_the_entrants_still_level():
    # Difference first. B beat C 100:90, D beat B 100:90, C beat E 110:100, A beat F 150:50.
    # A, B, C, D have 2: differences A +100, D +10, B 0, C 0. Only B and C are still level,
    # and they met: B took 2 from C. (A never met C: over all four, head-to-head could not
    # decide and points scored would put C, 200, above B, 190.)
    names = {1: "A", 2: "B", 3: "C", 4: "D", 5: "E", 6: "F"}
    results = [won(2, 3, 100, 90), won(4, 2, 100, 90), won(3, 5, 110, 100),
               won(1, 6, 150, 50)]
    scoring = Scoring(tiebreaks=("game_point_difference", "head_to_head", "points_scored"))
    rows = standings(names, results, scoring)
    assert table(rows) == [
        (1, "A", 2, "game_point_difference", [("game_point_difference", 100)]),
        (2, "D", 2, "game_point_difference", [("game_point_difference", 10)]),
        (3, "B", 2, "head_to_head", [("game_point_difference", 0), ("head_to_head", 2)]),
        (4, "C", 2, "head_to_head", [("game_point_difference", 0), ("head_to_head", 0)]),
        (5, "E", 0, "game_point_difference", [("game_point_difference", -10)]),
        (6, "F", 0, "game_point_difference", [("game_point_difference", -100)]),
    ]


def test_knockout_of_four_ranks_by_stage_then_difference():
    # Semis 1-4 120:100, 3-2 110:105; final 1-3 130:90. Losing semi-finalists: 2 (-5), 4 (-20).
    names = {1: "S1", 2: "S2", 3: "S3", 4: "S4"}
    results = [won(1, 4, 120, 100), won(3, 2, 110, 105), won(1, 3, 130, 90)]
    rows = standings(names, results)
    assert [(r.rank, r.name, r.points) for r in rows] == [
        (1, "S1", 4), (2, "S3", 2), (3, "S2", 0), (4, "S4", 0)]
    assert rows[2].breakdown == [("game_point_difference", -5)]  # S2 and S4 never met
    assert rows[2].decided_by == "game_point_difference"


def test_draws_byes_and_custom_points():
    names = {1: "A", 2: "B", 3: "C"}
    results = [Result((1, 2), (1, 1), (100, 100)), Result((3,), (1,), (0,))]
    rows = standings(names, results, Scoring(win=3, draw=1, loss=0))
    assert [(r.name, r.points, r.won, r.drawn, r.played) for r in rows] == [
        ("C", 3, 1, 0, 1), ("A", 1, 0, 1, 1), ("B", 1, 0, 1, 1)]
    assert rows[1].rank == rows[2].rank == 2 and rows[1].shared


def test_multi_player_tables_give_rank_points_and_pairwise_head_to_head():
    # Table 1: A, B, C, D in that order -> 3, 2, 1, 0 rank points. Table 2: D, C, B -> 2, 1, 0.
    # B, C, D have 2 each. Head-to-head pairwise (2 a win): each beat the other two once: 4.
    # Differences: B 80 - 270 = -190, C 90 - 260 = -170, D 90 - 260 = -170; points scored
    # 90 and 90: C and D share second place.
    names = {1: "A", 2: "B", 3: "C", 4: "D"}
    results = [Result((1, 2, 3, 4), (1, 2, 3, 4), (90, 60, 40, 10)),
               Result((4, 3, 2), (1, 2, 3), (80, 50, 20))]
    rows = standings(names, results)
    assert [(r.rank, r.name, r.points, r.tiebreaks["head_to_head"]) for r in rows] == [
        (1, "A", 3, None), (2, "C", 2, 4), (2, "D", 2, 4), (4, "B", 2, 4)]
    assert [r.difference for r in rows] == [90 - 110, -170, -170, -190]
    assert rows[1].shared and rows[2].shared and rows[1].decided_by is None
    assert rows[1].breakdown == [("head_to_head", 4), ("game_point_difference", -170),
                                 ("points_scored", 90)]
    assert rows[3].decided_by == "game_point_difference"
    assert (rows[3].won, rows[3].lost, rows[0].won) == (0, 2, 1)
    assert Scoring(rank_points=(5, 3, 1, 0)).for_place(results[0], 1) == 3


def test_shelem_records_count_bids_for_both_partners():
    rules = SHELEM.resolve(None)
    hands = [SPEC.score_written(rules, h, 2) for h in (
        {"bidder": 0, "bid": 120, "bidder_points": 130},   # made
        {"bidder": 0, "bid": 150, "bidder_points": 60},    # yasa
        {"bidder": 1, "bid": 100, "bidder_points": 165},   # shelem
        {"all_passed": True})]
    records: dict[str, Record] = {}
    add_game(records, "shelem", ["Ali", "Bahar", "Cyrus", "Dara"], [[0, 2], [1, 3]], True, [1],
             hands)
    ali, bahar = records["Ali"], records["Bahar"]
    assert (ali.made, ali.yasa, ali.shelem, ali.failed) == (1, 1, 0, 0)
    assert (bahar.shelem, bahar.won, bahar.hands) == (1, 1, 3)
    assert records["Cyrus"].made == 1
    assert ali.average == round((130 - 165 + 0) / 3, 1)
