"""Rendered fragments kept by a key that includes the data's version.

Right after a save every spectator's poll asks for the same fresh board; rendering it once
serves them all. Safe with several processes: the version is read from the database, so a
process can only ever hand out a board of the version the database says is current.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..cache import Kept


class FragmentCache(Kept[str]):
    def get_or_render(self, key: Hashable, render: Callable[[], str]) -> str:
        return self.get_or_make(key, render)
