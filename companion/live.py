"""Server push: who watches what, and the word that it changed (docs/live-boards.md).

Every change to a game or a tournament moves on the revisions of the boards it shows on, in
its own transaction (services/boards.py, which notes their topics: "game:<id>",
"tournament:<id>"). After that commit the topics are announced: straight to this process's
streams, or through Redis pub/sub to every process's when REDIS_URL is set. A stream waits
for its topic's announcement or the next heartbeat, and sends the revision it then reads.
"""

from __future__ import annotations

import logging
import os
import random
import select
import socket
import threading
import time
import weakref
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.orm import Session

from . import outage
from .services import boards

CHANNEL = "companion:live"
BEAT_SECONDS = 5.0  # a board says "Connection lost" after 10 s without a word (freshness.js)
RECHECK_SECONDS = 30.0  # read the version anyway now and then, should an announcement be lost
LIFETIME_SECONDS = 600.0  # then the browser reconnects by itself: no stream lives for ever

log = logging.getLogger(__name__)
Resolve = Callable[[str], "int | None"]  # a topic's version now; None once it is gone


class Watch:
    """One open stream's place in the hub: woken when its topic is announced."""

    def __init__(self, topic: str):
        self.topic = topic
        self.woken = threading.Event()


class Hub:
    """The topics this process's streams watch, and the versions last read for them."""

    def __init__(self, resolve: Resolve, redis_url: str | None = None):
        self._resolve, self._redis_url = resolve, redis_url or ""
        self._lock = threading.Lock()
        self._watches: dict[str, set[Watch]] = {}
        # topic -> (announcements so far, version read after the last): one read per change
        self._versions: dict[str, tuple[int, int | None]] = {}
        self._announced: dict[str, int] = {}
        self._reading: dict[str, threading.Lock] = {}
        self._redis: Any = None
        self._listener: threading.Thread | None = None
        self._outage = outage.Outage(
            log, "Redis unreachable (%s): live boards of other processes hear of saves at "
                 "their next check until it is back", "Redis reachable again: live boards "
                                                      "hear of saves at once")

    # --- streams ----------------------------------------------------------------------------

    def watch(self, topic: str) -> Watch:
        self._listen()
        watch = Watch(topic)
        with self._lock:
            self._watches.setdefault(topic, set()).add(watch)
            self._reading.setdefault(topic, threading.Lock())
        return watch

    def forget(self, watch: Watch) -> None:
        with self._lock:
            watchers = self._watches.get(watch.topic, set())
            watchers.discard(watch)
            if not watchers:  # nobody left: keep nothing about the topic
                for table in (self._watches, self._versions, self._announced, self._reading):
                    table.pop(watch.topic, None)

    def watching(self) -> int:
        with self._lock:
            return sum(len(watchers) for watchers in self._watches.values())

    def version(self, topic: str, fresh: bool = False) -> int | None:
        """The topic's version, read once per announcement however many streams ask."""
        with self._reading.get(topic) or threading.Lock():
            with self._lock:
                seen = self._announced.get(topic, 0)
                cached = self._versions.get(topic)
            if cached is not None and cached[0] == seen and not fresh:
                return cached[1]
            value = self._resolve(topic)
            with self._lock:
                if topic in self._reading and self._announced.get(topic, 0) == seen:
                    self._versions[topic] = (seen, value)
            return value

    # --- announcements ----------------------------------------------------------------------

    def publish(self, topics: set[str]) -> None:
        """Tell every process's streams (this one's when Redis is not set or away)."""
        if self._redis_url and self._outage.worth_trying():
            try:
                sending = self._client().pipeline(transaction=False)  # one round trip
                for topic in sorted(topics):
                    sending.publish(CHANNEL, topic)
                sending.execute()
            except Exception as error:  # noqa: BLE001 - Redis away: this process's streams hear
                self._outage.failed(error)
            else:
                self._outage.worked()
                return
        self.wake(topics)

    def wake(self, topics: set[str]) -> None:
        with self._lock:
            for topic in topics:
                if topic in self._watches:
                    self._announced[topic] = self._announced.get(topic, 0) + 1
                    for watch in self._watches[topic]:
                        watch.woken.set()

    def _watched(self) -> set[str]:
        with self._lock:
            return set(self._watches)

    def _client(self) -> Any:
        if self._redis is None:
            import redis

            self._redis = redis.Redis.from_url(self._redis_url, socket_timeout=outage.TIMEOUT,
                                               socket_connect_timeout=outage.TIMEOUT)
        return self._redis

    def _listen(self) -> None:
        """Start hearing Redis's announcements, once, in the process that serves streams."""
        if not self._redis_url or self._listener is not None:
            return
        with self._lock:
            if self._listener is None:
                self._listener = threading.Thread(target=self._hear, name="live-redis",
                                                  daemon=True)
                self._listener.start()

    def _hear(self) -> None:
        """Relay Redis's announcements for as long as the process lives. Lost (Redis gone or
        hanging), listen again after a pause that doubles up to RETRY_MOST; meanwhile the
        streams' own checks (RECHECK_SECONDS) cover the gap."""
        pause = outage.RETRY_FIRST
        while True:
            pubsub = None
            try:
                pubsub = self._subscribe()
                self._outage.worked()
                pause = outage.RETRY_FIRST
                # Saves announced before this subscription (a stream opened a moment ago, or
                # Redis was away) were heard by nobody here: every watched topic is read again.
                self.wake(self._watched())
                self._relay(pubsub)
            except Exception as error:  # noqa: BLE001 - Redis away: said once, tried again
                self._outage.failed(error)
            finally:
                if pubsub is not None:
                    pubsub.close()
            log.debug("Redis pub/sub lost; listening again in %s s", pause)
            time.sleep(pause)
            pause = min(pause * 2, outage.RETRY_MOST)

    def _subscribe(self) -> Any:
        """A subscription to CHANNEL that Redis confirmed within its timeout."""
        import redis

        client = redis.Redis.from_url(self._redis_url, socket_timeout=outage.TIMEOUT,
                                      socket_connect_timeout=outage.TIMEOUT)
        pubsub = client.pubsub()  # type: ignore[no-untyped-call]
        pubsub.subscribe(CHANNEL)
        if not pubsub.get_message(timeout=outage.TIMEOUT):
            pubsub.close()
            raise TimeoutError("Redis did not confirm the subscription")
        return pubsub

    def _relay(self, pubsub: Any) -> None:
        """Wake the streams of each topic announced, until the connection fails: after
        BEAT_SECONDS of silence Redis is asked for a PING, which it answers within its
        timeout unless it hangs."""
        while True:
            message = pubsub.get_message(timeout=BEAT_SECONDS)
            if message is None:
                pubsub.ping()
                message = pubsub.get_message(timeout=outage.TIMEOUT)
                if message is None:
                    raise TimeoutError("Redis did not answer a PING")
            data = message.get("data")
            if message.get("type") == "message" and isinstance(data, bytes):
                self.wake({data.decode()})


def worker_connections() -> int:
    """The connections one gevent worker holds at once (WORKER_CONNECTIONS; `make run`)."""
    return int(os.environ.get("WORKER_CONNECTIONS", "2000"))


class Seat:
    """One open stream's place among the process's; given back once, however often asked."""

    def __init__(self, seats: Seats, address: str):
        self._seats, self._address, self._held = seats, address, True

    def release(self) -> None:
        if self._held:
            self._held = False
            self._seats.give_back(self._address)


class Seats:
    """The streams this process holds open, counted in all and per client address: a stream
    holds its connection for minutes, and past the caps every other request (a save) would
    wait for one (docs/live-boards.md)."""

    FULL, ADDRESS_FULL = "full", "address-full"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: Counter[str] = Counter()
        self._total = 0

    def take(self, address: str, most: int, per_address: int) -> Seat | str:
        """A seat for a stream from `address`, else why not (FULL, ADDRESS_FULL)."""
        with self._lock:
            if self._total >= most:
                return self.FULL
            if self._held[address] >= per_address:
                return self.ADDRESS_FULL
            self._held[address] += 1
            self._total += 1
        return Seat(self, address)

    def give_back(self, address: str) -> None:
        with self._lock:
            self._total -= 1
            self._held[address] -= 1
            if self._held[address] <= 0:
                del self._held[address]

    def held(self) -> int:
        with self._lock:
            return self._total


class Leaving:
    """Notices a viewer's connection closing while its stream waits, so the stream ends and its
    seat is given back at once, not at the next beat's write (100 phones closing a board must
    not keep 100 others from opening one). Watches in a thread of its own: a greenlet in a
    gevent worker, whose `select` waits cooperatively."""

    def __init__(self, connection: socket.socket | None) -> None:
        self.connection, self.left, self._done = connection, False, False

    def start(self, wake: threading.Event) -> None:
        if self.connection is not None:
            threading.Thread(target=self._watch, args=(self.connection, wake),
                             daemon=True).start()

    def stop(self) -> None:
        self._done = True

    def _watch(self, connection: socket.socket, wake: threading.Event) -> None:
        while not self._done:
            try:
                readable = select.select([connection], [], [], BEAT_SECONDS)[0]
            except (OSError, ValueError):  # closed under us: the stream is over anyway
                return
            if readable and not self._done:
                if not _peek(connection):  # the end of the connection: the viewer left
                    self.left = True
                    wake.set()
                return  # or bytes a stream's viewer never sends: stop watching, never spin



def _peek(connection: socket.socket) -> bytes:
    """The next byte waiting on `connection`, left there; b"" at its end."""
    try:
        return connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except (BlockingIOError, InterruptedError):
        return b"?"  # nothing there after all: not an end
    except OSError:
        return b""


class Ended(Exception):
    """Raised by a stream's payload: the viewer is no longer who the stream was opened for
    (a key replaced), so the stream ends and the browser reconnects as what it now is."""


Payload = Callable[[int], "str | None"]  # a version's whole `change` event, when it says more


def stream(hub: Hub, topic: str, shown: str | None, beat: float = BEAT_SECONDS,
           lifetime: float = LIFETIME_SECONDS, payload: Payload | None = None,
           leaving: Leaving | None = None) -> Iterator[str]:
    """Server-sent events for one viewer: `change` with each new version, `beat` meanwhile.

    The first message goes at once: a change if the viewer's `shown` version is not the
    current one (it reconnected after missing something), else a beat. Every message carries
    the version as its id, so a reconnecting browser says what it has (Last-Event-ID).
    A `change` is `payload(version)` when given (an event carrying the new board itself, so
    the viewer need not fetch it; made once per version, written as is to every viewer),
    else carries the version. The stream ends when the payload raises Ended, or as soon as
    `leaving` sees the viewer's connection close.
    """
    watch = hub.watch(topic)
    leaving = leaving or Leaving(None)
    leaving.start(watch.woken)
    try:
        yield "retry: 1000\n\n"
        started = time.monotonic()
        # Spread the streams' own checks, so hundreds of them never read the database at once.
        checked = started - random.uniform(0, RECHECK_SECONDS)
        while True:
            watch.woken.clear()  # before reading: an announcement meanwhile wakes the wait
            now = time.monotonic()
            version = hub.version(topic, fresh=now - checked >= RECHECK_SECONDS)
            checked = now if now - checked >= RECHECK_SECONDS else checked
            if version is None:
                yield "event: change\ndata: gone\n\n"
                return
            kind = "beat" if str(version) == shown else "change"
            shown = str(version)
            try:
                made = payload(version) if payload and kind == "change" else None
            except Ended:
                return
            yield made or f"id: {version}\nevent: {kind}\ndata: {version}\n\n"
            if now - started >= lifetime:
                return
            watch.woken.wait(beat)
            if leaving.left:
                return
    finally:
        leaving.stop()
        hub.forget(watch)


def as_data(text: str) -> str:
    """`text` as the data lines of one event (each line of it its own `data:` line)."""
    return "".join(f"data: {line}\n" for line in text.strip().splitlines())


# --- Announcing committed changes ------------------------------------------------------------

_HUBS: weakref.WeakKeyDictionary[Engine, Hub] = weakref.WeakKeyDictionary()


def announce_changes(engine: Engine, hub: Hub) -> None:
    """Changes committed through sessions on `engine` are announced on `hub`."""
    _HUBS[engine] = hub


@event.listens_for(Session, "after_commit")
def _announce(session: Session) -> None:
    topics = boards.moved(session)
    hub = _HUBS.get(session.get_bind()) if topics else None  # type: ignore[arg-type]
    if hub is not None and topics:
        hub.publish(topics)


@event.listens_for(Session, "after_rollback")
def _drop(session: Session) -> None:
    boards.moved(session)
