"""Season pages: set one up, its public standings (printable), CSV, and its tournaments added
or removed with the season's key."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from ..db import get_session
from ..digits import parse_int
from ..errors import error_response
from ..i18n import render_msg
from ..limits import creates, refuse_key
from ..pages import device
from ..pages.access import keep_key
from ..pages.season_access import SEASON_COOKIE_PREFIX, require_season_key, season_key
from ..rules.catalogue import GAMES
from ..rules.messages import RuleError
from ..services import seasons
from ..services.keys import key_matches
from ..tournament.season import DEFAULT_POINTS
from .tournament_form import whole

bp = Blueprint("seasons", __name__, url_prefix="/seasons")
FIELDS = {"name", "game", "count_best", "points"}
# A tournament's id inside its link (…/tournaments/<id>/…).
TOURNAMENT_IN_LINK = re.compile(r"/tournaments/([^/?#]+)")


@bp.app_errorhandler(seasons.SeasonNotFound)
def _not_found(_exc: seasons.SeasonNotFound) -> ResponseReturnValue:
    return error_response(404, _("There is no such season."))


@bp.app_errorhandler(seasons.SeasonRefusal)
def _refused(exc: seasons.SeasonRefusal) -> ResponseReturnValue:
    return error_response(exc.status, render_msg(exc.message), exc.field)


def _remember(response: BaseResponse, season_id: str, key: str) -> BaseResponse:
    keep_key(response, SEASON_COOKIE_PREFIX + season_id, key)
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
    count_best = whole(form.get("count_best"), "count_best", errors)
    points = _points(form.get("points"), errors)
    if errors:
        return _new_page(form, errors), 422
    try:
        view, key = seasons.create_season(get_session(), form.get("name"), form.get("game"),
                                          count_best, points)
    except RuleError as error:
        get_session().rollback()
        for problem in error.problems:
            errors.setdefault(problem.field if problem.field in FIELDS else "form",
                              render_msg(problem.message))
        return _new_page(form, errors), 422
    response = redirect(url_for("seasons.show", season_id=view.row.id, created=1), 303)
    return _remember(response, view.row.id, key)


def _points(raw: str | None, errors: dict[str, str]) -> list[int] | None:
    """The points by place as typed, separated by spaces or commas, in any digits."""
    parts = [p for p in re.split(r"[\s,،٬]+", raw or "") if p]
    if not parts:
        return None
    values = [parse_int(p) for p in parts]
    if any(v is None for v in values):
        errors["points"] = _("Type the points of each place as whole numbers, like 10 8 6.")
        return None
    return [v for v in values if v is not None]


def _new_page(form: Any, errors: dict[str, str] | None = None) -> str:
    return render_template("seasons/new.html", games=GAMES.values(), form=form,
                           errors=errors or {}, default_points=DEFAULT_POINTS)


# --- The season -----------------------------------------------------------------------------

@bp.get("/<season_id>")
def show(season_id: str) -> Any:
    key = request.args.get("key")
    if key is not None:  # the season's link with its key: kept in a cookie, then dropped
        view = seasons.load_season(get_session(), season_id)
        response = redirect(url_for("seasons.show", season_id=season_id), 303)
        if seasons_key_matches(view, key):
            return _remember(response, season_id, key)
        return _page(season_id, _("That link's key does not open this season: you can follow "
                                  "it, but not change it."), 403)
    return _page(season_id)


def seasons_key_matches(view: seasons.SeasonView, key: str) -> bool:
    if key_matches(key, view.row.key_hash):
        return True
    refuse_key(view.row.id)
    return False


def _page(season_id: str, error: str | None = None, status: int = 200) -> Any:
    session = get_session()
    view = seasons.load_season(session, season_id)
    key = season_key(season_id)
    held = {e.tournament for e in view.events}
    mine = [t for t in device.tournaments(session)
            if t.game == view.row.game and t.id not in held] if key else []
    return render_template(
        "seasons/show.html", season=view, spec=GAMES[view.row.game], key=key, error=error,
        names=seasons.names(view), mine=mine, just_made=bool(request.args.get("created")),
        setup_url=url_for("seasons.show", season_id=season_id, key=key, _external=True)
        if key else None), status


@bp.get("/<season_id>/standings.csv")
def csv(season_id: str) -> Response:
    view = seasons.load_season(get_session(), season_id)
    return Response(seasons.csv_text(view), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="season-{season_id}.csv"'})


@bp.post("/<season_id>/events")
def add_event(season_id: str) -> Any:
    require_season_key(season_id)
    try:
        seasons.add_event(get_session(), season_id,
                          tournament_named(request.form.get("tournament")))
    except seasons.SeasonRefusal as refusal:
        get_session().rollback()
        return _page(season_id, render_msg(refusal.message), refusal.status)
    return redirect(url_for("seasons.show", season_id=season_id), 303)


def tournament_named(typed: str | None) -> str:
    """The tournament's id as pasted: alone, or inside any of its links."""
    text = (typed or "").strip()
    found = TOURNAMENT_IN_LINK.search(text)
    return found.group(1) if found else text


@bp.post("/<season_id>/events/<tournament_id>/remove")
def remove_event(season_id: str, tournament_id: str) -> Any:
    require_season_key(season_id)
    try:
        seasons.remove_event(get_session(), season_id, tournament_id)
    except seasons.SeasonRefusal as refusal:
        get_session().rollback()
        return _page(season_id, render_msg(refusal.message), refusal.status)
    return redirect(url_for("seasons.show", season_id=season_id), 303)
