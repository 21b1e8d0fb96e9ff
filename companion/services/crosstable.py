"""The cross-table: who met whom in which round, with the result and the match points.

Rows follow the standings (a knockout's: the round reached). A cell is one meeting: the
opponent (None for a bye), "win", "draw", "loss", "bye" or "walkover", and the match points
it brought. At a table of 3 to 5 a round has one cell per other player at the table, its
result read pairwise from the places (placed above: a win; the same place: a draw); the
table's match points are on the round's first cell and None on the others, so a row's
points add up to the standings' points. A match still being played has a cell with its
opponent and no result (None) yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..tournament.standings import Scoring
from . import csv_file
from .tournament_status import knockout_standings
from .tournaments import MatchView, TournamentView, rankings, scoring

Outcome = Literal["win", "draw", "loss", "bye", "walkover"]
WIN: Outcome = "win"
DRAW: Outcome = "draw"
LOSS: Outcome = "loss"
BYE: Outcome = "bye"
WALKOVER: Outcome = "walkover"


@dataclass(frozen=True)
class Cell:
    """One meeting of an entrant in a round."""

    round: int
    table: int
    opponent: int | None
    opponent_name: str | None
    result: Outcome | None  # None while the match is being played
    points: int | float | None  # a Swiss table of 3 to 5 may give a fraction
    place: int | None


@dataclass
class Line:
    """One entrant's row: its rank and total as the standings say, and its meetings."""

    entrant: int
    name: str
    rank: int
    points: int | float
    cells: list[Cell] = field(default_factory=list)


def lines(tournament: TournamentView) -> list[Line]:
    """Every entrant's row, in the standings' order."""
    rows = rankings(tournament)
    found = {row.entrant: Line(row.entrant, row.name, row.rank, row.points) for row in rows}
    order = [row.entrant for row in rows]
    if tournament.by_bracket:  # ranked by the round reached, as its standings
        reached = knockout_standings(tournament)
        order = [r.entrant for r in reached]
        for r in reached:
            found[r.entrant].rank = r.rank
    rules = scoring(tournament)
    for number, matches in enumerate(tournament.rounds, start=1):
        for view in matches:
            for entrant in view.row.sides:
                if entrant in found:
                    found[entrant].cells += _cells(view, number, entrant, rules,
                                                   tournament.names)
    return [found[entrant] for entrant in order if entrant in found]


def _cells(view: MatchView, number: int, entrant: int, rules: Scoring,
           names: dict[int, str]) -> list[Cell]:
    """The entrant's cells of one match: one per other side (a bye: one without)."""
    if view.bye:
        points = rules.shown_for_place(view.result, 0) if view.result else None
        return [Cell(number, view.row.table, None, None, BYE, points, None)]
    index = list(view.row.sides).index(entrant)
    places = view.places
    cells: list[Cell] = []
    for other, opponent in enumerate(view.row.sides):
        if other != index:
            cells.append(Cell(number, view.row.table, opponent, names.get(opponent),
                              _result(view, places, index, other),
                              _points(view, entrant, rules) if not cells else None,
                              places[index] if places else None))
    return cells


def _result(view: MatchView, places: list[int] | None, mine: int,
            theirs: int) -> Outcome | None:
    if view.walkover:
        return WALKOVER
    if places is None:
        return None
    return WIN if places[mine] < places[theirs] else DRAW if places[mine] == places[theirs] \
        else LOSS


def _points(view: MatchView, entrant: int, rules: Scoring) -> int | float | None:
    """The match points the standings count for the entrant here (a withdrawn side: 0)."""
    result = view.result
    if result is None:
        return None
    if entrant not in result.sides:
        return 0  # withdrew: a walkover counts nothing for the side that left
    return rules.shown_for_place(result, result.sides.index(entrant))


def csv_text(found: list[Line]) -> str:
    """One line per cell: rank, entrant, round, table, opponent, result, place, points."""
    header = ["rank", "entrant", "round", "table", "opponent", "result", "place", "points"]
    return csv_file.csv_text([header, *(
        [line.rank, line.name, cell.round, cell.table, cell.opponent_name or "",
         cell.result or "", _blank(cell.place), _blank(cell.points)]
        for line in found for cell in line.cells)])


def _blank(value: float | None) -> float | str:
    return "" if value is None else value
