"""Edit keys: 128-bit secrets, stored hashed, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_key() -> str:
    return secrets.token_urlsafe(16)  # 16 bytes = 128 bits


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def key_matches(key: str | None, stored_hash: str) -> bool:
    if not key:
        return False
    return hmac.compare_digest(hash_key(key), stored_hash)


# What new_id makes: 8 random bytes in URL-safe base64, "-" and "_" swapped for letters.
GAME_ID_PATTERN = "[A-Za-z0-9]{11}"


def new_id() -> str:
    """A game id: short, unguessable enough to not enumerate games, safe in a URL."""
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")
