"""Games over JSON: create, read, add/correct/delete hands, undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from ..cache import board_store
from ..conditional import conditional
from ..db import get_session
from ..i18n import current_digits
from ..limits import creates
from ..pages.access import require_edit_key
from ..rules.messages import N_, RuleError, msg
from ..rules.situation import require
from ..services import games
from ..services.payload import read_version
from . import answers as a
from . import bodies as b
from .blueprint import bp
from .body import json_body, optional_json_body
from .serialize import allow_cascade, created_game, game_json, with_warnings

MAX_LISTED = 100


@bp.post("/games")
@creates
def create_game() -> ResponseReturnValue:
    data = json_body(b.CreateGame)
    game, key = games.create_game(
        get_session(), data.get("game"), data.get("rules"), data.get("players"),
        data.get("teams"), data.get("target"), data.get("first_dealer", 0))
    return created_game(game, key)


@bp.get("/games")
def list_games() -> ResponseReturnValue:
    """The games named in `ids` (comma-separated): the API lists no game its caller
    does not already know."""
    asked = [game_id for game_id in request.args.get("ids", "").split(",") if game_id]
    rows = games.list_games(get_session(), asked[:MAX_LISTED], limit=MAX_LISTED)
    return jsonify(a.GameList(games=[
        a.ListedGame(id=row.id, game=row.game, players=row.players, totals=row.totals,
                     finished=row.finished, winners=row.winners, hands=row.hand_count,
                     updated_at=row.updated_at.isoformat()) for row in rows]).plain())


@bp.get("/games/<game:game_id>")
def get_game(game_id: str) -> ResponseReturnValue:
    """Served from the app's store: one query (the board's revision) when this process already
    made it; 304 for a client holding it (ETag)."""
    # The board's revision moves with the game and its match's other games (the answer's
    # `match`); besides, the answer depends on the language of its sentences and the address
    # its links take. Read before the game: an answer is never kept as older than it is.
    shown = games.revision(get_session(), game_id)
    key = ("game json", game_id, shown, str(get_locale()), current_digits(),
           url_for("games.show", game_id=game_id, _external=True))
    return conditional(key, lambda: Response(board_store().get_or_make(
        key, lambda: current_app.json.dumps(game_json(
            games.load_game(get_session(), game_id)).plain()) + "\n"),
        mimetype="application/json"))


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> ResponseReturnValue:
    # Opened under its lock, then the key checked on the row read: the game is read once.
    session = get_session()
    opened = games.open_change(session, game_id)
    require_edit_key(game_id)
    data = json_body(b.AddHand)
    game, _ = games.add_hand(session, game_id, require(data, "hand"),
                              _expected_version(data, required=False),
                              request.headers.get("Idempotency-Key"), opened)
    return jsonify(game_json(game).plain()), 201


@bp.put("/games/<game_id>/hands/<int:number>")
def edit_hand(game_id: str, number: int) -> ResponseReturnValue:
    session = get_session()
    opened = games.open_change(session, game_id)
    require_edit_key(game_id)
    data = json_body(b.EditHand)
    allow_cascade(data)
    game, _ = games.edit_hand(session, game_id, number, require(data, "hand"),
                               _expected_version(data), _reason(data),
                               request.headers.get("Idempotency-Key"), opened)
    return jsonify(with_warnings(game_json(game)).plain())


@bp.delete("/games/<game_id>/hands/<int:number>")
def delete_hand(game_id: str, number: int) -> ResponseReturnValue:
    require_edit_key(game_id)
    data = optional_json_body(b.DeleteHand)
    allow_cascade(data)
    game, _ = games.delete_hand(get_session(), game_id, number, _expected_version(data),
                                 _reason(data), request.headers.get("Idempotency-Key"))
    return jsonify(with_warnings(game_json(game)).plain())


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> ResponseReturnValue:
    return _step_in_history(game_id, games.undo_last)


@bp.post("/games/<game_id>/redo")
def redo(game_id: str) -> ResponseReturnValue:
    return _step_in_history(game_id, games.redo_last)


def _step_in_history(game_id: str,
                     step: Callable[..., tuple[games.GameView, Any]]) -> ResponseReturnValue:
    """Undo or redo the last change: If-Match and Idempotency-Key are optional here."""
    require_edit_key(game_id)
    data = optional_json_body(b.Undo)
    game, _ = step(get_session(), game_id, _expected_version(data, required=False),
                   request.headers.get("Idempotency-Key"))
    return jsonify(game_json(game).plain())


@bp.patch("/games/<game:game_id>")
def change_game(game_id: str) -> ResponseReturnValue:
    """Rename the players or change the target: `{"players": [...]}`, `{"target": n}`."""
    require_edit_key(game_id)
    data = json_body(b.ChangeGame)
    values = {name: data[name] for name in ("players", "target") if name in data}
    game, _ = games.change_settings(get_session(), game_id, values, _expected_version(data))
    return jsonify(game_json(game).plain())


@bp.post("/games/<game_id>/rematch")
@creates
def rematch(game_id: str) -> ResponseReturnValue:
    """A new game with the same players and rules; asked again, the same one (303)."""
    require_edit_key(game_id)
    try:
        game, key = games.rematch(get_session(), game_id)
    except games.MatchGameExists as started:
        return "", 303, {"Location": url_for("api.get_game", game_id=started.game_id)}
    return created_game(game, key)


def _expected_version(data: dict[str, Any], required: bool = True) -> int | None:
    """The version a change is based on, from `If-Match` or the body's `version`."""
    raw = request.headers.get("If-Match", data.get("version"))
    if raw is None and "version" in data:  # a null version is no version, never "no check"
        raise RuleError(msg(N_("The version must be a whole number.")), "version")
    if raw == "*":
        return None  # any version (RFC 9110)
    return read_version(raw, required and not _a_resend())


def _a_resend() -> bool:
    """A change resent under an Idempotency-Key the game has seen: its stored answer is
    given, even without the If-Match the first one carried."""
    game_id = (request.view_args or {}).get("game_id")
    return isinstance(game_id, str) and games.answered_before(
        get_session(), game_id, request.headers.get("Idempotency-Key"))


def _reason(data: dict[str, Any]) -> str:
    reason = data.get("reason", "")
    if not isinstance(reason, str):
        raise RuleError(msg(N_("The reason must be text.")), "reason")
    return reason
