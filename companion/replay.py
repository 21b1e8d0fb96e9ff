"""Reads answered again before Flask while what they show is unchanged.

Phones following a game ask for its JSON or its board over and over. Flask makes the first
answer; a view that may be replayed marks it with the game and the board version it shows
(`may_replay`). The answer is kept under everything in the request it could depend on: the
address and query, every header (cookies, languages, host, htmx's), the client's address. The
same request again gets the kept answer, at the cost of one query, as long as the game's board
version has not moved. Only requests presenting no key are answered so: a key's checks (a key
replaced meanwhile, a wrong key counted) always run in Flask.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from flask import Flask, request
from sqlalchemy.exc import SQLAlchemyError

from .pages.access import KEY_COOKIES
from .services import game_cache

MARK = "companion.replay"
# Bytes of kept answers per process: a board at the cap is about 50 KB, so some 600 viewers'.
KEPT_BYTES_AT_MOST = 32 * 1024 * 1024
# Whatever else an answer might hang on (the machine's LAN address in its links) is asked
# for again at least this often, in seconds.
FRESH_FOR = 60.0
REPLAYED_STATUSES = ("200", "204", "304")

RequestKey = tuple[Any, ...]


@dataclass(frozen=True)
class KeptAnswer:
    """An answer as Flask gave it, and the board version it shows."""

    game_id: str
    version: int
    status: str
    headers: list[tuple[str, str]]
    body: bytes
    made: float


def may_replay(game_id: str, version: int) -> None:
    """Mark this request's answer as depending only on the request and the game's board
    version `version`."""
    request.environ[MARK] = (game_id, version)


def request_key(environ: dict[str, Any]) -> RequestKey | None:
    """What an answer may depend on; None for a request never replayed (not a GET, or one
    presenting a key)."""
    if environ.get("REQUEST_METHOD") != "GET" or "HTTP_AUTHORIZATION" in environ:
        return None
    query = environ.get("QUERY_STRING", "")
    cookies = environ.get("HTTP_COOKIE", "")
    if "key=" in query or any(name in cookies for name in KEY_COOKIES):
        return None
    headers = tuple(sorted((name, str(value)) for name, value in environ.items()
                           if name.startswith("HTTP_")))
    return (environ.get("PATH_INFO"), query, environ.get("SCRIPT_NAME"),
            environ.get("wsgi.url_scheme"), environ.get("SERVER_NAME"),
            environ.get("SERVER_PORT"), environ.get("REMOTE_ADDR"), headers)


class Replay:
    """The WSGI layer answering kept reads; everything else goes to the app."""

    def __init__(self, wsgi_app: Any, version_of: Callable[[str], int | None],
                 static_prefix: str) -> None:
        self.wsgi_app, self.version_of, self.static_prefix = wsgi_app, version_of, static_prefix
        self.kept: dict[RequestKey, KeptAnswer] = {}
        self.kept_bytes = 0
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        static = environ.get("PATH_INFO", "").startswith(self.static_prefix)
        key = None if static else request_key(environ)
        if key is None:
            return self.wsgi_app(environ, start_response)  # type: ignore[no-any-return]
        kept = self.kept.get(key)
        if kept is not None and self._current(kept):
            start_response(kept.status, list(kept.headers))
            return [kept.body]
        return self._answer(key, environ, start_response)

    def _current(self, kept: KeptAnswer) -> bool:
        if time.monotonic() - kept.made > FRESH_FOR:
            return False
        try:
            return self.version_of(kept.game_id) == kept.version
        except SQLAlchemyError:
            return False  # the app answers, and says what is wrong

    def _answer(self, key: RequestKey, environ: dict[str, Any],
                start_response: Any) -> Iterable[bytes]:
        given: list[Any] = []

        def noted(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            given[:] = [status, headers]
            return start_response(status, headers, exc_info)

        answer = self.wsgi_app(environ, noted)
        mark = environ.get(MARK)
        if mark is None or not given or not _may_keep(*given):
            return answer  # type: ignore[no-any-return]
        try:
            body = b"".join(answer)
        finally:
            if hasattr(answer, "close"):
                answer.close()
        self._keep(key, KeptAnswer(mark[0], mark[1], given[0], list(given[1]), body,
                                   time.monotonic()))
        return [body]

    def _keep(self, key: RequestKey, kept: KeptAnswer) -> None:
        with self.lock:
            old = self.kept.pop(key, None)
            self.kept_bytes += len(kept.body) - (len(old.body) if old else 0)
            self.kept[key] = kept
            while self.kept_bytes > KEPT_BYTES_AT_MOST:
                self.kept_bytes -= len(self.kept.pop(next(iter(self.kept))).body)  # the oldest


def _may_keep(status: str, headers: list[tuple[str, str]]) -> bool:
    """An answer the same for everyone sending this request: not one setting a cookie."""
    return status.startswith(REPLAYED_STATUSES) and not any(
        name.lower() == "set-cookie" for name, _ in headers)


def init_app(app: Flask) -> None:
    """Kept reads answered before anything else of the app."""
    engine = app.extensions["engine"]

    def version_of(game_id: str) -> int | None:
        with engine.connect() as connection:
            return game_cache.board_version_on(connection, game_id)

    app.wsgi_app = Replay(app.wsgi_app, version_of,  # type: ignore[method-assign]
                          f"{app.static_url_path}/")
