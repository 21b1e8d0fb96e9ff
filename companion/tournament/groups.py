"""Groups then knockout: the groups drawn snake-wise, their round robins, and the knockout draw.

Entrants are given as ids in seeding order. Groups are labelled "A", "B"...; the knockout takes
each group's best `advance` entrants and pairs group winners against other groups' runners-up,
never two entrants of one group in its first round where another draw avoids it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import ascii_uppercase

from .pairing import Pair, knockout_first_round, round_robin

MAX_GROUPS = len(ascii_uppercase)


def labels(count: int) -> list[str]:
    """The groups' labels: "A", "B"..."""
    return list(ascii_uppercase[:count])


def snake(seeded: Sequence[int], count: int) -> dict[str, list[int]]:
    """Seeds 1..g into groups A..g, then g+1..2g back from the last group, and so on: the top
    `count` seeds are in different groups, and group sizes differ by at most one."""
    groups: dict[str, list[int]] = {label: [] for label in labels(count)}
    order = labels(count)
    for index, entrant in enumerate(seeded):
        turn, place = divmod(index, count)
        groups[order[place if turn % 2 == 0 else count - 1 - place]].append(entrant)
    return groups


def schedule(groups: Mapping[str, Sequence[int]]) -> list[list[tuple[str, int, int]]]:
    """The group stage's rounds: in round r, every group plays its round r of a round robin
    (the circle method). Who sits out a round of an odd group has no table (no bye is scored:
    every entrant of a group meets every other once, and nothing more)."""
    per_group = {label: round_robin(members) for label, members in groups.items()}
    count = max((len(rounds) for rounds in per_group.values()), default=0)
    rounds: list[list[tuple[str, int, int]]] = []
    for number in range(count):
        tables = []
        for label, group_rounds in per_group.items():
            if number < len(group_rounds):
                tables += [(label, a, b) for a, b in group_rounds[number] if b is not None]
        rounds.append(tables)
    return rounds


def qualifiers(places: Mapping[str, Sequence[int]], advance: int) -> list[int]:
    """The knockout's seeds: every group's winner (in group order), then every runner-up, ...
    `places` is each group's entrants, best first."""
    return [places[label][place] for place in range(advance) for label in places
            if place < len(places[label])]


def knockout_draw(places: Mapping[str, Sequence[int]], advance: int) -> list[Pair]:
    """The knockout's first round. Two of 2, 4, 8... groups going through: the cross-over,
    groups paired A with B, C with D...: A1 v B2, C1 v D2, ... in the top half and B1 v A2,
    D1 v C2, ... in the bottom half (two of one group meet in the final at the earliest).
    Otherwise the qualifiers seeded, group winners first, then runners-up..., in bracket order
    (byes to the best-placed); then, where two entrants of one group would meet, the lower
    sides are redrawn among themselves, nearest first, so that as few first-round matches as
    possible are group rematches."""
    seeded = qualifiers(places, advance)
    group = {entrant: label for label, members in places.items() for entrant in members}
    pairs = cross_over(places, advance) or knockout_first_round(seeded)
    playing = [index for index, (_, b) in enumerate(pairs) if b is not None]
    tops = [pairs[i][0] for i in playing]
    bottoms = [b for _, b in (pairs[i] for i in playing) if b is not None]
    order = _avoid(tops, bottoms, group)
    drawn = list(pairs)
    for index, bottom in zip(playing, order, strict=True):
        drawn[index] = (pairs[index][0], bottom)
    return drawn


def cross_over(places: Mapping[str, Sequence[int]], advance: int) -> list[Pair] | None:
    """Winners against the paired group's runners-up, when two of each of 2, 4, 8... groups go
    through; None otherwise."""
    order = list(places)
    count = len(order)
    if advance != 2 or count < 2 or count & (count - 1):
        return None
    couples = list(zip(order[::2], order[1::2], strict=True))
    top: list[Pair] = [(places[one][0], places[other][1]) for one, other in couples]
    bottom: list[Pair] = [(places[other][0], places[one][1]) for one, other in couples]
    return top + bottom


def rematches(pairs: Sequence[Pair], group: Mapping[int, str]) -> int:
    """How many matches pair two entrants of one group."""
    return sum(1 for a, b in pairs if b is not None and group[a] == group[b])


def _avoid(tops: list[int], bottoms: list[int], group: Mapping[int, str]) -> list[int]:
    """The bottoms re-ordered against the tops: fewest same-group matches, and among those
    each top keeps its own opponent, else the nearest one in seeding order, in turn."""
    least = len(tops) - _matching(tops, bottoms, group)
    chosen: list[int] = []
    left = list(bottoms)
    clashes = 0
    for position, top in enumerate(tops):
        nominal = bottoms[position]
        for candidate in sorted(left, key=lambda b: abs(bottoms.index(b) - position)
                                if b != nominal else -1):
            clash = group[top] == group[candidate]
            rest = [b for b in left if b != candidate]
            rest_tops = tops[position + 1:]
            if clashes + clash + len(rest_tops) - _matching(rest_tops, rest, group) == least:
                chosen.append(candidate)
                left = rest
                clashes += clash
                break
    return chosen


def _matching(tops: Sequence[int], bottoms: Sequence[int], group: Mapping[int, str]) -> int:
    """The most tops that can meet a bottom of another group at once (augmenting paths)."""
    partner: dict[int, int] = {}  # bottom -> top

    def seat(top: int, seen: set[int]) -> bool:
        for bottom in bottoms:
            if group[bottom] != group[top] and bottom not in seen:
                seen.add(bottom)
                if bottom not in partner or seat(partner[bottom], seen):
                    partner[bottom] = top
                    return True
        return False

    return sum(1 for top in tops if seat(top, set()))
