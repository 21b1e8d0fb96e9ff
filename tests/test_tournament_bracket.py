"""The bracket and the confirmation rules as pure functions."""

from __future__ import annotations

from companion.tournament.bracket import Played, bracket, champion, unpaired
from companion.tournament.confirmation import CONFIRMED, DISPUTED, confirmers, standing


def test_a_bracket_of_eight_lists_the_rounds_to_come_with_the_sides_known_so_far():
    first = [Played(1, (1, 8), 1), Played(2, (4, 5), 5), Played(3, (2, 7), None),
             Played(4, (3, 6), 3)]
    slots = bracket([first])
    assert [len(r) for r in slots] == [4, 2, 1]
    assert [s.sides for s in slots[1]] == [(1, 5), (None, 3)]  # match 3 still playing
    assert all(s.played is None for s in slots[1]) and slots[2][0].sides == (None, None)
    assert champion([first]) is None


def test_the_champion_is_the_winner_of_the_final():
    rounds = [[Played(1, (1, 4), 4), Played(2, (2, 3), 2)], [Played(3, (4, 2), None)]]
    assert bracket(rounds)[1][0].sides == (4, 2) and champion(rounds) is None
    rounds[1][0] = Played(3, (4, 2), 2)
    assert champion(rounds) == 2


def test_a_bye_goes_through_and_two_entrants_play_only_the_final():
    with_bye = bracket([[Played(1, (1,), 1), Played(2, (2, 3), 3)]])
    assert with_bye[0][0].sides == (1, None) and with_bye[1][0].sides == (1, 3)
    assert champion([[Played(1, (1, 2), 2)]]) == 2
    assert bracket([]) == [] and champion([]) is None


def test_a_partly_paired_round_keeps_each_match_at_its_table():
    # Semi-final table 1 was taken back (quarter-final 2 is open again); table 2 stands.
    first = [Played(1, (1, 8), 1), Played(2, (4, 5), None), Played(3, (2, 7), 2),
             Played(4, (3, 6), 3)]
    rounds = [first, [Played(6, (2, 3), 3, table=2)]]
    slots = bracket(rounds)
    assert slots[1][0].played is None and slots[1][0].sides == (1, None)
    assert slots[1][1].played == rounds[1][0] and slots[2][0].sides == (None, 3)
    assert unpaired(rounds) == (2, [(1, slots[1][0])])
    assert champion(rounds) is None


def test_the_losing_side_confirms_and_in_a_draw_either():
    assert confirmers([1, 2]) == [1] and confirmers([2, 1]) == [0]
    assert confirmers([1, 1]) == [0, 1]
    assert confirmers([2, 1, 3]) == [0, 2]  # a table of three: all but the winner


def test_a_word_counts_only_for_the_result_it_was_given_on():
    word = {"state": CONFIRMED, "result": {"places": [1, 2], "points": [163, 0]}}
    assert standing(word, [1, 2], [163, 0]) == CONFIRMED
    assert standing(word, [2, 1], [0, 163]) is None  # corrected since
    assert standing({**word, "state": DISPUTED}, [1, 2], [163, 0]) == DISPUTED
    assert standing(None, [1, 2], [163, 0]) is None
