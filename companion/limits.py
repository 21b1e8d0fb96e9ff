"""Rate limits on refused keys and on creating, counted where they happen.

Only a refused key is ever answered 429, and only once that address, or that game or
tournament, has spent its allowance of refused keys: the right key, reads, referee calls and
everything else from a shared address (a café, a tournament hall) go on as usual. Creating
games and tournaments, and pairing rounds, spend a creation allowance per address; a view
that creates is marked with `@creates`. Counters live in Redis when REDIS_URL is set, so
every worker process shares them; in this process's memory otherwise, or while Redis is away.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Flask, abort, current_app, g, has_request_context, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import event

from .models import Game
from .models_tournament import Tournament

DEFAULTS = {
    "RATELIMIT_WRONG_KEY": "30/minute",  # refused keys per address
    "RATELIMIT_WRONG_KEY_TARGET": "60/minute",  # refused keys per game or tournament
    "RATELIMIT_CREATE_GAME": "20/minute",  # games and tournaments created per address
    "RATELIMIT_KEY_PREFIX": "companion",
    # A moving window: no double allowance across a minute's edge (and no test flaking on it).
    "RATELIMIT_STRATEGY": "moving-window",
}
READS = frozenset({"GET", "HEAD", "OPTIONS"})
log = logging.getLogger(__name__)


def init_app(app: Flask) -> None:
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    # Flask-Limiter holds the configured storage (Redis or memory); no route limit of its own.
    limiter = Limiter(get_remote_address)
    limiter.init_app(app)
    app.extensions["companion_limits"] = (limiter, MovingWindowRateLimiter(MemoryStorage()))


def refuse_key(target: str) -> None:
    """Count a refused key against this address and `target`; 429 once either is spent.

    Call it only for a key that was presented and is wrong: a right key is never counted
    or held back.
    """
    if not _enabled():
        return
    checks = [(_item("RATELIMIT_WRONG_KEY"), ("wrong-key", _address())),
              (_item("RATELIMIT_WRONG_KEY_TARGET"), ("wrong-key-target", target))]
    if not all(_call("test", item, names) for item, names in checks):
        abort(429)
    for item, names in checks:
        _call("hit", item, names)


def creates(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a view that creates games or tournaments: refused (429) once the address has
    created its allowance, and what it created is counted (a paired round: each table's game,
    up to what is left, so a round is never refused half-made)."""
    @wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        if request.method in READS:
            return view(*args, **kwargs)
        if _enabled() and not _call("test", _item("RATELIMIT_CREATE_GAME"), _creator()):
            abort(429)
        g.created = 0
        response = view(*args, **kwargs)
        if _enabled() and g.created:
            _spend(g.created)
        return response
    return limited


def _spend(count: int) -> None:
    item, names = _item("RATELIMIT_CREATE_GAME"), _creator()
    left = _call("get_window_stats", item, names).remaining
    if left > 0:
        _call("hit", item, names, cost=min(count, left))


def _creator() -> tuple[str, str]:
    return ("create", _address())


def _enabled() -> bool:
    return bool(current_app.config.get("RATELIMIT_ENABLED", True))


def _address() -> str:
    return get_remote_address() or "unknown"


def _item(setting: str) -> RateLimitItem:
    return parse(current_app.config[setting])


def _call(method: str, item: RateLimitItem, names: tuple[str, ...], **options: Any) -> Any:
    """test, hit or get_window_stats on the shared storage; on this process's memory while
    that is unreachable."""
    names = (current_app.config["RATELIMIT_KEY_PREFIX"], *names)
    limiter, fallback = current_app.extensions["companion_limits"]
    try:
        return getattr(limiter.limiter, method)(item, *names, **options)
    except Exception:  # noqa: BLE001 - Redis away: limit per process, never answer 500
        log.warning("rate limit storage unreachable; counting in memory", exc_info=True)
        return getattr(fallback, method)(item, *names, **options)


@event.listens_for(Game, "after_insert")
@event.listens_for(Tournament, "after_insert")
def _note_creation(_mapper: Any, _connection: Any, _target: Any) -> None:
    # Whichever service created it: the count follows the database, not a list of routes.
    if has_request_context() and "created" in g:
        g.created += 1
