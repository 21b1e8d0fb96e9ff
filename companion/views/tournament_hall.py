"""Tournament pages of the hall: the big screen's pages, a round's results sheet, the
cross-table, new links for a match's sides."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ..db import get_session
from ..errors import error_response
from ..i18n import render_msg
from ..pages.tournament_access import require_director
from ..rules.messages import RuleError
from ..services import crosstable as cross
from ..services import results_sheet, tournaments, wall
from ..services.rotation import replace_side_keys
from ..services.tournament_status import knockout_standings
from ..services.tournaments import TournamentConflict, checkin, clock, open_tables
from .render import page_or_fragment
from .tournament_extras import unchanged

bp = Blueprint("tournament_hall", __name__, url_prefix="/tournaments")


def screen(tournament: tournaments.TournamentView) -> Any:
    """The big screen or its fragment: the pages of the wall, `?page=N` holding one."""
    knockout = tournament.in_bracket  # a groups then knockout's too, once drawn
    rows = tournaments.rankings(tournament)
    board = wall.build(tournament, knockout_standings(tournament) if knockout else rows)
    held = _whole(request.args.get("page"), 1, len(board.pages))
    cycle = _whole(request.args.get("cycle"), 1, 600)
    return page_or_fragment("tournaments/screen.html", "tournaments/_screen.html",
                            tournament=tournament, rows=rows, wall=board, knockout=knockout,
                            held=held, cycle=cycle, clock=clock.shown(tournament))


def _whole(text: str | None, low: int, high: int) -> int | None:
    """A page or a number of seconds from the query; None when absent or not a number."""
    if text is None or not text.isdecimal():
        return None
    return min(max(int(text), low), high)


def round_context(tournament: tournaments.TournamentView) -> dict[str, Any]:
    """The round in play at a glance: its clock and the tables not finished."""
    return {"clock": clock.shown(tournament),
            "waiting": open_tables.waiting(get_session(), tournament)}


@bp.get("/<tournament_id>/round")
def desk_round(tournament_id: str) -> Any:
    """The desk's live part: the clock and what the open tables hold up (204: unchanged)."""
    if unchanged(tournament_id):
        return Response(status=204)
    tournament = tournaments.load(get_session(), tournament_id)
    return render_template("tournaments/_desk_round.html", tournament=tournament,
                           **round_context(tournament))


@bp.get("/<tournament_id>/open-tables")
def open_tables_page(tournament_id: str) -> Any:
    """The tables not finished, each with the time since its last hand; live."""
    if unchanged(tournament_id):
        return Response(status=204)
    tournament = tournaments.load(get_session(), tournament_id)
    return page_or_fragment("tournaments/open_tables.html", "tournaments/_open_tables.html",
                            tournament=tournament, **round_context(tournament))


@bp.get("/<tournament_id>/check-in")
def check_in_page(tournament_id: str) -> Any:
    """Check-in on one shared tablet: a tap on an entrant's row checks it in or out."""
    require_director(tournament_id)
    return _check_in(tournament_id, request.args.get("undo", type=int))


@bp.post("/<tournament_id>/check-in")
def check_in(tournament_id: str) -> Any:
    require_director(tournament_id)
    entrant = request.form.get("entrant", type=int) or 0
    try:
        checkin.check_in(get_session(), tournament_id, entrant,
                         request.form.get("checked_in") == "1")
    except RuleError as error:
        get_session().rollback()
        status = 409 if isinstance(error, TournamentConflict) else 422
        return _check_in(tournament_id, None, render_msg(error.message)), status
    return redirect(url_for("tournament_hall.check_in_page", tournament_id=tournament_id,
                            undo=entrant, _anchor=f"entrant-{entrant}"), 303)


def _check_in(tournament_id: str, undo: int | None, error: str | None = None) -> str:
    """The check-in page; `undo` the entrant just tapped, whose tap it offers to take back."""
    tournament = tournaments.load(get_session(), tournament_id)
    last = next((e for e in tournament.entrants if e.id == undo), None)
    return render_template("tournaments/check_in.html", tournament=tournament, undo=last,
                           error=error)


@bp.post("/<tournament_id>/matches/<int:match_id>/side-keys")
def replace_side_keys_page(tournament_id: str, match_id: int) -> Response:
    """The director replaces a match's side links; the desk shows the table again."""
    require_director(tournament_id)
    replace_side_keys(get_session(), tournament_id, match_id)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id,
                            _anchor=f"match-{match_id}"), 303)


@bp.get("/<tournament_id>/results")
def results(tournament_id: str) -> Any:
    """One round's results sheet (the round being played unless `?round=N`), printable."""
    tournament, number, lines = _sheet(tournament_id)
    return render_template("tournaments/results.html", tournament=tournament, number=number,
                           lines=lines)


@bp.get("/<tournament_id>/results.csv")
def results_csv(tournament_id: str) -> Any:
    _, number, lines = _sheet(tournament_id)
    name = f"results-{tournament_id}-round-{number}.csv"
    return Response(results_sheet.csv_text(number, lines), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/<tournament_id>/crosstable")
def crosstable(tournament_id: str) -> Any:
    """Who met whom in which round, with the result and points: printable."""
    tournament = tournaments.load(get_session(), tournament_id)
    return render_template("tournaments/crosstable.html", tournament=tournament,
                           lines=cross.lines(tournament))


@bp.get("/<tournament_id>/crosstable.csv")
def crosstable_csv(tournament_id: str) -> Any:
    tournament = tournaments.load(get_session(), tournament_id)
    return Response(cross.csv_text(cross.lines(tournament)), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="crosstable-{tournament_id}.csv"'})


def _sheet(tournament_id: str) -> tuple[tournaments.TournamentView, int, list[results_sheet.Line]]:
    """The tournament, the round asked for and its lines; a 404 page for no such round."""
    tournament = tournaments.load(get_session(), tournament_id)
    number = _round(tournament)
    if number is None:
        abort(make_response(_no_round()))
    return tournament, number, results_sheet.lines(tournament, number) if number else []


def _round(tournament: tournaments.TournamentView) -> int | None:
    """The round asked for (`?round=N`), else the one being played; None for no such round."""
    asked = request.args.get("round")
    if asked is None:
        return tournament.current_round
    number = _whole(asked, 0, 10**6)
    return number if number is not None and 1 <= number <= len(tournament.rounds) else None


def _no_round() -> Any:
    return error_response(404, _("There is no such round in this tournament."))
