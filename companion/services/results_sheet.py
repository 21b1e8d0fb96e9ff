"""A round's results sheet, beside the standings: each table's sides with place, games won,
game points and match points, and where the result stands (page, print, CSV)."""

from __future__ import annotations

from dataclasses import dataclass

from ..tournament import confirmation
from . import csv_file
from .tournaments import KNOCKOUT, MatchView, TournamentView, scoring

BYE, PLAYING, DIRECTOR, PROVISIONAL, CONFIRMED, DISPUTED, DECIDED = (
    "bye", "playing", "director", "provisional", "confirmed", "disputed", "decided")


@dataclass(frozen=True)
class Line:
    """One side at one table of the round."""

    table: int
    entrant: int
    name: str
    place: int | None
    games_won: int | None
    game_points: int | None
    match_points: int | None
    state: str


def lines(tournament: TournamentView, number: int) -> list[Line]:
    """The round's lines, table by table, each table's sides in their seating order."""
    rules = scoring(tournament)
    points = tournament.row.format != KNOCKOUT  # a knockout counts rounds reached, not points
    found = []
    for view in tournament.rounds[number - 1]:
        state = _state(view)
        for index, entrant in enumerate(view.row.sides):
            result = view.result
            found.append(Line(
                view.row.table, entrant, view.names[index],
                result.places[index] if result else None,
                view.live_wins[index] if view.live_wins and not view.row.manual else None,
                result.points[index] if result and not view.bye else None,
                rules.for_place(result, index) if result and points else None, state))
    return found


def _state(view: MatchView) -> str:
    if view.bye:
        return BYE
    if view.result is None:
        return PLAYING
    if view.row.manual:
        return DIRECTOR
    word = view.word
    if word == confirmation.DISPUTED:
        return DISPUTED
    if view.provisional:
        return PROVISIONAL
    return CONFIRMED if word == confirmation.CONFIRMED else DECIDED


def csv_text(number: int, found: list[Line]) -> str:
    """The sheet as CSV: one line per side; blank where the table is still playing."""
    header = ["round", "table", "entrant", "place", "games_won", "game_points",
              "match_points", "state"]
    return csv_file.csv_text([header, *(
        [number, line.table, line.name, _blank(line.place), _blank(line.games_won),
         _blank(line.game_points), _blank(line.match_points), line.state]
        for line in found)])


def _blank(value: int | None) -> int | str:
    return "" if value is None else value
