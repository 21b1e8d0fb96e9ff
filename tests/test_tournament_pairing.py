"""Pairings: round robin, balanced multi-player tables, Swiss without repeats, knockout."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from companion.tournament import pairing


@pytest.mark.parametrize("count", range(3, 13))
def test_round_robin_meets_every_pair_exactly_once(count):
    entrants = list(range(1, count + 1))
    rounds = pairing.round_robin(entrants)
    met = Counter(frozenset(p) for r in rounds for p in r if p[1] is not None)
    assert set(met) == {frozenset(p) for p in itertools.combinations(entrants, 2)}
    assert set(met.values()) == {1}
    assert len(rounds) == (count if count % 2 else count - 1)
    for r in rounds:  # everyone once a round, the odd one out on a bye
        seated = [e for p in r for e in p if e is not None]
        assert sorted(seated) == entrants
        assert sum(p[1] is None for p in r) == count % 2


@pytest.mark.parametrize(("count", "size", "rounds"), [(9, 3, 4), (16, 4, 5), (12, 3, 4),
                                                       (15, 3, 5)])
def test_tables_spread_meetings_within_one_where_possible(count, size, rounds):
    entrants = list(range(count))
    plan = pairing.seatings(entrants, size, rounds)
    for tables in plan:
        assert sorted(p for t in tables for p in t) == entrants
        assert all(3 <= len(t) <= 5 for t in tables)
    counts = pairing.meeting_counts(plan, entrants).values()
    assert max(counts) - min(counts) <= 1


def test_tables_where_one_apart_is_impossible_still_never_repeat_a_trio():
    # 8 players at two tables of 4 for 3 rounds: some pair must meet 0 or 2 times (proof:
    # the sum of squared counts is at least 60, while counts of 1 and 2 alone give 52).
    plan = pairing.seatings(list(range(8)), 4, 3)
    assert sorted(Counter(pairing.meeting_counts(plan, range(8)).values()).items()) == [
        (0, 4), (1, 12), (2, 12)]


def test_table_sizes_stay_between_three_and_five():
    assert pairing.table_sizes(7, 4) == [4, 3]
    assert pairing.table_sizes(10, 4) == [4, 3, 3]
    assert pairing.table_sizes(5, 4) == [5]
    with pytest.raises(ValueError):
        pairing.table_sizes(2, 3)


def _play_swiss(count: int, rounds: int, seed: int = 1):
    rng = random.Random(seed)
    points = Counter({e: 0 for e in range(count)})
    played, byes, history = set(), Counter(), []
    for _ in range(rounds):
        standing = sorted(points, key=lambda e: (-points[e], e))
        pairs = pairing.swiss(standing, played, byes)
        history.append(pairs)
        for a, b in pairs:
            if b is None:
                byes[a] += 1
                points[a] += 2
            else:
                played.add(frozenset((a, b)))
                points[rng.choice((a, b))] += 2
    return history, byes


def test_swiss_five_rounds_of_sixteen_never_repeat_a_pairing():
    history, _ = _play_swiss(16, 5)
    met = [frozenset(p) for r in history for p in r]
    assert len(met) == len(set(met)) == 40
    assert all(sorted(e for p in r for e in p) == list(range(16)) for r in history)


def test_swiss_byes_rotate_no_second_bye_while_avoidable():
    history, byes = _play_swiss(7, 7)
    assert sorted(byes.values()) == [1] * 7
    assert [sum(p[1] is None for p in r) for r in history] == [1] * 7


def test_swiss_repeats_only_when_unavoidable():
    history, _ = _play_swiss(4, 4)  # three rounds use up every pairing of four
    met = Counter(frozenset(p) for r in history[:3] for p in r)
    assert set(met.values()) == {1}
    assert len(history[3]) == 2


def test_swiss_pairs_the_top_two_first():
    assert pairing.swiss([5, 3, 9, 1], set(), Counter()) == [(5, 3), (9, 1)]
    assert pairing.swiss([5, 3, 9, 1], {frozenset((5, 3))}, Counter()) == [(5, 9), (3, 1)]


def test_knockout_standard_seeding_with_byes_to_top_seeds():
    assert pairing.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    seeds = ["s1", "s2", "s3", "s4", "s5", "s6"]
    assert pairing.knockout_first_round(seeds) == [
        ("s1", None), ("s4", "s5"), ("s2", None), ("s3", "s6")]
    assert pairing.knockout_next_round(["s1", "s5", "s2", "s3"]) == [("s1", "s5"), ("s2", "s3")]
