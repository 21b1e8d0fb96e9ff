"""Keys, export/import and delete/undo over JSON."""

from __future__ import annotations

from flask import jsonify, url_for
from flask.typing import ResponseReturnValue

from ..db import get_session
from ..limits import creates
from ..links import edit_url
from ..pages.access import require_edit_key, require_to_delete
from ..services import games, transfer
from ..services.rotation import rotate_game_key
from . import answers as a
from . import bodies as b
from .blueprint import bp
from .body import json_body
from .serialize import created_game, game_json


@bp.post("/games/<game_id>/key")
def rotate_key(game_id: str) -> ResponseReturnValue:
    """A new edit key; the old one stops working at once."""
    require_edit_key(game_id)
    key = rotate_game_key(get_session(), game_id)
    return jsonify(a.NewKey(edit_key=key, edit_url=edit_url(game_id, key)).plain())


@bp.get("/games/<game_id>/export")
def export_game(game_id: str) -> ResponseReturnValue:
    return jsonify(transfer.export_game(get_session(), game_id).plain())


@bp.post("/games/import")
@creates
def import_game() -> ResponseReturnValue:
    """An export becomes a new game with its own id and edit key."""
    game, key = transfer.import_game(get_session(), json_body(b.ImportGame))
    return created_game(game, key)


@bp.delete("/games/<game:game_id>")
@creates  # deleting a table's open game starts its replacement: a creation like any
def delete_game(game_id: str) -> ResponseReturnValue:
    """Hide the game; `POST .../restore` brings it back within 7 days."""
    require_to_delete(game_id)
    games.delete_game(get_session(), game_id)
    return jsonify(a.Deleted(deleted=game_id, restore_url=url_for(
        "api.restore_game", game_id=game_id, _external=True)).plain())


@bp.post("/games/<game_id>/restore")
def restore_game(game_id: str) -> ResponseReturnValue:
    require_to_delete(game_id, restoring=True)
    return jsonify(game_json(games.restore_game(get_session(), game_id)).plain())
