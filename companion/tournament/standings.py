"""Standings: match points, then tie-breakers in the director's order, with the breakdown.

A result is one match or table: its sides (entrant ids), each side's place (1 = best, ties
share) and the game points each side scored. A result with a single side is a bye: it
scores what the tournament's bye setting says (a won match by default), with no game points;
a walkover (the other side withdrew) is always a won match.

Points and tie-breakers are counted exactly (fractions: a Swiss at tables of 3 to 5 gives
thirds and quarters) and shown at the end as whole numbers or with two decimals.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .natural import natural_key

HEAD_TO_HEAD = "head_to_head"
DIFFERENCE = "game_point_difference"
SCORED = "points_scored"
BUCHHOLZ = "buchholz"
SONNEBORN_BERGER = "sonneborn_berger"
MEDIAN_BUCHHOLZ = "median_buchholz"
WINS = "wins"
TIEBREAKS = (HEAD_TO_HEAD, DIFFERENCE, SCORED, BUCHHOLZ, SONNEBORN_BERGER, MEDIAN_BUCHHOLZ,
             WINS)
BYE_SCORES = ("win", "draw", "loss")


@dataclass(frozen=True)
class Result:
    sides: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[int, ...]
    walkover: bool = False  # a single side that won because the other withdrew

    @property
    def bye(self) -> bool:
        return len(self.sides) == 1 and not self.walkover

    @property
    def alone(self) -> bool:
        """A bye or a walkover: one side, no opponent met."""
        return len(self.sides) == 1


@dataclass(frozen=True)
class Scoring:
    """Match points for a win, draw and loss; rank points per place at bigger tables."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    tiebreaks: tuple[str, ...] = (HEAD_TO_HEAD, DIFFERENCE, SCORED)
    rank_points: tuple[int, ...] = ()  # empty: a table of k gives k-1, k-2, ... 0
    bye: str = "win"  # what a bye scores: "win", "draw" or "loss"
    # A Swiss at tables of 3 to 5: a table counts as one match whatever its size. Its points
    # are the average of what a match against each table-mate would give (docs/
    # rulings-tournaments.md), and in the tie-breakers a round's table-mates count as one
    # opponent, their average.
    per_table: bool = False

    def outcome(self, result: Result, index: int) -> str:
        """"win", "draw" or "loss" for the side at `index` (a bye as the bye setting says)."""
        if result.bye:
            return self.bye
        if result.alone:
            return "win"
        place = result.places[index]
        firsts = result.places.count(1)
        return "win" if place == 1 and firsts == 1 else "draw" if place == 1 else "loss"

    def pairwise(self, mine: int, theirs: int) -> int:
        """Points for finishing at place `mine` against someone at place `theirs`."""
        return self.win if mine < theirs else self.draw if mine == theirs else self.loss

    def for_place(self, result: Result, index: int) -> int | Fraction:
        if result.alone:
            return {"win": self.win, "draw": self.draw, "loss": self.loss}[
                self.outcome(result, index)]
        place = result.places[index]
        if len(result.sides) == 2:
            return self.pairwise(place, result.places[1 - index])
        if self.per_table:
            others = [p for i, p in enumerate(result.places) if i != index]
            return Fraction(sum(self.pairwise(place, p) for p in others), len(others))
        if self.rank_points:
            return self.rank_points[min(place, len(self.rank_points)) - 1]
        return len(result.sides) - place

    def shown_for_place(self, result: Result, index: int) -> int | float:
        """`for_place` as the standings show it (two decimals at most)."""
        return shown(self.for_place(result, index))


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
    points: int | float = 0  # as shown: whole, or rounded to two decimals (`exact` is exact)
    scored: int = 0
    conceded: int = 0
    opponents: list[int] = field(default_factory=list)
    beaten: list[int] = field(default_factory=list)  # opponents placed below, once a meeting
    level_with: list[int] = field(default_factory=list)  # opponents at the same place
    # Per match counted (per opponent, unless per table): each opponent with the share of a
    # win taken from them (1 placed above them, 1/2 level, 0 below).
    meetings: list[list[tuple[int, Fraction]]] = field(default_factory=list)
    # As shown: Sonneborn-Berger halves a draw (a value may end in .5); tables of 3 to 5 in
    # a Swiss give fractions, rounded to two decimals here (`exact_tiebreaks` is exact).
    tiebreaks: dict[str, float | None] = field(default_factory=dict)
    tied_with: list[int] = field(default_factory=list)
    breakdown: list[tuple[str, float]] = field(default_factory=list)
    exact: Fraction = Fraction(0)
    exact_tiebreaks: dict[str, Fraction] = field(default_factory=dict)
    exact_breakdown: list[tuple[str, Fraction]] = field(default_factory=list)
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
        row.exact_tiebreaks = {name: Fraction(_VALUES[name](row, rows))
                               for name in scoring.tiebreaks if name != HEAD_TO_HEAD}
    ordered: list[Row] = []
    groups: dict[Fraction, list[Row]] = defaultdict(list)
    for row in rows.values():
        groups[row.exact].append(row)
    for points in sorted(groups, reverse=True):
        group = sorted(groups[points], key=lambda r: natural_key(r.name))
        for row in group:
            row.tied_with = [r.entrant for r in group if r is not row]
        ordered += _split(group, list(scoring.tiebreaks), by_entrant, scoring)
    _rank(ordered)
    for row in ordered:
        _show(row, scoring.tiebreaks)
    return ordered


def shown(value: int | Fraction) -> int | float:
    """A value as the standings show it: whole, else rounded to two decimals."""
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    return round(float(value), 2)


def _show(row: Row, names: Sequence[str]) -> None:
    row.points = shown(row.exact)
    row.tiebreaks = {name: shown(row.exact_tiebreaks[name]) if name in row.exact_tiebreaks
                     else None for name in names}
    row.breakdown = [(name, shown(value)) for name, value in row.exact_breakdown]


def _count(row: Row, result: Result, index: int, scoring: Scoring) -> None:
    row.played += 1
    row.exact += scoring.for_place(result, index)
    outcome = scoring.outcome(result, index)
    row.won += outcome == "win"
    row.drawn += outcome == "draw"
    row.lost += outcome == "loss"
    if result.alone:
        return
    place = result.places[index]
    row.scored += result.points[index]
    row.conceded += sum(p for i, p in enumerate(result.points) if i != index)
    others = [(e, result.places[i]) for i, e in enumerate(result.sides) if i != index]
    row.opponents += [e for e, _ in others]
    row.beaten += [e for e, theirs in others if place < theirs]
    row.level_with += [e for e, theirs in others if place == theirs]
    shares = [(e, Fraction(1) if place < theirs else Fraction(1, 2) if place == theirs
               else Fraction(0)) for e, theirs in others]
    row.meetings += [shares] if scoring.per_table else [[share] for share in shares]


def _meeting_values(row: Row, rows: dict[int, Row], weighted: bool) -> list[Fraction]:
    """Per meeting, the opponents' match points (times the share of a win taken from each
    if `weighted`), averaged over the meeting's opponents."""
    values = []
    for meeting in row.meetings:
        found = [rows[o].exact * (share if weighted else 1) for o, share in meeting if o in rows]
        if found:
            values.append(sum(found, Fraction(0)) / len(found))
    return values


def buchholz(row: Row, rows: dict[int, Row]) -> Fraction:
    """The opponents' match points (a Swiss table's: the table-mates' average per round)."""
    return sum(_meeting_values(row, rows, False), Fraction(0))


def sonneborn_berger(row: Row, rows: dict[int, Row]) -> Fraction:
    """Match points of the opponents beaten, plus half those of the opponents drawn with."""
    return sum(_meeting_values(row, rows, True), Fraction(0))


def median_buchholz(row: Row, rows: dict[int, Row]) -> Fraction:
    """Buchholz without the best and the worst opponent's score (from three opponents on)."""
    scores = sorted(_meeting_values(row, rows, False))
    return sum(scores[1:-1] if len(scores) >= 3 else scores, Fraction(0))


_VALUES: dict[str, Callable[[Row, dict[int, Row]], int | Fraction]] = {
    DIFFERENCE: lambda row, rows: row.difference,
    SCORED: lambda row, rows: row.scored,
    BUCHHOLZ: buchholz,
    SONNEBORN_BERGER: sonneborn_berger,
    MEDIAN_BUCHHOLZ: median_buchholz,
    WINS: lambda row, rows: row.won,
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
    values: Mapping[int, Fraction]
    if name == HEAD_TO_HEAD:
        values = {e: Fraction(v) for e, v in head_to_head(group, by_entrant, scoring).items()}
        for row in group:
            row.exact_tiebreaks[HEAD_TO_HEAD] = values[row.entrant]
    else:
        values = {row.entrant: row.exact_tiebreaks[name] for row in group}
    for row in group:
        row.exact_breakdown.append((name, values[row.entrant]))
    buckets: dict[Fraction, list[Row]] = defaultdict(list)
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
        level = (previous is not None and previous.exact == row.exact
                 and previous.shared and row.shared
                 and previous.exact_breakdown == row.exact_breakdown)
        row.rank = previous.rank if level and previous else position + 1
