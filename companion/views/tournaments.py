"""Tournament pages: set-up, the director's desk, public standings, big screen, records."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..db import get_session
from ..digits import parse_int
from ..errors import error_response, wants_json
from ..i18n import num, render_msg
from ..limits import creates, refuse_key
from ..models_tournament import Tournament
from ..pages import device
from ..pages.access import DIRECTOR_COOKIE_PREFIX, keep_key
from ..pages.tournament_access import (
    counted_director_key,
    presented_key,
    require_director,
)
from ..rules.catalogue import GAMES
from ..rules.messages import RuleError
from ..services import acting, tournaments
from ..services.games.deleting import UNDELETE_WINDOW
from ..services.keys import key_matches
from ..services.tournament_status import knockout_csv
from ..services.tournaments import (
    TournamentConflict,
    TournamentGone,
    TournamentNotFound,
    audit,
    clock,
    deletion,
    group_stage,
)
from ..tournament.standings import TIEBREAKS
from . import dead_links, tournament_form, tournament_hall
from .render import page_or_fragment
from .tournament_extras import table_link, unchanged

bp = Blueprint("tournaments", __name__, url_prefix="/tournaments")


@bp.app_errorhandler(TournamentNotFound)
def _not_found(_exc: TournamentNotFound) -> ResponseReturnValue:
    return error_response(404, _("There is no such tournament, or no such table in it."))


@bp.app_errorhandler(TournamentGone)
def _gone(exc: TournamentGone) -> ResponseReturnValue:
    """A deleted tournament: a sentence; its director's page offers to restore it."""
    sentence = _("This tournament was deleted by its director. The director can restore it "
                 "within %(days)s days.", days=num(UNDELETE_WINDOW.days))
    if wants_json():
        return error_response(410, sentence)
    tournament_id = str(exc.args[0]) if exc.args else ""
    row = get_session().get(Tournament, tournament_id)
    director = row is not None and key_matches(presented_key(tournament_id),
                                               row.director_key_hash)
    return render_template("tournaments/deleted.html", sentence=sentence, row=row,
                           director=director), 410


def _remember(response: BaseResponse, tournament_id: str, key: str) -> BaseResponse:
    keep_key(response, DIRECTOR_COOKIE_PREFIX + tournament_id, key)
    return response


# --- Setting up -----------------------------------------------------------------------------

@bp.get("/new")
def new() -> str:
    return _new_page({})


@bp.post("/new")
@creates
def create() -> Any:
    form = request.form
    errors: dict[str, str] = {}
    settings = tournament_form.settings(form, errors)
    game, _sep, preset = form.get("variant", "").partition("/")
    entrants = _lines(form.get("entrants", "")) or None
    if errors:  # a number not typed as one: the rest of what is wrong is said too
        problems = tournaments.set_up_problems(game, form.get("name"), form.get("format"),
                                               entrants, settings)
        return _new_page(form, _beside_fields(problems, errors)), 422
    try:
        tournament, key = tournaments.create_tournament(
            get_session(), form.get("name"), game, {"preset": preset} if preset else None,
            form.get("format"), entrants, settings, rated=device.record_ids())
    except RuleError as error:
        get_session().rollback()
        return _new_page(form, _beside_fields(error.problems, {})), 422
    response = redirect(url_for("tournaments.show", tournament_id=tournament.row.id, created=1),
                        303)
    return _remember(response, tournament.row.id, key)


def _beside_fields(problems: list[RuleError], errors: dict[str, str]) -> dict[str, str]:
    """Each refusal beside its field (the first for a field), any other above the form."""
    for problem in problems:
        errors.setdefault(tournament_form.error_at(problem.field), render_msg(problem.message))
    return errors


def _new_page(form: Any, errors: dict[str, str] | None = None) -> str:
    """The set-up form with what was typed; a field's error beside it, any other on top."""
    return render_template("tournaments/new.html", games=GAMES.values(), form=form,
                           errors=errors or {}, tiebreaks=TIEBREAKS,
                           slots=tournament_form.tiebreak_slots(form))


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


# --- The director's desk (public read-only without the key) ---------------------------------

@bp.get("/<tournament_id>")
def show(tournament_id: str) -> Any:
    key = request.args.get("key")
    if key is not None:
        response = redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
        tournament = tournaments.load(get_session(), tournament_id)
        if key_matches(key, tournament.row.director_key_hash):
            return _remember(response, tournament_id, key)
        refuse_key(tournament_id)
        return _desk(tournament_id, _("That director link does not open this tournament: you "
                                      "can follow it, but not run it."), 403)
    return _desk(tournament_id)


def _desk(tournament_id: str, error: str | None = None, status: int = 200,
          form: Any = None, failed: tuple[int, dict[str, str]] | None = None,
          changes: list[str] | None = None) -> Any:
    """The desk; `failed` is the table whose result form was refused, with its errors, and
    `changes` what its change would do to later matches if the director confirms it."""
    session = get_session()
    device.note_tournament(tournament_id)
    context = _rounds_context(tournament_id)
    tournament, key = context["tournament"], context.pop("key")
    context.update({
        "rows": tournaments.rankings(tournament),
        "history": [audit.describe(event, tournament.settings["partnerships"])
                    for event in tournaments.history(session, tournament_id)] if key else [],
        "notices": [render_msg(w) for w in acting.current().warnings],
        "changes": changes or [],
        # the director's own link, at any time; just after creation it is the page's news
        "director_url": url_for("tournaments.show", tournament_id=tournament_id, key=key,
                                _external=True) if key else None,
        "just_made": bool(request.args.get("created")),
        "error": error, "form": form or {},
        "failed": failed[0] if failed else None, "errors": failed[1] if failed else {},
        **tournament_hall.round_context(tournament),
    })
    return render_template("tournaments/show.html", **context), status


@bp.get("/<tournament_id>/rounds")
def rounds(tournament_id: str) -> Any:
    """The desk's rounds, table by table, as the desk shows them (the director's forms and
    links to the director); its fragment for the live desk, 204 when nothing changed."""
    if unchanged(tournament_id):
        return Response(status=204)
    context = _rounds_context(tournament_id)
    context.pop("key")
    return page_or_fragment("tournaments/rounds.html", "tournaments/_rounds.html",
                            form={}, failed=None, errors={}, changes=[], **context)


def _rounds_context(tournament_id: str) -> dict[str, Any]:
    """What the rounds need: the tournament, and for the director the tables' links."""
    tournament = tournaments.load(get_session(), tournament_id)
    key = counted_director_key(tournament_id)
    return {"tournament": tournament, "key": key, "director": key is not None,
            "tables": _tables(tournament, key) if key else {}}


def _tables(tournament: tournaments.TournamentView, key: str) -> dict[int, dict[str, Any]]:
    """Each table's scorer link and QR code, for the director's eyes only."""
    links = {}
    for view in (v for r in tournament.rounds for v in r if not v.bye and not v.decided):
        link = table_link(tournament, view, key)
        if link is not None:
            links[view.row.id or 0] = link
    return links


@bp.post("/<tournament_id>/entrants")
def add_entrants(tournament_id: str) -> Any:
    require_director(tournament_id)
    try:
        tournaments.add_entrants(get_session(), tournament_id,
                                 _lines(request.form.get("entrants", "")))
    except RuleError as error:
        get_session().rollback()
        return _desk(tournament_id, render_msg(error.message), 422, request.form)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.post("/<tournament_id>/rounds")
@creates
def next_round(tournament_id: str) -> Any:
    require_director(tournament_id)
    try:
        tournaments.next_round(get_session(), tournament_id)
    except RuleError as error:
        get_session().rollback()
        return _desk(tournament_id, render_msg(error.message), 422)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.post("/<tournament_id>/matches/<int:match_id>/result")
def set_result(tournament_id: str, match_id: int) -> Any:
    require_director(tournament_id)
    form = request.form
    errors: dict[str, str] = {}
    acting.current().by = acting.DIRECTOR
    acting.current().cascade = form.get("cascade") == "1"  # confirmed after seeing `changes`
    try:
        if form.get("outcome") == "clear":
            tournaments.clear_result(get_session(), tournament_id, match_id, form.get("reason"))
        else:
            places, points = tournament_form.result(form, errors)
            if errors:
                return _desk(tournament_id, status=422, form=form, failed=(match_id, errors))
            tournaments.set_result(get_session(), tournament_id, match_id, places, points,
                                   form.get("reason"))
    except TournamentConflict as conflict:
        get_session().rollback()
        return _desk(tournament_id, status=409, form=form,
                     failed=(match_id, {"result": render_msg(conflict.message)}),
                     changes=[render_msg(change) for change in conflict.changes])
    except RuleError as error:
        get_session().rollback()
        return _desk(tournament_id, status=422, form=form,
                     failed=(match_id, {"result": render_msg(error.message)}))
    if acting.current().warnings:  # said on the desk itself: a redirect would lose them
        return _desk(tournament_id)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.post("/<tournament_id>/withdraw")
def withdraw(tournament_id: str) -> Any:
    """An entrant leaves: chosen on the desk, with the reason."""
    require_director(tournament_id)
    acting.current().by = acting.DIRECTOR
    try:
        tournaments.withdraw(get_session(), tournament_id,
                             request.form.get("entrant", type=int) or 0,
                             request.form.get("reason"))
    except RuleError as error:
        get_session().rollback()
        return _desk(tournament_id, render_msg(error.message), 422, request.form)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.post("/<tournament_id>/clock")
def set_clock(tournament_id: str) -> Any:
    """The desk's clock buttons: start with the minutes typed, pause, resume or stop."""
    require_director(tournament_id)
    form = request.form
    action = form.get("action", "start")
    data: dict[str, Any] = {"action": action} if action != "start" else {
        "minutes": parse_int(form.get("minutes")) or form.get("minutes")}
    try:
        clock.set_clock(get_session(), tournament_id, data)
    except RuleError as error:
        get_session().rollback()
        return _desk(tournament_id, render_msg(error.message), 422, form)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id,
                            _anchor="desk-round"), 303)


@bp.post("/<tournament_id>/delete")
def delete(tournament_id: str) -> Any:
    """The desk's delete form: the director types the tournament's name again."""
    require_director(tournament_id)
    try:
        deletion.delete(get_session(), tournament_id, request.form.get("confirm"))
    except RuleError as error:
        get_session().rollback()
        return _desk(tournament_id, render_msg(error.message), 422, request.form)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.post("/<tournament_id>/restore")
def restore(tournament_id: str) -> Any:
    require_director(tournament_id)
    deletion.restore(get_session(), tournament_id)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)


@bp.get("/<tournament_id>/tables/<int:match_id>")
def table(tournament_id: str, match_id: int) -> Any:
    """The table's link (and QR code): straight to the game being played at it."""
    tournament = tournaments.load(get_session(), tournament_id)
    view = tournaments.match_view(tournament, match_id)
    key = request.args.get("key", "")
    right = key_matches(key, view.row.key_hash)
    if key and not right:
        refuse_key(tournament_id)
        return _dead_link(tournament_id, dead_links.replaced(), 403)
    if not right:
        return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
    if view.current is None:
        return _dead_link(tournament_id, dead_links.finished(), 200)
    return redirect(url_for("games.show", game_id=view.current.id, key=key), 303)


def _dead_link(tournament_id: str, sentence: str, status: int) -> Any:
    """A table link that no longer leads to a game says why, with the way to the tournament."""
    return render_template("tournaments/dead_link.html", sentence=sentence,
                           tournament=tournaments.load(get_session(), tournament_id)), status


# --- Everyone's pages --------------------------------------------------------------------------

@bp.get("/<tournament_id>/standings")
def standings(tournament_id: str) -> Any:
    return _live_standings(tournament_id, "standings")


@bp.get("/<tournament_id>/screen")
def screen(tournament_id: str) -> Any:
    """The big-screen view for a wall display."""
    return _live_standings(tournament_id, "screen")


def _live_standings(tournament_id: str, view: str) -> Any:
    """A standings page, its fragment for pollers, or 204 when nothing changed."""
    if unchanged(tournament_id):
        return Response(status=204)
    tournament = tournaments.load(get_session(), tournament_id)
    device.note_tournament(tournament_id)
    if view == "screen":
        return tournament_hall.screen(tournament)
    return page_or_fragment(f"tournaments/{view}.html", f"tournaments/_{view}.html",
                            tournament=tournament, rows=tournaments.rankings(tournament))


@bp.get("/<tournament_id>/standings.csv")
def standings_csv(tournament_id: str) -> Response:
    tournament = tournaments.load(get_session(), tournament_id)
    if tournament.by_bracket:
        body = knockout_csv(tournament)
    elif tournament.stage:  # groups then knockout: the groups' tables
        body = group_stage.csv_text(tournament)
    else:
        body = tournaments.csv_text(tournament, tournaments.rankings(tournament))
    return Response(body, mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="standings-{tournament_id}.csv"'})


@bp.get("/<tournament_id>/players")
def players(tournament_id: str) -> str:
    session = get_session()
    tournament = tournaments.load(session, tournament_id)
    return render_template("tournaments/players.html", tournament=tournament,
                           records=tournaments.records(session, tournament))
