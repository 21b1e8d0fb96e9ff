"""The streams live boards listen to: server-sent events saying a game or tournament changed."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import Engine
from sqlmodel import Session

from ..cache import board_store, worker_lock
from ..db import get_session
from ..i18n import current_digits
from ..live import (
    Ended,
    Hub,
    Leaving,
    Payload,
    Seat,
    Seats,
    announce_changes,
    as_data,
    stream,
    worker_connections,
)
from ..pages.access import may_edit, opens, presented_key
from ..rules.messages import N_
from ..services import games, tournaments
from ..services.tournaments import TournamentNotFound
from .games import pushed_board

bp = Blueprint("live", __name__)
KINDS = {"game": games.revision, "tournament": tournaments.version}
GONE = (games.GameNotFound, TournamentNotFound)
# A hall of 60 phones behind one address, a couple of boards open on each, plus the desk, the
# big screen and streams of phones gone to sleep that the server has not noticed yet.
PER_ADDRESS = 200
REFUSED = {  # a refused stream: the page polls as when a proxy blocks it (static/js/live.js)
    Seats.FULL: (503, N_("This server is holding as many live boards as it can: this page "
                         "checks for changes every few seconds instead.")),
    Seats.ADDRESS_FULL: (429, N_("Too many live boards are open from this network: this page "
                                 "checks for changes every few seconds instead.")),
}
RETRY_AFTER = "30"


def init_app(app: Flask) -> None:
    """One hub per app; changes committed through its engine are announced on it."""
    # Half the worker's connections at most: the other half serve every other request (each
    # phone's saves and fetches on a connection of their own), however many streams are open.
    app.config.setdefault("LIVE_STREAMS", worker_connections() // 2)
    app.config.setdefault("LIVE_STREAMS_PER_ADDRESS", PER_ADDRESS)
    app.extensions["live_seats"] = Seats()
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
    return _stream(f"game:{game_id}", lambda: _board_payload(game_id))


@bp.get("/tournaments/<tournament_id>/live")
def tournament(tournament_id: str) -> Any:
    return _stream(f"tournament:{tournament_id}")


def making() -> threading.Lock:
    """The lock one stream holds while it makes a missing event; the others wait, then read
    it."""
    return worker_lock(current_app.extensions, "live.making")


def _board_payload(game_id: str) -> Payload:
    """The `change` event carrying the new board: made once per revision, language, digits
    and scorer-or-not by the first stream of this process that needs it, while the others
    wait for it (with PostgreSQL's waits between greenlets, each would render it again), then
    kept in the app's store and written as is to every viewer (hundreds of viewers: no
    fetch, no query, no copy each)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    environ = {name: value for name, value in request.environ.items()
               if not name.startswith(("wsgi.input", "werkzeug."))}
    viewer = (str(get_locale()), current_digits(), may_edit(game_id))
    held = presented_key(game_id)
    lock, store = making(), board_store()  # here, in the request: payloads run outside it

    def payload(version: int) -> str | None:
        if viewer[2]:  # a scorer's stream: is the key still the game's (not replaced since)?
            with app.request_context(environ):
                if not opens(game_id, held):
                    raise Ended
        key = ("pushed", game_id, version, *viewer)
        found = store.get(key)
        if found is None:
            with lock:
                found = store.get(key)
                if found is None:
                    with app.request_context(environ):
                        html = pushed_board(game_id, version, viewer[2])
                    found = f"id: {version}\nevent: change\n{as_data(html)}\n" if html else ""
                    store.put(key, found)
        return found or None

    return payload


def _stream(topic: str, payload: Callable[[], Payload] | None = None) -> Response:
    seat = _seat()
    if not isinstance(seat, Seat):
        return seat
    try:
        response = _opened(topic, payload() if payload else None)
    except BaseException:
        seat.release()
        raise
    response.call_on_close(seat.release)  # however the stream ends, or if it never starts
    return response


def _seat() -> Seat | Response:
    """A seat among this process's streams, else the refusal that makes the page poll."""
    config = current_app.config
    seats: Seats = current_app.extensions["live_seats"]
    taken = seats.take(request.remote_addr or "unknown", config["LIVE_STREAMS"],
                       config["LIVE_STREAMS_PER_ADDRESS"])
    if isinstance(taken, Seat):
        return taken
    status, sentence = REFUSED[taken]
    # The sentence alone, no page around it: an EventSource never shows it, and a refusal
    # must cost less than the stream it spares.
    return Response(_(sentence), status, mimetype="text/plain",
                    headers={"Retry-After": RETRY_AFTER})


def _opened(topic: str, payload: Payload | None) -> Response:
    # The request's database connection goes back now: the stream outlives the request, and
    # reads on sessions of its own (one held while asking for another starved the pool).
    get_session().close()
    hub: Hub = current_app.extensions["live"]
    if hub.version(topic, fresh=True) is None:
        kind = topic.partition(":")[0]
        raise (games.GameNotFound if kind == "game" else TournamentNotFound)(topic)
    shown = request.headers.get("Last-Event-ID") or request.args.get("since")
    # gunicorn hands over the connection: its end is noticed while the stream waits.
    leaving = Leaving(request.environ.get("gunicorn.socket"))
    return Response(stream(hub, topic, shown, payload=payload, leaving=leaving),
                    mimetype="text/event-stream",
                    headers={
        # Through a proxy: no buffering (nginx reads this header), no caching, no transform.
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
    })
