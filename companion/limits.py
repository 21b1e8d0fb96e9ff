"""Rate limits on refused keys and on creating, counted where they happen.

Only a refused key is ever answered 429, and only once that address, or that game or
tournament, has spent its allowance of refused keys: the right key, reads, referee calls and
everything else from a shared address (a café, a tournament hall) go on as usual. Creating
games and tournaments, and pairing rounds, spend a creation allowance per address; a view
that creates is marked with `@creates`. Counters live in Redis when REDIS_URL is set, so
every worker process shares them; in this process's memory otherwise, or while Redis is away
or hangs (companion/outage.py: each call has a short timeout).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import wraps
from typing import Any

from flask import Flask, abort, current_app, g, has_request_context, request
from flask_babel import gettext as _
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import STRATEGIES, MovingWindowRateLimiter
from sqlalchemy import event
from sqlalchemy.orm import Session
from werkzeug.exceptions import TooManyRequests

from . import outage
from .cache import worker_lock
from .models import Game
from .models_season import Season
from .models_tournament import Tournament
from .services.tournaments.creating import MAX_ENTRANTS

DEFAULTS = {
    "RATELIMIT_WRONG_KEY": "30/minute",  # refused keys per address
    "RATELIMIT_WRONG_KEY_TARGET": "60/minute",  # refused keys per game or tournament
    "RATELIMIT_CREATE_GAME": "20/minute",  # games, tournaments and seasons created per address
    "RATELIMIT_KEY_PREFIX": "companion",
    # A moving window: no double allowance across a minute's edge (and no test flaking on it).
    "RATELIMIT_STRATEGY": "moving-window",
}
READS = frozenset({"GET", "HEAD", "OPTIONS"})
LARGEST_ROUND = MAX_ENTRANTS // 2  # tables: the most games one pairing starts
LOCK_WAIT = 10  # seconds a creation waits for another from its address (then 503)
log = logging.getLogger(__name__)


def init_app(app: Flask) -> None:
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    app.config.setdefault("RATELIMIT_STORAGE_URI", app.config.get("REDIS_URL") or "memory://")
    # Passed to the Redis client (the memory storage ignores them): a Redis that hangs must
    # not hold a request longer than that.
    app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {
        "socket_timeout": outage.TIMEOUT, "socket_connect_timeout": outage.TIMEOUT})
    # The counters of the `limits` package: its storage from the URI (redis:// or memory://),
    # counted by the configured strategy; this process's memory while that storage is away.
    storage = storage_from_string(app.config["RATELIMIT_STORAGE_URI"],
                                  **app.config["RATELIMIT_STORAGE_OPTIONS"])
    limiter = STRATEGIES[app.config["RATELIMIT_STRATEGY"]](storage)
    app.extensions["companion_limits"] = (limiter, MovingWindowRateLimiter(MemoryStorage()))
    app.extensions["companion_limits.outage"] = outage.Outage(
        log, "rate limit storage unreachable (%s); counting in this process's memory until "
             "it is back", "rate limit storage reachable again")


def refuse_key(target: str) -> None:
    """Count a refused key against this address and `target`; 429 once either is spent.

    Call it only for a key that was presented and is wrong: a right key is never counted
    or held back. Each count is one atomic step of the storage (parallel guesses cannot slip
    between a check and its count), and a key refused twice in one request counts once.
    """
    if not _enabled():
        return
    counted = g.setdefault("refused_targets", set())
    if target in counted:
        return
    counted.add(target)
    checks = [(_item("RATELIMIT_WRONG_KEY"), ("wrong-key", _address())),
              (_item("RATELIMIT_WRONG_KEY_TARGET"), ("wrong-key-target", target))]
    if not all([_call("hit", item, names) for item, names in checks]):
        abort(429)


def creates(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a view that creates games or tournaments: refused (429) once the address has
    created its allowance. What it creates is counted before it is stored (`_count`).
    One creation per address runs at a time (across processes when Redis holds the counts),
    so parallel requests never create more than the allowance."""
    @wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        if request.method in READS or not _enabled():
            return view(*args, **kwargs)
        with _one_at_a_time(_creator()):
            if not all([_call("test", item, _creator()) for item in _allowances()]):
                abort(429)
            g.created = 0
            return view(*args, **kwargs)
    return limited


class TooManyAtOnce(TooManyRequests):
    """More games at once than what is left of the address's allowance (a round too big)."""


def _allowances() -> tuple[RateLimitItem, RateLimitItem]:
    """The creation allowance, and the same rate over as many of its windows as the largest
    round needs (RATELIMIT_CREATE_GAME's 20 a minute: 140 in 7 minutes)."""
    item = _item("RATELIMIT_CREATE_GAME")
    windows = max(2, -(-LARGEST_ROUND // item.amount))
    return item, type(item)(item.amount * windows, item.multiples * windows, item.namespace)


def _spend(count: int) -> None:
    """Count `count` creations about to be stored; TooManyAtOnce, and none counted, when
    they do not fit in the longer allowance. In the minute's allowance they count up to
    what is left, so a round bigger than that is paired whole (it is counted in full in the
    longer one: the address's next creations wait until that has room again)."""
    short, long = _allowances()
    if count > _call("get_window_stats", long, _creator()).remaining:
        raise TooManyAtOnce(description=_("This round would start more games than this "
                                          "address may start right now; try again in a few "
                                          "minutes."))
    _call("hit", long, _creator(), cost=count)
    left = _call("get_window_stats", short, _creator()).remaining
    if left > 0:
        _call("hit", short, _creator(), cost=min(count, left))


def _creator() -> tuple[str, str]:
    return ("create", _address())


def _enabled() -> bool:
    return bool(current_app.config.get("RATELIMIT_ENABLED", True))


def _address() -> str:
    return request.remote_addr or "unknown"


def _item(setting: str) -> RateLimitItem:
    return parse(current_app.config[setting])


def _call(method: str, item: RateLimitItem, names: tuple[str, ...], **options: Any) -> Any:
    """test, hit or get_window_stats on the shared storage; on this process's memory while
    that is unreachable."""
    names = (current_app.config["RATELIMIT_KEY_PREFIX"], *names)
    limiter, fallback = current_app.extensions["companion_limits"]
    away = _outage()
    if away.worth_trying():
        try:
            answer = getattr(limiter, method)(item, *names, **options)
        except Exception as error:  # noqa: BLE001 - Redis away: limit per process, never a 500
            away.failed(error)
        else:
            away.worked()
            return answer
    return getattr(fallback, method)(item, *names, **options)


@contextmanager
def _one_at_a_time(names: tuple[str, ...]) -> Iterator[None]:
    """Hold the creation lock of `names`: Redis's when it holds the counts, else this
    process's (which is all the memory counts cover anyway)."""
    limiter, _fallback = current_app.extensions["companion_limits"]
    client = getattr(limiter.storage, "storage", None)  # the Redis client, if any
    name = ":".join((current_app.config["RATELIMIT_KEY_PREFIX"], "lock", *names))
    away = _outage()
    if client is not None and hasattr(client, "lock") and away.worth_trying():
        try:
            lock = client.lock(name, timeout=30, blocking_timeout=LOCK_WAIT)
            acquired = lock.acquire()
        except Exception as error:  # noqa: BLE001 - Redis away: this process's lock instead
            away.failed(error)
        else:
            away.worked()
            if not acquired:  # another creation from this address holds it all this time
                abort(503, description=_("Another creation from this address is still under "
                                         "way; try again in a moment."))
            try:
                yield
            finally:
                with suppress(Exception):
                    lock.release()
            return
    with local_lock():
        yield


def local_lock() -> threading.Lock:
    """This process's creation lock, held while a creation is counted and stored."""
    return worker_lock(current_app.extensions, "companion_limits.lock")


def _outage() -> outage.Outage:
    found: outage.Outage = current_app.extensions["companion_limits.outage"]
    return found


@event.listens_for(Game, "after_insert")
@event.listens_for(Tournament, "after_insert")
@event.listens_for(Season, "after_insert")
def _note_creation(_mapper: Any, _connection: Any, _target: Any) -> None:
    # Whichever service created it: the count follows the database, not a list of routes.
    if has_request_context() and "created" in g:
        g.created += 1


@event.listens_for(Session, "before_commit")
def _count(session: Session) -> None:
    """Count what a creating view is about to store, before it is stored: a round whose
    games do not fit is refused whole (the request's session is rolled back)."""
    if not (has_request_context() and "created" in g):
        return
    session.flush()  # every row this commit stores is inserted now, and noted above
    made, g.created = g.created, 0
    if made:
        _spend(made)
