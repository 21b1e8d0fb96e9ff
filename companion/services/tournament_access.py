"""Who may run a tournament: the holder of its director key (header, link or cookie).

Each table's scorer key is derived from the director key, so the director can show it
again (link and QR code) while only its hash is stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from flask import abort

from ..db import get_session
from ..models_tournament import Tournament
from .access import bearer_or_cookie
from .keys import key_matches

COOKIE_PREFIX = "director_"


class TournamentNotFound(LookupError):
    pass


def presented_key(tournament_id: str) -> str | None:
    """The director key as this request presents it."""
    return bearer_or_cookie(COOKIE_PREFIX + tournament_id)


def director_key(tournament_id: str) -> str | None:
    """The presented key if it is this tournament's director key, else None."""
    row = get_session().get(Tournament, tournament_id)
    if row is None:
        raise TournamentNotFound(tournament_id)
    key = presented_key(tournament_id)
    return key if key_matches(key, row.director_key_hash) else None


def require_director(tournament_id: str) -> str:
    """The director key; 401 without a key, 403 with a wrong one."""
    key = director_key(tournament_id)
    if key is None:
        abort(401 if not presented_key(tournament_id) else 403)
    return key


def table_key(director: str, match_id: int) -> str:
    """The scorer key of one table: the same for every game of its match."""
    digest = hmac.new(director.encode(), f"table:{match_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")
