"""Tournament pages of the hall: the big screen's pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from ..services import tournaments, wall
from ..services.tournament_status import knockout_standings
from ..services.tournaments import KNOCKOUT
from .render import page_or_fragment

bp = Blueprint("tournament_hall", __name__, url_prefix="/tournaments")


def screen(tournament: tournaments.TournamentView) -> Any:
    """The big screen or its fragment: the pages of the wall, `?page=N` holding one."""
    knockout = tournament.row.format == KNOCKOUT
    rows = tournaments.rankings(tournament)
    board = wall.build(tournament, knockout_standings(tournament) if knockout else rows)
    held = _whole(request.args.get("page"), 1, len(board.pages))
    cycle = _whole(request.args.get("cycle"), 1, 600)
    return page_or_fragment("tournaments/screen.html", "tournaments/_screen.html",
                            tournament=tournament, rows=rows, wall=board, knockout=knockout,
                            held=held, cycle=cycle)


def _whole(text: str | None, low: int, high: int) -> int | None:
    """A page or a number of seconds from the query; None when absent or not a number."""
    if text is None or not text.isdigit():
        return None
    return min(max(int(text), low), high)
