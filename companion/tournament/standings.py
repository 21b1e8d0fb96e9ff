"""Standings: match points, then tie-breakers in the director's order, with the breakdown.

A result is one match or table: its sides (entrant ids), each side's place (1 = best, ties
share) and the game points each side scored. A result with a single side is a bye: it
scores as a won match with no game points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .natural import natural_key

HEAD_TO_HEAD = "head_to_head"
DIFFERENCE = "game_point_difference"
SCORED = "points_scored"
BUCHHOLZ = "buchholz"
TIEBREAKS = (HEAD_TO_HEAD, DIFFERENCE, SCORED, BUCHHOLZ)


@dataclass(frozen=True)
class Result:
    sides: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[int, ...]

    @property
    def bye(self) -> bool:
        return len(self.sides) == 1


@dataclass(frozen=True)
class Scoring:
    """Match points for a win, draw and loss; rank points per place at bigger tables."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    tiebreaks: tuple[str, ...] = (HEAD_TO_HEAD, DIFFERENCE, SCORED)
    rank_points: tuple[int, ...] = ()  # empty: a table of k gives k-1, k-2, ... 0

    def pairwise(self, mine: int, theirs: int) -> int:
        """Points for finishing at place `mine` against someone at place `theirs`."""
        return self.win if mine < theirs else self.draw if mine == theirs else self.loss

    def for_place(self, result: Result, index: int) -> int:
        if result.bye:
            return self.win
        place = result.places[index]
        if len(result.sides) == 2:
            return self.pairwise(place, result.places[1 - index])
        if self.rank_points:
            return self.rank_points[min(place, len(self.rank_points)) - 1]
        return len(result.sides) - place


@dataclass
class Row:
    """One line of the standings; `breakdown` lists the tie-breakers that placed it."""

    entrant: int
    name: str
    rank: int = 0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    scored: int = 0
    conceded: int = 0
    opponents: list[int] = field(default_factory=list)
    tiebreaks: dict[str, int | None] = field(default_factory=dict)
    tied_with: list[int] = field(default_factory=list)
    breakdown: list[tuple[str, int]] = field(default_factory=list)
    decided_by: str | None = None  # None: not tied, or still level after every tie-breaker
    # Head-to-head was skipped: the entrants level at that step had not all played each other.
    head_to_head_unmet: bool = False

    @property
    def difference(self) -> int:
        return self.scored - self.conceded

    @property
    def shared(self) -> bool:
        return bool(self.tied_with) and self.decided_by is None


def standings(entrants: dict[int, str], results: Sequence[Result],
              scoring: Scoring = Scoring()) -> list[Row]:
    """Rows in rank order; entrants level on everything share a rank."""
    rows = {e: Row(e, name) for e, name in entrants.items()}
    by_entrant: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        for index, entrant in enumerate(result.sides):
            if entrant in rows:
                _count(rows[entrant], result, index, scoring)
                by_entrant[entrant].append(result)
    for row in rows.values():
        row.tiebreaks = {name: None if name == HEAD_TO_HEAD else _VALUES[name](row, rows)
                         for name in scoring.tiebreaks}
    ordered: list[Row] = []
    groups: dict[int, list[Row]] = defaultdict(list)
    for row in rows.values():
        groups[row.points].append(row)
    for points in sorted(groups, reverse=True):
        group = sorted(groups[points], key=lambda r: natural_key(r.name))
        for row in group:
            row.tied_with = [r.entrant for r in group if r is not row]
        ordered += _split(group, list(scoring.tiebreaks), by_entrant, scoring)
    _rank(ordered)
    return ordered


def _count(row: Row, result: Result, index: int, scoring: Scoring) -> None:
    row.played += 1
    row.points += scoring.for_place(result, index)
    if result.bye:
        row.won += 1
        return
    place = result.places[index]
    firsts = result.places.count(1)
    row.won += place == 1 and firsts == 1
    row.drawn += place == 1 and firsts > 1
    row.lost += place > 1
    row.scored += result.points[index]
    row.conceded += sum(p for i, p in enumerate(result.points) if i != index)
    row.opponents += [e for i, e in enumerate(result.sides) if i != index]


_VALUES: dict[str, Callable[[Row, dict[int, Row]], int]] = {
    DIFFERENCE: lambda row, rows: row.difference,
    SCORED: lambda row, rows: row.scored,
    BUCHHOLZ: lambda row, rows: sum(rows[o].points for o in row.opponents if o in rows),
}


def head_to_head(group: Sequence[Row], by_entrant: dict[int, list[Result]],
                 scoring: Scoring) -> dict[int, int]:
    """Points each member of a tied group took from the others in the group."""
    members = {row.entrant for row in group}
    values = dict.fromkeys(members, 0)
    for entrant in members:
        for result in by_entrant.get(entrant, []):
            mine = result.sides.index(entrant)
            for other, entrant_other in enumerate(result.sides):
                if entrant_other != entrant and entrant_other in members:
                    values[entrant] += scoring.pairwise(result.places[mine],
                                                        result.places[other])
    return values


def all_met(group: Sequence[Row], by_entrant: dict[int, list[Result]]) -> bool:
    """Whether every two members of the group have played each other (at a table together)."""
    members = {row.entrant for row in group}
    return all(members <= {e for result in by_entrant.get(row.entrant, []) for e in result.sides}
               for row in group)


def _split(group: list[Row], criteria: list[str], by_entrant: dict[int, list[Result]],
           scoring: Scoring) -> list[Row]:
    """Order a group level so far by the next criterion; recurse into what stays level."""
    if len(group) < 2 or not criteria:
        return group
    name, rest = criteria[0], criteria[1:]
    if name == HEAD_TO_HEAD and not all_met(group, by_entrant):
        # Points taken from some of the group only would favour whoever met the weaker ones.
        for row in group:
            row.head_to_head_unmet = True
        return _split(group, rest, by_entrant, scoring)
    if name == HEAD_TO_HEAD:
        values = head_to_head(group, by_entrant, scoring)
        for row in group:
            row.tiebreaks[HEAD_TO_HEAD] = values[row.entrant]
    else:
        values = {row.entrant: row.tiebreaks[name] or 0 for row in group}
    for row in group:
        row.breakdown.append((name, values[row.entrant]))
    buckets: dict[int, list[Row]] = defaultdict(list)
    for row in group:
        buckets[values[row.entrant]].append(row)
    ordered: list[Row] = []
    for value in sorted(buckets, reverse=True):
        bucket = buckets[value]
        if len(bucket) == 1:
            bucket[0].decided_by = name
        ordered += _split(bucket, rest, by_entrant, scoring)
    return ordered


def _rank(ordered: list[Row]) -> None:
    """Competition ranks; rows still level after every tie-breaker share one."""
    for position, row in enumerate(ordered):
        previous = ordered[position - 1] if position else None
        level = (previous is not None and previous.points == row.points
                 and previous.shared and row.shared and previous.breakdown == row.breakdown)
        row.rank = previous.rank if level and previous else position + 1
