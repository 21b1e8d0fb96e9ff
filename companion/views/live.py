"""The streams live boards listen to: server-sent events saying a game or tournament changed."""

from __future__ import annotations

import threading
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request, url_for
from flask_babel import get_locale
from sqlalchemy import Engine
from sqlmodel import Session

from ..cache import Kept, worker_lock
from ..i18n import current_digits
from ..live import Hub, Payload, announce_changes, as_data, stream
from ..pages.access import may_edit
from ..services import game_cache, games, tournaments
from ..services.tournaments import TournamentNotFound
from .games import pushed_board

bp = Blueprint("live", __name__)
KINDS = {"game": game_cache.board_version, "tournament": tournaments.version}
GONE = (games.GameNotFound, TournamentNotFound)


def init_app(app: Flask) -> None:
    """One hub per app; changes committed through its engine are announced on it."""
    engine: Engine = app.extensions["engine"]
    hub = Hub(lambda topic: _version(engine, topic), app.config.get("REDIS_URL"))
    app.extensions["live"] = hub
    announce_changes(engine, hub)

    @app.template_global()
    def live_url(kind: str, item_id: str, version: int) -> str:
        """The stream a live container listens to (static/js/live.js), from the version shown."""
        if kind == "game":
            return url_for("live.game", game_id=item_id, since=version)
        return url_for("live.tournament", tournament_id=item_id, since=version)


def _version(engine: Engine, topic: str) -> int | None:
    """A topic's version, read on a session of its own: streams outlive their request's."""
    kind, _, item_id = topic.partition(":")
    with Session(engine) as session:
        try:
            return KINDS[kind](session, item_id)
        except GONE:
            return None


@bp.get("/games/<game_id>/live")
def game(game_id: str) -> Any:
    return _stream(f"game:{game_id}", _board_payload(game_id))


@bp.get("/tournaments/<tournament_id>/live")
def tournament(tournament_id: str) -> Any:
    return _stream(f"tournament:{tournament_id}")


PUSHED: Kept[str] = Kept(1024)  # `change` events carrying the board, by version and viewer


def making() -> threading.Lock:
    """The lock one stream holds while it makes a missing event; the others wait, then read
    it."""
    return worker_lock(current_app.extensions, "live.making")


def _board_payload(game_id: str) -> Payload:
    """The `change` event carrying the new board: made once per version, language, digits
    and scorer-or-not by the first stream of this process that needs it, while the others
    wait for it (with PostgreSQL's waits between greenlets, each would render it again), then
    written as is to every viewer (hundreds of viewers: no fetch, no query, no copy each)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    environ = {name: value for name, value in request.environ.items()
               if not name.startswith(("wsgi.input", "werkzeug."))}
    viewer = (str(get_locale()), current_digits(), may_edit(game_id))
    lock = making()  # here, in the request: the stream's payloads run outside it

    def payload(version: int) -> str | None:
        key = (game_id, version, *viewer)
        found = PUSHED.get(key)
        if found is None:
            with lock:
                found = PUSHED.get(key)
                if found is None:
                    with app.request_context(environ):
                        html = pushed_board(game_id, version, viewer[2])
                    found = f"id: {version}\nevent: change\n{as_data(html)}\n" if html else ""
                    PUSHED.put(key, found)
        return found or None

    return payload


def _stream(topic: str, payload: Payload | None = None) -> Response:
    hub: Hub = current_app.extensions["live"]
    if hub.version(topic, fresh=True) is None:
        kind = topic.partition(":")[0]
        raise (games.GameNotFound if kind == "game" else TournamentNotFound)(topic)
    shown = request.headers.get("Last-Event-ID") or request.args.get("since")
    return Response(stream(hub, topic, shown, payload=payload), mimetype="text/event-stream",
                    headers={
        # Through a proxy: no buffering (nginx reads this header), no caching, no transform.
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
    })
