"""Rendered fragments kept by a key that includes the data's version.

Right after a save every spectator's poll asks for the same fresh board; rendering it once
serves them all. Safe with several processes: the version is read from the database, so a
process can only ever hand out a board of the version the database says is current.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock


class FragmentCache:
    def __init__(self, size: int = 512):
        self.size = size
        self._items: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = Lock()

    def get_or_render(self, key: Hashable, render: Callable[[], str]) -> str:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        html = render()
        with self._lock:
            self._items[key] = html
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return html
