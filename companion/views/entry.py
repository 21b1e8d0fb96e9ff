"""Hand entry pages: the scorer enters or corrects a hand in a few taps, with a live preview."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request as htmx_request
from werkzeug.datastructures import MultiDict

from ..db import get_session
from ..digits import parse_int
from ..i18n import render_msg
from ..pages import entry
from ..pages.access import require_edit_key
from ..rules.messages import RuleError
from ..services import acting, games
from ..services.games import GameNotFound, GameView, StaleGame
from ..services.payload import read_version
from ..services.tournaments import TournamentConflict
from .render import COPY_HEADER, form_key, offline_copy, page_or_fragment

bp = Blueprint("entry", __name__, url_prefix="/games")

MODE_COOKIE = "entry_mode_"


def _editable(game_id: str) -> GameView:
    """The game, for an editor only: the 401 page without a key, 403 with a wrong one."""
    game = games.load_game(get_session(), game_id)
    require_edit_key(game_id)
    return game


@bp.route("/<game_id>/hands/new", methods=["GET", "POST"])
def new_hand(game_id: str) -> ResponseReturnValue:
    game = _editable(game_id)
    if request.method == "POST":
        return _save(game, None)
    mode = entry.pick_mode(game.spec, request.args.get("mode"),
                           request.cookies.get(MODE_COOKIE + game_id))
    if offline_copy():
        return _offline_copy(_form(game, mode, MultiDict(), None))
    return _remember(game_id, mode, _form(game, mode, MultiDict(), None))


@bp.route("/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    game = _editable(game_id)
    if not 1 <= number <= len(game.hands):
        raise GameNotFound(f"hand {number}")
    if request.method == "POST":
        return _save(game, number)
    mode, fields = entry.fields_for(game, game.hands[number - 1])
    wanted = entry.pick_mode(game.spec, request.args.get("mode"), mode)
    return _form(game, wanted, fields if wanted == mode else MultiDict(), number)


@bp.post("/<game_id>/hands/preview")
def preview(game_id: str) -> str:
    """The breakdown of the hand as entered so far; nothing is saved."""
    game = _editable(game_id)
    number = _number(request.form.get("number"), game)
    mode = entry.pick_mode(game.spec, request.form.get("mode"))
    return render_template("entry/_preview.html", game=game,
                           **_preview(game, mode, request.form, number))


def _save(game: GameView, number: int | None) -> ResponseReturnValue:
    fields = request.form
    mode = entry.pick_mode(game.spec, fields.get("mode"))
    session, game_id = get_session(), game.row.id
    try:
        version = read_version(fields.get("version"))
    except RuleError as error:  # shown again with the game's version, so a resubmit works
        return _form(game, mode, _with_version(fields, game), number, error), 400
    current = acting.current()
    # The director confirms reopening the later matches after reading what will change.
    current.cascade = fields.get("cascade") == "1" and current.by == acting.DIRECTOR
    try:
        hand = entry.read_hand(game, mode, fields)
        if number is None:
            games.add_hand(session, game_id, hand, expected_version=version,
                           idempotency_key=fields.get("key") or None)
        else:
            games.edit_hand(session, game_id, number, hand, expected_version=version,
                            reason=fields.get("reason", "").strip(),
                            idempotency_key=fields.get("key") or None)
    except TournamentConflict as conflict:  # a later match has started: say what would change
        return _form(game, mode, fields, number, conflict,
                     [render_msg(change) for change in conflict.changes]), 409
    except RuleError as error:
        return _form(game, mode, fields, number, error), 422
    except StaleGame as stale:
        # Keep what was entered; the form now carries the fresh version for a resubmit.
        return _form(stale.game, mode, _with_version(fields, stale.game), number,
                     RuleError(stale.message)), 409
    target = url_for("games.show", game_id=game_id)
    if htmx_request.htmx:
        return Response("", 200, {"HX-Redirect": target})
    return redirect(target, 303)


def _form(game: GameView, mode: str, fields: MultiDict[str, str], number: int | None,
          error: RuleError | None = None, changes: list[str] | None = None) -> str:
    hand_number = number or len(game.hands) + 1
    preview = _preview(game, mode, fields, hand_number, error)
    return page_or_fragment(
        "entry/form.html", "entry/_form.html",
        game=game, mode=mode, modes=entry.modes(game.spec), fields=fields, number=number,
        hand_number=hand_number, options=entry.options(game, mode),
        mode_labels=entry.MODE_LABELS,
        side_choices=list(enumerate(game.sides)),
        grid=entry.deck_grid(game) if mode == entry.CARDS else None,
        key=fields.get("key") or form_key(),
        version=fields.get("version") or game.row.version, changes=changes or [],
        director_acts=acting.current().by == acting.DIRECTOR, **preview)


def _preview(game: GameView, mode: str, fields: MultiDict[str, str], number: int,
             error: RuleError | None = None) -> dict[str, Any]:
    """The live breakdown, or the sentences saying what is missing or impossible."""
    if error is not None:
        problems, invalid = entry.problems(game, error)
        return {"score": None, "problems": problems, "invalid": invalid, "refused": True}
    try:
        hand = entry.read_hand(game, mode, fields)
        score = entry.preview(game, number, hand)
    except RuleError as problem:
        problems, invalid = entry.problems(game, problem)
        return {"score": None, "problems": problems, "invalid": invalid, "refused": False}
    return {"score": score, "tallies": entry.tallies(game, score), "problems": [],
            "invalid": {}, "refused": False}


def _remember(game_id: str, mode: str, body: str) -> Response:
    """Remember the chosen way of entering hands for this game."""
    response = Response(body)
    # Going back to an old form must not resubmit its spent idempotency key: never cache it.
    response.headers["Cache-Control"] = "no-store"
    if request.args.get("mode") == mode:
        response.set_cookie(MODE_COOKIE + game_id, mode, max_age=365 * 86400,
                            path=f"/games/{game_id}", samesite="Lax", httponly=True)
    return response


def _offline_copy(body: str) -> Response:
    """The new-hand form for the service worker to keep: without an idempotency key, it may
    be stored (any other answer of this address is not, _remember)."""
    response = Response(body)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add(COPY_HEADER)
    return response


def _with_version(fields: MultiDict[str, str], game: GameView) -> MultiDict[str, str]:
    """What was entered, carrying the game's current version."""
    fresh = MultiDict(fields)
    fresh["version"] = str(game.row.version)
    return fresh


def _whole(raw: str | None) -> int | None:
    value = parse_int(raw)
    return value if value is not None and value >= 0 else None


def _number(raw: str | None, game: GameView) -> int:
    """The hand a preview is for: a stored hand being corrected, else the next one."""
    number = _whole(raw)
    if number is not None and 1 <= number <= len(game.hands):
        return number
    return len(game.hands) + 1
