"""A small least-recently-used store, safe to share between a process's threads or greenlets."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, MutableMapping
from threading import Lock
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    def __init__(self, size: int = 512):
        self.size = size
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        found = self.get(key)
        if found is None:
            found = make()  # outside the lock: two makers at once only make it twice
            self.put(key, found)
        return found


def worker_lock(store: MutableMapping[str, Any], name: str) -> threading.Lock:
    """The lock `name` kept in `store` (an app's extensions), made at its first use. In a
    gunicorn worker that is after gevent patched threading, so the lock is gevent's: one made
    at import, in the master, is the system's and blocks the whole worker while its holder
    waits on the database. (Kept's own lock is never held across a wait.)"""
    lock: threading.Lock = store.setdefault(name, threading.Lock())
    return lock
