"""A round's results sheet, beside the standings: each table's sides with place, games won,
game points and match points, and where the result stands (page, print, CSV)."""

from __future__ import annotations

from dataclasses import dataclass

from ..tournament import confirmation
from . import csv_file
from .tournaments import MatchView, TournamentView, scoring

BYE, WALKOVER, PLAYING, DIRECTOR, PROVISIONAL, CONFIRMED, DISPUTED, DECIDED = (
    "bye", "walkover", "playing", "director", "provisional", "confirmed", "disputed", "decided")


@dataclass(frozen=True)
class Line:
    """One side at one table of the round."""

    table: int
    entrant: int
    name: str
    place: int | None
    games_won: int | None
    game_points: int | None
    match_points: int | float | None  # a Swiss table of 3 to 5 may give a fraction
    state: str


def lines(tournament: TournamentView, number: int) -> list[Line]:
    """The round's lines, table by table, each table's sides in their seating order."""
    rules = scoring(tournament)
    # A bracket counts rounds reached, not points (so does a groups then knockout's knockout).
    points = not tournament.by_bracket and number <= (tournament.group_rounds or number)
    found = []
    for view in tournament.rounds[number - 1]:
        state, places, result = _state(view), view.places, view.result
        for index, entrant in enumerate(view.row.sides):
            # A walkover's result holds the winner alone: the one who withdrew has a place
            # but scored nothing and is counted nothing (as in the standings).
            counted = result.sides.index(entrant) if result and entrant in result.sides else None
            found.append(Line(
                view.row.table, entrant, view.names[index],
                places[index] if places else None,
                view.live_wins[index] if view.live_wins and not view.row.manual else None,
                _game_points(view, counted),
                rules.shown_for_place(result, counted) if result and counted is not None and points
                else None, state))
    return found


def _game_points(view: MatchView, counted: int | None) -> int | None:
    """Points scored at the table: none for a bye, nought on either side of a walkover."""
    if view.walkover:
        return 0
    if view.bye or view.result is None or counted is None:
        return None
    return view.result.points[counted]


def _state(view: MatchView) -> str:
    if view.bye:
        return BYE
    if view.walkover:
        return WALKOVER
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


def _blank(value: float | None) -> float | str:
    return "" if value is None else value
