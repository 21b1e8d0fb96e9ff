"""Rate limits per client address: wrong edit keys and game creation. Reads are never limited.

Both limits count only what they guard against (a refused key, a game created), so a table
saving hands or a tournament room full of spectators never meets them. Counters live in Redis
when REDIS_URL is set, so every worker process shares them; in memory otherwise.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, g, has_request_context, request
from flask_limiter import ApplicationLimit, Limiter
from flask_limiter.util import get_remote_address
from sqlalchemy import event

from .models import Game
from .services.access import can_edit
from .services.games import GameNotFound

DEFAULTS = {
    "RATELIMIT_WRONG_KEY": "30/minute",  # refused changes (401/403) per address
    "RATELIMIT_CREATE_GAME": "20/minute",  # games created (pages, API, imports) per address
    "RATELIMIT_KEY_PREFIX": "companion",
    # A moving window: no double allowance across a minute's edge (and no test flaking on it).
    "RATELIMIT_STRATEGY": "moving-window",
    "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,  # Redis down: limit per process, never a 500
    "RATELIMIT_SWALLOW_ERRORS": True,
}
READS = frozenset({"GET", "HEAD", "OPTIONS"})


def init_app(app: Flask) -> None:
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    limiter = Limiter(get_remote_address, application_limits=[
        ApplicationLimit(limit_provider=lambda: current_app.config["RATELIMIT_WRONG_KEY"],
                         scope="wrong-key", exempt_when=_read_or_right_key,
                         deduct_when=_refused),
        ApplicationLimit(limit_provider=lambda: current_app.config["RATELIMIT_CREATE_GAME"],
                         scope="create-game", exempt_when=_cannot_create,
                         deduct_when=_created_a_game),
    ])
    limiter.init_app(app)


def _read_or_right_key() -> bool:
    """Reads, and changes made with the right key, are never held back by someone else's
    wrong guesses from the same address (a café or a tournament hall shares one)."""
    if request.method in READS:
        return True
    game_id = (request.view_args or {}).get("game_id")
    if not game_id:
        return False
    try:
        return can_edit(game_id)
    except GameNotFound:
        return False


def _refused(response: Response) -> bool:
    return response.status_code in (401, 403)


def _cannot_create() -> bool:
    # Creating is a POST to an address that names no game yet (API, pages, import).
    return request.method != "POST" or "game_id" in (request.view_args or {})


def _created_a_game(_response: Response) -> bool:
    return bool(g.get("games_created"))


@event.listens_for(Game, "after_insert")
def _note_creation(_mapper, _connection, _target) -> None:
    # Whichever view created it: the limit follows the database, not a list of route names.
    if has_request_context():
        g.games_created = True
