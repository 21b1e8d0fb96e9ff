"""Random fields for the Swiss at tables of 3 to 5 (pure: companion/tournament), against what
docs/rulings-tournaments.md says must always hold:

- every entrant sits exactly once a round, at a table or on a bye; tables seat 3 to the
  game's largest, sizes differing by at most one, and byes only where no such split exists;
- the seating repeats no more meetings than the best seating a brute force finds over every
  way to seat the field (so none whenever one without exists), byes going only to those
  with the fewest byes;
- every entrant's record adds up: its points are the sum of its rounds' points, each the
  average of its pairings at the table (win 2, draw 1, loss 0), a bye a win.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tournament.pairing import repeats, swiss_tables
from companion.tournament.standings import Result, Scoring, standings

WIN, DRAW, LOSS = 2, 1, 0


@st.composite
def fields(draw, most=9):
    """A field, a table size, the game's largest table, a standing and earlier rounds."""
    count = draw(st.integers(3, most))
    largest = draw(st.sampled_from([4, 5]))
    size = draw(st.integers(3, largest))
    rng = random.Random(draw(st.integers(0, 10**6)))
    entrants = list(range(1, count + 1))
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for _ in range(draw(st.integers(0, 3))):  # earlier rounds, seated at random
        shuffled = rng.sample(entrants, count)
        sitting_out = draw(st.integers(0, min(2, count - 3)))
        for e in shuffled[:sitting_out]:
            byes[e] += 1
        rest = shuffled[sitting_out:]
        while rest:
            table, rest = (rest, []) if len(rest) < 6 else (rest[:3], rest[3:])
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
    standing = rng.sample(entrants, count)
    return standing, met, byes, size, largest


def possible_splits(count: int, largest: int) -> set[tuple[int, ...]]:
    """Every way to seat `count` at tables of 3 to `largest`, sizes differing by at most one."""
    found = set()
    for tables in range(1, count // 3 + 1):
        low, extra = divmod(count, tables)
        if low >= 3 and low + (extra > 0) <= largest:
            found.add(tuple(sorted([low + 1] * extra + [low] * (tables - extra))))
    return found


def partitions(players: list[int], sizes: list[int]):
    """Every way to seat `players` at tables of `sizes` (tables unordered among equal sizes)."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for mates in combinations(rest, sizes[0] - 1):
        left = [p for p in rest if p not in mates]
        for tail in partitions(left, sizes[1:]):
            yield [(first, *mates), *tail]


def eligible_byes(standing, byes, count):
    """Bye sets as the ruling allows: nobody sits out again while another has sat out less."""
    for chosen in combinations(standing, count):
        rest = [byes[e] for e in standing if e not in chosen]
        if not chosen or not rest or max(byes[e] for e in chosen) <= min(rest):
            yield chosen


@settings(max_examples=150, deadline=None)
@given(fields())
def test_everyone_seated_once_at_tables_of_three_to_the_largest(field):
    standing, met, byes, size, largest = field
    tables = swiss_tables(standing, met, byes, size, largest)
    seated = [e for table in tables for e in table]
    assert sorted(seated) == sorted(standing)  # each exactly once
    real = [len(t) for t in tables if len(t) > 1]
    assert all(3 <= n <= largest for n in real)
    assert max(real) - min(real) <= 1
    sitting_out = len(tables) - len(real)
    # A bye only when the field cannot be seated; then as few as possible.
    if possible_splits(len(standing), largest):
        assert sitting_out == 0
    else:
        assert not possible_splits(len(standing) - sitting_out + 1, largest) or sitting_out == 0
        assert possible_splits(len(standing) - sitting_out, largest)


@settings(max_examples=150, deadline=None)
@given(fields(most=9))
def test_no_seating_repeats_fewer_meetings(field):
    standing, met, byes, size, largest = field
    tables = swiss_tables(standing, met, byes, size, largest)
    real = [t for t in tables if len(t) > 1]
    sizes = sorted((len(t) for t in real), reverse=True)
    out = len(tables) - len(real)
    assert {e for t in tables if len(t) == 1 for e in t} in [
        set(s) for s in eligible_byes(standing, byes, out)]
    best = min(repeats(p, met) for bye in eligible_byes(standing, byes, out)
               for p in partitions([e for e in standing if e not in bye], sizes))
    assert repeats(real, met) == best  # so zero whenever a seating without repeats exists


@st.composite
def tournaments(draw):
    count = draw(st.integers(3, 12))
    largest = draw(st.sampled_from([4, 5]))
    size = draw(st.integers(3, largest))
    rounds = draw(st.integers(1, 4))
    return count, size, largest, rounds, draw(st.integers(0, 10**6))


def table_points(places: list[int], index: int) -> Fraction:
    """By the ruling: the average over the table-mates of win/draw/loss by place."""
    mine = places[index]
    others = [p for i, p in enumerate(places) if i != index]
    return Fraction(sum(WIN if mine < p else DRAW if mine == p else LOSS for p in others),
                    len(others))


@settings(max_examples=80, deadline=None)
@given(tournaments())
def test_every_record_adds_up_over_a_swiss_at_tables(setup):
    count, size, largest, rounds, seed = setup
    rng = random.Random(seed)
    names = {e: f"P{e}" for e in range(1, count + 1)}
    scoring = Scoring(WIN, DRAW, LOSS, ("buchholz", "sonneborn_berger", "wins"),
                      per_table=True)
    results: list[Result] = []
    expected: Counter[int] = Counter()
    seats: Counter[int] = Counter()
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for _ in range(rounds):
        order = [row.entrant for row in standings(names, results, scoring)]
        for table in swiss_tables(order, met, byes, size, largest):
            for e in table:
                seats[e] += 1
            if len(table) == 1:
                byes[table[0]] += 1
                expected[table[0]] += WIN  # a bye: a win
                results.append(Result(table, (1,), (0,)))
                continue
            places = sorted(rng.randint(1, len(table)) for _ in table)
            places = [places.index(p) + 1 for p in places]  # competition places: 1, 1, 3...
            rng.shuffle(places)
            for i, e in enumerate(table):
                expected[e] += table_points(places, i)
            for pair in combinations(table, 2):
                met[frozenset(pair)] += 1
            results.append(Result(table, tuple(places), tuple(0 for _ in table)))
    assert all(seats[e] == rounds for e in names)  # seated (or a bye) once every round
    rows = standings(names, results, scoring)
    for row in rows:
        assert row.exact == expected[row.entrant]
        assert row.points == (int(row.exact) if row.exact.denominator == 1
                              else round(float(row.exact), 2))
        assert row.played == rounds and row.won + row.drawn + row.lost == rounds
    ranks = [row.rank for row in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert [row.exact for row in rows] == sorted((row.exact for row in rows), reverse=True)
