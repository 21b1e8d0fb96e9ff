"""Names in natural order (Player 2 before Player 10), and a knockout ranked by the round each
entrant reached."""

from __future__ import annotations

from companion.tournament.bracket import Played
from companion.tournament.natural import natural_key
from companion.tournament.reached import reached
from companion.tournament.standings import standings


def test_numbers_in_names_sort_by_value_and_case_does_not_count():
    names = ["Player 10", "player 2", "Player 1", "Player 100", "Player 11", "Ali",
             "Table 2 B", "Table 2 a", "Player ۳"]
    assert sorted(names, key=natural_key) == [
        "Ali", "Player 1", "player 2", "Player ۳", "Player 10", "Player 11", "Player 100",
        "Table 2 a", "Table 2 B"]


def test_tied_standings_list_players_in_natural_order():
    names = {1: "Player 10", 2: "Player 2", 3: "Player 1", 4: "Player 100", 5: "Player 11"}
    rows = standings(names, [])  # nobody has played: all level, all sharing rank 1
    assert [(r.rank, r.name) for r in rows] == [
        (1, "Player 1"), (1, "Player 2"), (1, "Player 10"), (1, "Player 11"),
        (1, "Player 100")]


def test_a_knockout_ranks_by_the_round_reached():
    # Eight entrants. Quarter-finals: 1 beat 8, 4 beat 5, 2 beat 7, 3 beat 6. Semi-finals:
    # 1 beat 4, 3 beat 2. Final: 3 beat 1 (champion 3). Third place: 2 beat 4.
    names = {n: f"P{n}" for n in range(1, 9)}
    rounds = [
        [Played(1, (1, 8), 1), Played(2, (4, 5), 4), Played(3, (2, 7), 2), Played(4, (3, 6), 3)],
        [Played(5, (1, 4), 1), Played(6, (2, 3), 3)],
        [Played(7, (1, 3), 3), Played(8, (2, 4), 2)],
    ]
    rows = reached(names, rounds, 3, third_place={8})
    assert [(r.rank, r.name, r.round, r.state) for r in rows] == [
        (1, "P3", 3, "champion"), (2, "P1", 3, "out"), (3, "P2", 2, "third"),
        (4, "P4", 2, "out"),
        (5, "P5", 1, "out"), (5, "P6", 1, "out"), (5, "P7", 1, "out"), (5, "P8", 1, "out")]


def test_a_knockout_under_way_puts_those_still_in_first():
    # Four entrants; semi-final 1 beat 4, the other (2 v 3) still playing: Dina has reached
    # the final (round 2); Badia and Cala are still in the semi-finals; Anis is out there.
    names = {1: "Dina", 2: "Badia", 3: "Cala", 4: "Anis"}
    rows = reached(names, [[Played(1, (1, 4), 1), Played(2, (2, 3), None)]], 2)
    assert [(r.rank, r.name, r.round, r.state) for r in rows] == [
        (1, "Dina", 2, "in"), (2, "Badia", 1, "in"), (2, "Cala", 1, "in"),
        (4, "Anis", 1, "out")]
