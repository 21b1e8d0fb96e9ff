"""Tournament pages of the hall: the big screen's pages, new links for a match's sides."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, request, url_for
from werkzeug.wrappers import Response

from ..db import get_session
from ..services import tournaments, wall
from ..services.rotation import replace_side_keys
from ..services.tournament_access import require_director
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


@bp.post("/<tournament_id>/matches/<int:match_id>/side-keys")
def replace_side_keys_page(tournament_id: str, match_id: int) -> Response:
    """The director replaces a match's side links; the desk shows the table again."""
    require_director(tournament_id)
    replace_side_keys(get_session(), tournament_id, match_id)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id,
                            _anchor=f"match-{match_id}"), 303)
