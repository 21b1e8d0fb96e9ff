"""Groups then knockout, pure: the snake draw, the group schedules and the knockout draw, by
hand and over random fields (hypothesis)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tournament import bracket, groups
from companion.tournament.pairing import round_robin
from companion.tournament.standings import Result, standings


def test_eight_in_two_groups_snake():
    # Seeds 1, 2 go to A, B; 3, 4 back to B, A; 5, 6 to A, B; 7, 8 back to B, A.
    assert groups.snake(list(range(1, 9)), 2) == {"A": [1, 4, 5, 8], "B": [2, 3, 6, 7]}


def test_twelve_in_four_groups_snake():
    # 1-4 to A-D, 5-8 back D-A, 9-12 to A-D.
    assert groups.snake(list(range(1, 13)), 4) == {
        "A": [1, 8, 9], "B": [2, 7, 10], "C": [3, 6, 11], "D": [4, 5, 12]}


def test_two_groups_advancing_two_cross_over():
    # Group winners against the other group's runner-up: A1 v B2, B1 v A2.
    places = {"A": [11, 12, 13, 14], "B": [21, 22, 23, 24]}
    assert groups.knockout_draw(places, 2) == [(11, 22), (21, 12)]


def test_four_groups_advancing_two_cross_over():
    # The cross-over of groups paired A-B and C-D: A1 v B2, C1 v D2 in the top half, B1 v A2,
    # D1 v C2 in the bottom half: A1 and A2 can meet only in the final.
    places = {label: [10 * n + 1, 10 * n + 2, 10 * n + 3] for n, label in enumerate("ABCD")}
    assert groups.knockout_draw(places, 2) == [(1, 12), (21, 32), (11, 2), (31, 22)]


def test_two_groups_advancing_four_seeded():
    # Seeds A1 B1 A2 B2 A3 B3 A4 B4 = 1..8 in bracket order 1v8, 4v5, 2v7, 3v6:
    # A1 v B4, B2 v A3, B1 v A4, A2 v B3.
    places = {"A": [1, 2, 3, 4], "B": [11, 12, 13, 14]}
    assert groups.knockout_draw(places, 4) == [(1, 14), (12, 3), (11, 4), (2, 13)]


def test_a_rematch_is_redrawn():
    # Three groups of two, both through: seeds A1 B1 C1 A2 B2 C2 (1..6) in a bracket of 8:
    # byes to 1 and 2; 4v5 is A2 v B2, 3v6 is C1 v C2, a rematch. The bottoms trade: A2 v C2,
    # C1 v B2.
    places = {"A": [1, 6], "B": [2, 5], "C": [3, 4]}
    assert groups.knockout_draw(places, 2) == [(1, None), (6, 4), (2, None), (3, 5)]


def test_one_group_cannot_avoid_rematches():
    # Everyone is of group A: the draw stays the seeded one, 1 v 4, 2 v 3.
    assert groups.knockout_draw({"A": [1, 2, 3, 4]}, 4) == [(1, 4), (2, 3)]


# --- Random fields ---------------------------------------------------------------------

@st.composite
def fields(draw, most: int = 40):
    count = draw(st.integers(2, most))
    number = draw(st.integers(1, count // 2))
    return list(range(101, 101 + count)), number


@given(fields())
def test_snake_separates_the_top_seeds_and_evens_the_groups(field):
    ids, count = field
    made = groups.snake(ids, count)
    assert list(made) == groups.labels(count)
    assert sorted(e for members in made.values() for e in members) == ids
    tops = {label for label, members in made.items() for e in members if e in ids[:count]}
    assert len(tops) == count  # seeds 1..g in different groups
    sizes = [len(members) for members in made.values()]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 2


@given(fields(24))
def test_the_group_schedule_meets_each_pair_of_a_group_once(field):
    ids, count = field
    made = groups.snake(ids, count)
    rounds = groups.schedule(made)
    assert len(rounds) == max(len(round_robin(members)) for members in made.values())
    meets = Counter(frozenset((a, b)) for tables in rounds for _, a, b in tables)
    expected = {frozenset(p) for members in made.values() for p in combinations(members, 2)}
    assert set(meets) == expected and set(meets.values()) == {1}
    for tables in rounds:
        seated = [e for _, a, b in tables for e in (a, b)]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        group = {e: label for label, members in made.items() for e in members}
        assert all(group[a] == group[b] == label for label, a, b in tables)


@st.composite
def group_places(draw, most_playing: int = 12):
    """Groups with their entrants in a random finishing order, and an `advance` they allow."""
    count = draw(st.integers(1, 6))
    size = draw(st.integers(2, 5))
    extra = draw(st.integers(0, count - 1))
    sizes = [size + 1] * extra + [size] * (count - extra)
    # one group alone must send two through (a knockout of one is refused)
    advance = draw(st.integers(2 if count == 1 else 1, min(size, most_playing // count)))
    places, next_id = {}, 1
    for label, group_size in zip(groups.labels(count), sizes):
        members = list(range(next_id, next_id + group_size))
        next_id += group_size
        places[label] = draw(st.permutations(members))
    return places, advance


def least_rematches(players: list[int], group: dict[int, str]) -> int:
    """Brute force: the fewest same-group pairs over every way to pair `players`."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min((group[first] == group[other]) + least_rematches(
        [p for p in rest if p != other], group) for other in rest)


@settings(max_examples=150)
@given(group_places())
def test_the_knockout_draw(case):
    places, advance = case
    group = {e: label for label, members in places.items() for e in members}
    pairs = groups.knockout_draw(places, advance)
    through = [e for members in places.values() for e in members[:advance]]
    seated = [e for pair in pairs for e in pair if e is not None]
    assert sorted(seated) == sorted(through)  # every qualifier once
    size = len(pairs) * 2
    assert size // 2 < len(through) <= size  # the smallest bracket that holds them
    byes = [a for a, b in pairs if b is None]
    assert len(byes) == size - len(through)
    # The best-placed get the byes: nobody with a bye is placed below anyone playing.
    place = {e: members.index(e) for members in places.values() for e in members}
    playing = [e for a, b in pairs if b is not None for e in (a, b)]
    assert all(place[b] <= place[p] for b in byes for p in playing)
    # No first-round group rematch where another pairing of the same players avoids it.
    assert groups.rematches(pairs, group) == least_rematches(playing, group)
    if advance == 2 and len(places) in (2, 4):  # the cross-over: group-mates in either half
        half = len(pairs) // 2
        for members in places.values():
            top = {e for pair in pairs[:half] for e in pair}
            assert (members[0] in top) != (members[1] in top)


@given(fields(16), st.randoms(use_true_random=False))
def test_every_record_adds_up_and_no_eliminated_entrant_wins(field, rng):
    ids, count = field
    made = groups.snake(ids, count)
    results = []
    for tables in groups.schedule(made):
        for _, a, b in tables:
            places = rng.choice([(1, 2), (2, 1), (1, 1)])
            results.append(Result((a, b), places, (rng.randrange(200), rng.randrange(200))))
    order = {}
    for label, members in made.items():
        rows = standings({e: str(e) for e in members},
                         [r for r in results if set(r.sides) <= set(members)])
        for row in rows:  # a group of k: k - 1 matches, each a win, a draw or a loss
            assert row.played == row.won + row.drawn + row.lost == len(members) - 1
            assert row.points == 2 * row.won + row.drawn
        assert sum(r.won for r in rows) == sum(r.lost for r in rows)
        order[label] = [row.entrant for row in rows]
    smallest = min(len(members) for members in made.values())
    advance = rng.randint(2 if count == 1 else 1, smallest)
    rounds = [[bracket.Played(n, tuple(e for e in pair if e is not None),
                              pair[0] if pair[1] is None else rng.choice(pair))
               for n, pair in enumerate(groups.knockout_draw(order, advance))]]
    out: set[int] = set()
    while True:
        for match in rounds[-1]:
            assert not set(match.sides) & out  # nobody knocked out plays again
            out |= set(match.sides) - {match.winner}
        if len(rounds[-1]) == 1:
            break
        winners = [m.winner for m in rounds[-1]]
        rounds.append([bracket.Played(100 + len(rounds) * 50 + n, (a, b), rng.choice((a, b)))
                       for n, (a, b) in enumerate(zip(winners[::2], winners[1::2]))])
    champion = bracket.champion(rounds)
    assert champion is not None and champion not in out
    assert len(out) == advance * count - 1  # everyone else lost exactly once
