"""Where a tournament stands, as its pages' headers and standings say it: the round as
"x of y", and a knockout's standings as the round each entrant reached."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..tournament.bracket import Played
from ..tournament.reached import Reached, reached
from . import csv_file
from .tournaments import TournamentView, double_bracket


@dataclass(frozen=True)
class Status:
    """The round being played (0 before the first) and how many there are (0: not known)."""

    round: int
    rounds: int


def status(tournament: TournamentView) -> Status:
    return Status(*round_of(tournament))


def round_of(tournament: TournamentView) -> tuple[int, int]:
    """The round being played and how many the tournament has (0 when not known yet)."""
    played = len(tournament.rounds)
    if tournament.has_bracket:
        return tournament.current_round, played + tournament.rounds_left()
    return tournament.current_round, tournament.settings.get("rounds") or 0


def knockout_standings(tournament: TournamentView) -> list[Reached]:
    """How far each entrant got; a result waiting for confirmation decides nothing yet. The
    match for third place, where there is one, counts as reaching the semi-finals. A double
    elimination's: by the round each went out in (services/tournaments/double_bracket.py)."""
    if tournament.double:
        return double_bracket.standings(tournament)
    knockout = tournament.rounds[tournament.group_rounds:]  # a group stage's rounds: none
    rounds = [[Played(m.row.id or 0, tuple(m.row.sides), None if m.provisional else m.winner)
               for m in r] for r in knockout]
    third = {m.row.id for r in knockout for m in r if m.third_place}
    names = tournament.names
    if tournament.group_rounds:  # only those who went through from the groups
        names = {e: names[e] for m in (knockout[0] if knockout else []) for e in m.row.sides}
    offset = tournament.group_rounds  # rounds are counted as the tournament's
    rows = reached(names, rounds, round_of(tournament)[1] - offset, third)
    return [replace(row, round=row.round + offset) for row in rows] if offset else rows


def knockout_csv(tournament: TournamentView) -> str:
    """A knockout's standings as CSV: rank, entrant, the furthest round (a number) and where
    the entrant stands there (champion, in, third, out)."""
    return csv_file.csv_text([["rank", "entrant", "round_reached", "state"], *(
        [row.rank, row.name, row.round, row.state] for row in knockout_standings(tournament))])
