"""A Redis that hangs (it takes connections and never answers) or is gone: creations and
limits are answered within moments, counted in this process's memory meanwhile, and the log
says so once per side (rate limits, live boards), never a traceback per request or second.
Where a real Redis answers, its pub/sub and creation lock are checked too."""

from __future__ import annotations

import logging
import re
import socket
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from sqlmodel import select

from companion import limits, live, outage
from companion.db import get_session
from companion.live import Hub
from companion.models import Game

from .helpers import REDIS_URL, SHELEM, add_hand, client_at, create_game, free_port, limited_app

NEEDS_REDIS = pytest.mark.skipif(not REDIS_URL, reason="COMPANION_TEST_REDIS_URL is not set "
                                                       "(e.g. redis://127.0.0.1:6379/15)")

ANSWER_SECONDS = 10.0  # bound on a request's answer: past it, the request hung


class HangingRedis:
    """A server on 127.0.0.1 that accepts every connection and never answers a byte."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"redis://127.0.0.1:{self.server.getsockname()[1]}/0"
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:  # closed: the test is over
                return
            self.connections.append(connection)

    def close(self) -> None:
        """Stop listening and drop every connection (a call still waiting hears it closed)."""
        self.server.close()
        for connection in self.connections:
            connection.close()


@pytest.fixture
def hanging() -> Iterator[HangingRedis]:
    redis = HangingRedis()
    yield redis
    redis.close()


@pytest.fixture
def hung_app(db_url, hanging):
    app = limited_app(db_url, REDIS_URL=hanging.url, RATELIMIT_CREATE_GAME="20/minute")
    yield app
    app.extensions["engine"].dispose()


def answered(call: Callable[[], Any], seconds: float = ANSWER_SECONDS) -> Any:
    """call()'s answer, in a thread of its own: a call that hangs fails the test instead of
    hanging it."""
    answers: list[Any] = []
    thread = threading.Thread(target=lambda: answers.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert answers, f"no answer within {seconds} s"
    return answers[0]


def wait_until(condition: Callable[[], bool], seconds: float = ANSWER_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not so within {seconds} s"
        time.sleep(0.02)


def stored_games(app) -> int:
    with app.app_context():
        return len(get_session().exec(select(Game)).all())


def test_parallel_creations_with_redis_hanging_are_answered_and_stop_at_the_allowance(
        hung_app):
    statuses: Counter = Counter()
    start = threading.Barrier(25)

    def create() -> None:
        start.wait()
        status = client_at(hung_app, "192.0.2.110").post("/api/v1/games",
                                                         json=SHELEM).status_code
        statuses[status] += 1

    threads = [threading.Thread(target=create, daemon=True) for _ in range(25)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + ANSWER_SECONDS
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    # The creation lock and the counts fall back to this process's: 20 made, 5 refused.
    assert statuses == Counter({201: 20, 429: 5})
    assert stored_games(hung_app) == 20


def test_wrong_keys_with_redis_hanging_reach_429_and_redis_is_not_asked_each_time(
        hung_app, hanging, caplog):
    phone = client_at(hung_app, "192.0.2.111")
    with caplog.at_level(logging.WARNING):
        game = answered(lambda: create_game(phone))
        statuses = [answered(lambda: add_hand(phone, game, "guess").status_code)
                    for _ in range(4)]
        assert answered(lambda: add_hand(phone, game).status_code) == 201
    assert statuses == [403, 403, 403, 429]  # three wrong keys a minute, as without Redis
    # After a call timed out, the next requests count in memory without trying Redis again:
    # one connection for the limits' first call and one for the live news of the first save
    # (each side tries again after a pause of some seconds, longer than this test).
    assert len(hanging.connections) <= 2 + 2  # each side may try once more after its pause
    said = [(r.name, r.exc_info) for r in caplog.records if r.name.startswith("companion")]
    assert said == [("companion.limits", None), ("companion.live", None)]


def test_with_redis_gone_saves_say_so_once_and_no_traceback(db_url, caplog):
    app = limited_app(db_url, REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")  # nobody there
    phone = client_at(app, "192.0.2.112")
    with caplog.at_level(logging.WARNING, logger="companion.live"):
        game = create_game(phone)
        for _ in range(3):
            assert add_hand(phone, game).status_code == 201
    said = [r for r in caplog.records if r.name == "companion.live"]
    assert [(r.levelname, r.exc_info) for r in said] == [("WARNING", None)]
    assert "unreachable" in said[0].getMessage()
    app.extensions["engine"].dispose()


def test_the_live_listener_retries_a_hanging_redis_quietly_with_growing_pauses(
        hanging, caplog, monkeypatch):
    monkeypatch.setattr(outage, "RETRY_FIRST", 0.1)  # 0.1 s, then 0.2 s, 0.4 s ...
    hub = Hub(lambda _topic: 1, hanging.url)
    with caplog.at_level(logging.DEBUG, logger="companion.live"):
        hub.watch("game:x")  # a stream starts the listener
        wait_until(lambda: len(hanging.connections) >= 3)  # it gave up on two, tried again
    said = [r for r in caplog.records if r.name == "companion.live"]
    assert [(r.levelname, r.exc_info) for r in said if r.levelno >= logging.INFO] == [
        ("WARNING", None)]
    pauses = [float(m) for r in said for m in re.findall(r"again in ([\d.]+) s",
                                                          r.getMessage())]
    assert pauses[:2] == [0.1, 0.2]


class QuietPubsub:
    """A subscription that hears nothing and answers every PING."""

    def get_message(self, timeout: float) -> dict[str, Any]:
        threading.Event().wait(timeout)
        return {"type": "pong"}

    def ping(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_save_announced_before_the_subscription_is_read_once_it_is_made(monkeypatch):
    revision = [1]
    hub = Hub(lambda _topic: revision[0], "redis://127.0.0.1:1/0")
    subscribed = threading.Event()
    monkeypatch.setattr(hub, "_subscribe", lambda: (subscribed.wait(), QuietPubsub())[1])
    watch = hub.watch("game:x")  # a stream starts the listener, not yet subscribed
    assert hub.version("game:x") == 1  # its first word
    watch.woken.clear()
    revision[0] = 2  # a save whose announcement went to Redis before this process listened
    subscribed.set()
    assert watch.woken.wait(ANSWER_SECONDS)  # the stream is woken once the listener hears
    assert hub.version("game:x") == 2  # and reads the save it missed


def test_redis_gone_and_back_is_said_once_each_way(caplog):
    log = logging.getLogger("companion.tests")
    seen = outage.Outage(log, "Redis unreachable (%s)", "Redis back")
    with caplog.at_level(logging.WARNING, logger="companion.tests"):
        for _ in range(3):
            seen.failed(TimeoutError())
        assert not seen.worth_trying()  # it failed a moment ago: not asked again yet
        seen.worked()
        seen.worked()
        assert seen.worth_trying()
    said = [r.getMessage() for r in caplog.records if r.name == "companion.tests"]
    assert said == ["Redis unreachable (TimeoutError)", "Redis back"]


@NEEDS_REDIS
def test_an_announcement_through_redis_wakes_another_processs_stream_beat_after_beat(
        monkeypatch, caplog):
    monkeypatch.setattr(live, "BEAT_SECONDS", 0.05)  # a PING to Redis after each silent beat
    hearing, telling = Hub(lambda _topic: 1, REDIS_URL), Hub(lambda _topic: 1, REDIS_URL)
    topic = f"game:{uuid.uuid4().hex}"
    watch = hearing.watch(topic)

    def heard() -> bool:
        telling.publish({topic})  # again until the listener, subscribing meanwhile, hears it
        return watch.woken.wait(0.05)

    pings = redis.Redis.from_url(REDIS_URL)
    with caplog.at_level(logging.WARNING, logger="companion.live"):
        wait_until(heard)
        watch.woken.clear()
        before = pings.info("commandstats")["cmdstat_ping"]["calls"]
        wait_until(lambda: pings.info("commandstats")["cmdstat_ping"]["calls"] >= before + 3)
        wait_until(heard)  # still subscribed after silent beats answered by PINGs
    assert caplog.records == []


@NEEDS_REDIS
def test_a_creation_waiting_long_for_its_addresss_redis_lock_is_refused_with_a_sentence(
        db_url, monkeypatch):
    monkeypatch.setattr(limits, "LOCK_WAIT", 0.2, raising=False)
    prefix = f"test-{uuid.uuid4().hex}"
    app = limited_app(db_url, REDIS_URL=REDIS_URL, RATELIMIT_KEY_PREFIX=prefix)
    held = redis.Redis.from_url(REDIS_URL).lock(f"{prefix}:lock:create:192.0.2.113", timeout=30)
    assert held.acquire()  # another worker's creation from this address, taking its time
    try:
        refused = answered(lambda: client_at(app, "192.0.2.113").post("/api/v1/games",
                                                                       json=SHELEM))
    finally:
        held.release()
    assert refused.status_code == 503
    assert refused.get_json() == {"error": "Another creation from this address is still "
                                           "under way; try again in a moment."}
    assert stored_games(app) == 0
    app.extensions["engine"].dispose()
