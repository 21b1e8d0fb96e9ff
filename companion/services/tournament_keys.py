"""The keys of a tournament's tables and of its matches' sides, derived, never stored.

Each table's scorer key is derived from the director key, so the director can show it
again (link and QR code) while only its hash is stored. Each side's confirmation key is
derived from the app's secret. Who presents which key is the request side's business
(companion/pages/tournament_access.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

from .keys import key_matches


def table_key(director: str, match_id: int) -> str:
    """The scorer key of one table: the same for every game of its match."""
    return _derive(director, f"table:{match_id}")


def shown_table_key(director: str, match_id: int, key_hash: str) -> str | None:
    """The table's key as the director can show it; None once its scorer set a new one."""
    key = table_key(director, match_id)
    return key if key_matches(key, key_hash) else None


@dataclass(frozen=True)
class SideKeys:
    """The keys each side of one match confirms its result with.

    Derived from the app's secret, not the director key: a new director key (or new table
    keys) leaves the links the sides already hold working. The director ends them by
    replacing them: the match's generation of side links is part of the key.
    """

    secret: str
    tournament_id: str
    match_id: int
    generation: int

    def key(self, side: int, generation: int | None = None) -> str:
        """One side's key, of this generation unless another is named."""
        number = self.generation if generation is None else generation
        return _derive(self.secret, f"side:{self.tournament_id}:{self.match_id}:{side}" + (
            f":{number}" if number else ""))

    def side_of(self, key: str | None, sides: int) -> int | None:
        """Which side of the match `key` belongs to; None for no side's key."""
        for side in range(sides):
            if key and hmac.compare_digest(key, self.key(side)):
                return side
        return None

    def replaced(self, key: str | None, sides: int) -> bool:
        """Whether `key` was a side's key before the director replaced the sides' links."""
        return bool(key) and any(
            hmac.compare_digest(key or "", self.key(side, old))
            for old in range(self.generation) for side in range(sides))


def _derive(secret: str, purpose: str) -> str:
    digest = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")
