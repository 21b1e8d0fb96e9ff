"""Hand entry pages: the scorer enters or corrects a hand in a few taps, with a live preview."""

from __future__ import annotations

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request as htmx_request
from werkzeug.datastructures import MultiDict

from ..db import get_session
from ..digits import parse_int
from ..i18n import render_msg
from ..pages import entry
from ..pages.access import require_edit_key
from ..pages.entry import HandEntry
from ..rules.messages import RuleError
from ..services import acting, games
from ..services.games import GameNotFound, GameView, StaleGame
from ..services.payload import read_version
from ..services.tournaments import TournamentConflict
from .render import COPY_HEADER, form_key, offline_copy, page_or_fragment

bp = Blueprint("entry", __name__, url_prefix="/games")

MODE_COOKIE = "entry_mode_"


def _editable(game_id: str) -> GameView:
    """The game, for an editor only: the 401 page without a key, 403 with a wrong one. A save
    opens it under its lock (`open_change`), so that the game is read once."""
    session = get_session()
    saving = request.method == "POST"
    game = games.open_change(session, game_id) if saving else games.load_game(session, game_id)
    require_edit_key(game_id)
    return game


@bp.route("/<game_id>/hands/new", methods=["GET", "POST"])
def new_hand(game_id: str) -> ResponseReturnValue:
    game = _editable(game_id)
    if request.method == "POST":
        return _save(HandEntry(game, request.form.get("mode", ""), request.form))
    mode = entry.pick_mode(game.spec, request.args.get("mode"),
                           request.cookies.get(MODE_COOKIE + game_id))
    form = _form(HandEntry(game, mode, MultiDict()))
    return _offline_copy(form) if offline_copy() else _remember(game_id, mode, form)


@bp.route("/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    game = _editable(game_id)
    if not 1 <= number <= len(game.hands):
        raise GameNotFound(f"hand {number}")
    if request.method == "POST":
        return _save(HandEntry(game, request.form.get("mode", ""), request.form, number))
    return _form(HandEntry.correcting(game, number, request.args.get("mode")))


@bp.post("/<game_id>/hands/preview")
def preview(game_id: str) -> str:
    """The breakdown of the hand as entered so far; nothing is saved."""
    game = games.load_game(get_session(), game_id)
    require_edit_key(game_id)
    hand = HandEntry(game, request.form.get("mode", ""), request.form,
                     _number(request.form.get("number"), game))
    return render_template("entry/_preview.html", **hand.shown())


def _save(hand: HandEntry) -> ResponseReturnValue:
    """Save the hand entered, or show the form again saying why not (nothing saved)."""
    session, game, fields = get_session(), hand.game, hand.fields
    game_id = game.row.id
    try:
        version = read_version(fields.get("version"))
    except RuleError as error:  # shown again with the game's version, so a resubmit works
        session.rollback()  # the game's lock, and its version's bump
        return _form(hand.refuse(error, _with_version(fields, game))), 400
    current = acting.current()
    # The director confirms reopening the later matches after reading what will change.
    current.cascade = fields.get("cascade") == "1" and current.by == acting.DIRECTOR
    key = fields.get("key") or None
    try:
        if hand.number is None:
            games.add_hand(session, game_id, hand.checked(), expected_version=version,
                           idempotency_key=key, opened=game)
        else:
            games.edit_hand(session, game_id, hand.number, hand.checked(),
                            expected_version=version, reason=fields.get("reason", "").strip(),
                            idempotency_key=key, opened=game)
    except TournamentConflict as conflict:  # a later match has started: say what would change
        return _form(hand.refuse(conflict), [render_msg(change) for change in conflict.changes]
                     ), 409
    except RuleError as error:
        session.rollback()  # refused before the change was tried: the lock is let go too
        return _form(hand.refuse(error)), 422
    except StaleGame as stale:
        # Keep what was entered; the form now carries the fresh version for a resubmit.
        fresh = HandEntry(stale.game, hand.mode, _with_version(fields, stale.game), hand.number)
        return _form(fresh.refuse(RuleError(stale.message))), 409
    target = url_for("games.show", game_id=game_id)
    if htmx_request.htmx:
        return Response("", 200, {"HX-Redirect": target})
    return redirect(target, 303)


def _form(hand: HandEntry, changes: list[str] | None = None) -> str:
    fields = hand.fields
    return page_or_fragment(
        "entry/form.html", "entry/_form.html", **hand.shown(),
        mode_labels=entry.MODE_LABELS, side_choices=list(enumerate(hand.game.sides)),
        key=fields.get("key") or form_key(),
        version=fields.get("version") or hand.game.row.version, changes=changes or [],
        director_acts=acting.current().by == acting.DIRECTOR)


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
