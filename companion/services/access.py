"""Who may change a game: the holder of its edit key (header, link or cookie)."""

from __future__ import annotations

from flask import abort, request

from ..db import get_session
from ..models import Game
from .games import GameNotFound
from .keys import key_matches

COOKIE_PREFIX = "edit_"


def presented_key(game_id: str) -> str | None:
    """The key sent with this request: Bearer header, then the game's cookie."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.cookies.get(COOKIE_PREFIX + game_id)


def can_edit(game_id: str, key: str | None = None) -> bool:
    row = get_session().get(Game, game_id)
    if row is None:
        raise GameNotFound(game_id)
    return key_matches(key if key is not None else presented_key(game_id), row.edit_key_hash)


def require_edit_key(game_id: str) -> None:
    """401 without a key, 403 with a wrong one; nothing is changed either way."""
    key = presented_key(game_id)
    if not can_edit(game_id, key):
        abort(401 if not key else 403)
