"""Who plays whom: round robin, balanced multi-player tables, Swiss and knockout.

Entrants are given as ids in seeding or standing order; None in a pairing is a bye.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

Pair = tuple[int, int | None]
PairKey = frozenset[int]

RESTARTS = 3
ANNEAL_STEPS = 10_000
SWISS_NODE_BUDGET = 200_000  # backtracking steps before settling for repeats


# --- Round robin ------------------------------------------------------------------------

def round_robin(entrants: Sequence[int]) -> list[list[Pair]]:
    """Every pairing exactly once, by the circle method; an odd field gets a bye each round."""
    ring: list[int | None] = list(entrants)
    if len(ring) < 2:
        return []
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds = []
    for number in range(n - 1):
        pairs = [_home_away(ring[i], ring[n - 1 - i], number + i) for i in range(n // 2)]
        rounds.append(sorted(pairs, key=lambda p: p[1] is None))  # the bye listed last
        ring = [ring[0], ring[-1], *ring[1:-1]]  # the first stays, the others turn one seat
    return rounds


def _home_away(a: int | None, b: int | None, turn: int) -> Pair:
    """Alternate who is listed first (deals first); the bye always goes second."""
    if a is None or b is None:
        real = a if a is not None else b
        assert real is not None
        return (real, None)
    return (a, b) if turn % 2 == 0 else (b, a)


# --- Multi-player tables ------------------------------------------------------------------

def table_sizes(count: int, size: int, smallest: int = 3, largest: int = 5) -> list[int]:
    """Split `count` players into tables as close to `size` as the limits allow."""
    if count < smallest:
        raise ValueError(f"{count} players cannot fill a table of {smallest}")
    for tables in sorted(range(1, count // smallest + 1), key=lambda t: abs(count / t - size)):
        low, extra = divmod(count, tables)
        if smallest <= low and low + (extra > 0) <= largest:
            return [low + 1] * extra + [low] * (tables - extra)
    raise ValueError(f"{count} players cannot sit at tables of {smallest} to {largest}")


def seatings(entrants: Sequence[int], size: int, rounds: int, seed: int = 0,
             smallest: int = 3, largest: int = 5) -> list[list[list[int]]]:
    """Rounds of tables that spread meetings as evenly as possible.

    Minimises a convex cost of the meeting counts (for a fixed number of meetings it is
    smallest when counts differ by at most one) by swapping players between tables.
    """
    sizes = table_sizes(len(entrants), size, smallest, largest)
    best: tuple[tuple[int, int], list[list[list[int]]]] | None = None
    for attempt in range(RESTARTS):  # local search can stall: a few fresh starts
        rng = random.Random(seed * RESTARTS + attempt)
        meets: Counter[PairKey] = Counter()
        plan = []
        for _ in range(rounds):
            tables = _split(rng.sample(list(entrants), len(entrants)), sizes)
            for table in tables:
                _meet(meets, table, +1)
            plan.append(tables)
        _improve(plan, meets, rng)
        score = (_spread(meets, plan), sum(_weight(n) for n in meets.values()))
        if best is None or score < best[0]:
            best = (score, plan)
        if score[0] <= 1:
            break
    assert best is not None
    return best[1]


def _split(players: list[int], sizes: list[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(players[start:start + size])
        start += size
    return tables


def _meet(meets: Counter[PairKey], table: Iterable[int], delta: int) -> None:
    for a, b in combinations(table, 2):
        meets[frozenset((a, b))] += delta


def _improve(plan: list[list[list[int]]], meets: Counter[PairKey], rng: random.Random,
             steps: int = ANNEAL_STEPS) -> None:
    """Simulated annealing over swaps of two players of one round; keeps the best plan."""
    best_cost = cost = sum(_weight(n) for n in meets.values())
    best = [[list(table) for table in tables] for tables in plan]
    movable = [tables for tables in plan if len(tables) > 1]
    for step in range(steps if movable and _spread(meets, plan) > 1 else 0):
        tables = rng.choice(movable)
        t1, t2 = rng.sample(range(len(tables)), 2)
        i, j = rng.randrange(len(tables[t1])), rng.randrange(len(tables[t2]))
        delta = _swap_delta(meets, tables[t1], tables[t2], i, j)
        heat = 4.0 * (1 - step / steps) + 0.05
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            _swap(meets, tables[t1], tables[t2], i, j)
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [[list(t) for t in ts] for ts in plan]
                if _spread(meets, plan) <= 1:
                    return
    for tables, kept in zip(plan, best):
        for table in tables:
            _meet(meets, table, -1)
        tables[:] = kept
        for table in tables:
            _meet(meets, table, +1)


def _spread(meets: Counter[PairKey], plan: list[list[list[int]]]) -> int:
    players = sorted({p for table in plan[0] for p in table}) if plan else []
    counts = [meets[frozenset(pair)] for pair in combinations(players, 2)]
    return max(counts) - min(counts) if counts else 0


def _swap_delta(meets: Counter[PairKey], one: list[int], two: list[int], i: int, j: int) -> int:
    """Change in the total cost of meetings if one[i] and two[j] trade tables."""
    a, b = one[i], two[j]
    delta = 0
    for x, gone, new in ((a, two[:j] + two[j + 1:], one[:i] + one[i + 1:]),
                         (b, one[:i] + one[i + 1:], two[:j] + two[j + 1:])):
        for other in new:  # x leaves these
            n = meets[frozenset((x, other))]
            delta += _weight(n - 1) - _weight(n)
        for other in gone:  # x joins these
            n = meets[frozenset((x, other))]
            delta += _weight(n + 1) - _weight(n)
    return delta


def _weight(meetings: int) -> int:
    """Cost of one pair's meetings: growing faster than squares, so that a pair meeting
    three times costs more than two pairs meeting twice and once more."""
    return meetings ** 3


def _swap(meets: Counter[PairKey], one: list[int], two: list[int], i: int, j: int) -> None:
    _meet(meets, one, -1)
    _meet(meets, two, -1)
    one[i], two[j] = two[j], one[i]
    _meet(meets, one, +1)
    _meet(meets, two, +1)


def meeting_counts(plan: list[list[list[int]]], entrants: Sequence[int]) -> Counter[PairKey]:
    """How often each pair of entrants shares a table over the plan (every pair listed)."""
    meets: Counter[PairKey] = Counter({frozenset(p): 0 for p in combinations(entrants, 2)})
    for tables in plan:
        for table in tables:
            _meet(meets, table, +1)
    return meets


# --- Swiss --------------------------------------------------------------------------------

def swiss(standing: Sequence[int], played: set[PairKey], byes: Counter[int]) -> list[Pair]:
    """Pair neighbours in the standing, never a pair that has met while that is avoidable.

    An odd field gives the bye to the lowest-placed entrant with the fewest byes so far,
    moving up only when no pairing without a repeat would remain.
    """
    order = list(standing)
    candidates: list[int | None] = [None]
    if len(order) % 2:
        fewest = min(byes[e] for e in order)
        candidates = [e for e in reversed(order) if byes[e] == fewest]
    budget, most = [SWISS_NODE_BUDGET], len(order) // 2
    for allowed_repeats in range(most + 1):
        if budget[0] < 0:
            allowed_repeats = most  # searched long enough: the first pairing will do
        for bye in candidates:
            field = [e for e in order if e != bye]
            pairs = _pair(field, played, allowed_repeats, budget)
            if pairs is not None:
                return pairs + ([(bye, None)] if bye is not None else [])
    raise AssertionError("some pairing always exists once repeats are allowed")


def _pair(field: list[int], played: set[PairKey], repeats: int,
          budget: list[int]) -> list[Pair] | None:
    """The highest-placed entrant takes the nearest opponent that works out (backtracking)."""
    if not field:
        return []
    budget[0] -= 1
    if budget[0] < 0 and repeats < len(field) // 2:
        return None  # give up on this repeat allowance; a larger one is tried next
    top, rest = field[0], field[1:]
    for index, other in enumerate(rest):
        repeat = frozenset((top, other)) in played
        if repeat and not repeats:
            continue
        tail = _pair(rest[:index] + rest[index + 1:], played, repeats - repeat, budget)
        if tail is not None:
            return [(top, other), *tail]
    return None


# --- Swiss at tables of 3 to 5 ------------------------------------------------------------

def swiss_tables(standing: Sequence[int], met: Counter[PairKey], byes: Counter[int], size: int,
                 largest: int = 5, smallest: int = 3) -> list[tuple[int, ...]]:
    """Tables of a Swiss round at tables of `size`, byes last as tables of one.

    Tables are filled down the standing: the highest placed entrant not seated yet takes
    the next table with the nearest entrants below who make no repeat (two entrants who
    already sat at one table, counted by `met`). The fewest repeated meetings win; among
    equally few, the seating nearest the standing. The tables' sizes are `table_sizes`'s;
    only a field no such split seats gets byes, to the lowest placed with the fewest byes.
    """
    order = list(standing)
    sizes, bye_count = split_field(len(order), size, smallest, largest)
    budget = [SWISS_NODE_BUDGET]
    for allowed in range(_greedy_cost(order, sizes, bye_count, byes, met)):
        for bye in _bye_sets(order, byes, bye_count):
            field = [e for e in order if e not in bye]
            tables = _seat(field, sizes, met, allowed, budget)
            if tables is not None:
                return [tuple(t) for t in tables] + [(e,) for e in bye]
            if budget[0] < 0:
                break
        if budget[0] < 0:
            break
    bye = next(iter(_bye_sets(order, byes, bye_count)))
    greedy = _seat([e for e in order if e not in bye], sizes, met, _UNLIMITED, [_UNLIMITED])
    assert greedy is not None
    if budget[0] < 0:  # searched long enough: mend the straight seating by swaps instead
        _fewer_by_swaps(greedy, met)
    return [tuple(t) for t in greedy] + [(e,) for e in bye]


def _fewer_by_swaps(tables: list[list[int]], met: Counter[PairKey]) -> None:
    """Swap two entrants of different tables while that lowers the repeats (the first such
    swap down the standing each time), until no swap does."""
    better = True
    while better:
        better = False
        for one, two in combinations(tables, 2):
            for i, j in ((i, j) for i in range(len(one)) for j in range(len(two))):
                before = _table_cost(one, met) + _table_cost(two, met)
                one[i], two[j] = two[j], one[i]
                if _table_cost(one, met) + _table_cost(two, met) < before:
                    better = True
                else:
                    one[i], two[j] = two[j], one[i]


_UNLIMITED = 1 << 60


def split_field(count: int, size: int, smallest: int = 3,
                largest: int = 5) -> tuple[list[int], int]:
    """The tables' sizes and the number of byes: as `table_sizes` seats the field, else as it
    seats all but the fewest byes; two entrants left play one table of two."""
    for bye_count in range(count - smallest + 1):
        try:
            return table_sizes(count - bye_count, size, smallest, largest), bye_count
        except ValueError:
            continue
    return ([2], 0) if count == 2 else ([], count)


def repeats(tables: Iterable[Sequence[int]], met: Counter[PairKey]) -> int:
    """How many earlier meetings the tables repeat (a pair that met twice counts two)."""
    return sum(_table_cost(table, met) for table in tables)


def _table_cost(table: Sequence[int], met: Counter[PairKey]) -> int:
    return sum(met[frozenset(pair)] for pair in combinations(table, 2))


def _greedy_cost(order: list[int], sizes: list[int], bye_count: int, byes: Counter[int],
                 met: Counter[PairKey]) -> int:
    """The repeats of the seating straight down the standing (with the first bye choice)."""
    bye = next(iter(_bye_sets(order, byes, bye_count)))
    tables = _seat([e for e in order if e not in bye], sizes, met, _UNLIMITED, [_UNLIMITED])
    return repeats(tables or [], met)


def _bye_sets(order: list[int], byes: Counter[int], count: int) -> Iterable[tuple[int, ...]]:
    """The entrants who may sit out, most wanted first: nobody sits out again while another
    has sat out fewer times; the lowest placed first."""
    if count == 0:
        yield ()
        return
    placed = {e: i for i, e in enumerate(order)}
    wanted = sorted(order, key=lambda e: (byes[e], -placed[e]))
    for chosen in combinations(wanted, count):
        rest = [byes[e] for e in order if e not in chosen]
        if not rest or max(byes[e] for e in chosen) <= min(rest):
            yield chosen


def _seat(field: list[int], sizes: list[int], met: Counter[PairKey], allowed: int,
          budget: list[int]) -> list[list[int]] | None:
    """Tables of `sizes` down `field` with at most `allowed` repeats (backtracking)."""
    if not sizes:
        return []
    return _grow([field[0]], field[1:], 0, sizes, met, allowed, budget)


def _grow(table: list[int], rest: list[int], start: int, sizes: list[int],
          met: Counter[PairKey], allowed: int, budget: list[int]) -> list[list[int]] | None:
    """Complete `table` with entrants of `rest` from `start` on, then seat the others."""
    if len(table) == sizes[0]:
        tail = _seat([e for e in rest if e not in table], sizes[1:], met, allowed, budget)
        return None if tail is None else [table, *tail]
    need = sizes[0] - len(table)
    for index in range(start, len(rest) - need + 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        cost = sum(met[frozenset((rest[index], t))] for t in table)
        if cost <= allowed:
            found = _grow([*table, rest[index]], rest, index + 1, sizes, met, allowed - cost,
                          budget)
            if found is not None:
                return found
    return None


# --- Knockout -----------------------------------------------------------------------------

def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket positions, so that seeds 1 and 2 can only meet in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def knockout_first_round(seeded: Sequence[int]) -> list[Pair]:
    """1 v N, ... in bracket order; missing seeds are byes, which fall to the top seeds."""
    size = 1
    while size < len(seeded):
        size *= 2
    seats = [seeded[s - 1] if s <= len(seeded) else None for s in bracket_order(size)]
    pairs = []
    for a, b in zip(seats[::2], seats[1::2]):
        if a is None:
            a, b = b, a
        # seats of a pair add up to size + 1 and size < 2 * len(seeded): never two byes
        assert a is not None
        pairs.append((a, b))
    return pairs


def knockout_next_round(winners: Sequence[int]) -> list[Pair]:
    """Winners of neighbouring matches, in bracket order, meet next."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
