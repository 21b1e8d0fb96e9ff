"""The one store of rendered boards and answers, bounded in bytes; and the worker's locks.

Its keys say everything an answer depends on, a board's revision first (services/boards.py):
an answer kept is never stale, it is only ever no longer asked for, and the least recently
asked for goes first once the store holds its bound. The bound counts everything kept: each
key's bytes, each value's, and a fixed cost per entry (the dictionary's slot, the objects).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, MutableMapping
from typing import Any

from flask import current_app

ENTRY_BYTES = 256  # what an entry costs beside its key and value: slot, tuple, str headers
DEFAULT_BYTES = 32 * 1024 * 1024  # a board at the cap is about 50 KB: some 600 boards


def size_of(key: Hashable, value: str) -> int:
    """The bytes an entry holds: its key's text, its value's UTF-8, the entry's own cost."""
    return len(repr(key).encode()) + len(value.encode()) + ENTRY_BYTES


class BoardStore:
    """A least-recently-used store of texts, at most `bound` bytes, shared by a process's
    threads or greenlets (its lock is never held across a wait)."""

    def __init__(self, bound: int = DEFAULT_BYTES):
        self.bound = bound
        self.held = 0
        self._items: OrderedDict[Hashable, tuple[str, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> str | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: str) -> None:
        """Keep `value`; one bigger than the whole bound is not kept at all."""
        size = size_of(key, value)
        with self._lock:
            old = self._items.pop(key, None)
            self.held -= old[1] if old else 0
            if size > self.bound:
                return
            self._items[key] = (value, size)
            self.held += size
            while self.held > self.bound:
                self.held -= self._items.popitem(last=False)[1][1]  # the least recently asked

    def get_or_make(self, key: Hashable, make: Callable[[], str]) -> str:
        found = self.get(key)
        if found is None:
            found = make()  # outside the lock: two makers at once only make it twice
            self.put(key, found)
        return found

    def __len__(self) -> int:
        return len(self._items)


def init_app(app: Any) -> None:
    """One store per app, of BOARD_STORE_BYTES bytes at most (COMPANION_BOARD_STORE_BYTES in
    the environment)."""
    app.config.setdefault("BOARD_STORE_BYTES", DEFAULT_BYTES)
    app.extensions["board_store"] = BoardStore(int(app.config["BOARD_STORE_BYTES"]))


def board_store() -> BoardStore:
    """The app's store of rendered boards and answers."""
    store: BoardStore = current_app.extensions["board_store"]
    return store


def worker_lock(store: MutableMapping[str, Any], name: str) -> threading.Lock:
    """The lock `name` kept in `store` (an app's extensions), made at its first use. In a
    gunicorn worker that is after gevent patched threading, so the lock is gevent's: one made
    at import, in the master, is the system's and blocks the whole worker while its holder
    waits on the database. (BoardStore's own lock is never held across a wait.)"""
    lock: threading.Lock = store.setdefault(name, threading.Lock())
    return lock
