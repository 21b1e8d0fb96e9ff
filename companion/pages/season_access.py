"""Who may change a season: the holder of its key (Bearer header; on pages, its cookie)."""

from __future__ import annotations

from flask import abort

from ..db import get_session
from ..limits import refuse_key
from ..models_season import Season
from ..services.keys import key_matches
from ..services.seasons import SeasonNotFound
from .access import bearer_or_cookie

SEASON_COOKIE_PREFIX = "season_"


def presented_key(season_id: str) -> str | None:
    return bearer_or_cookie(SEASON_COOKIE_PREFIX + season_id)


def season_key(season_id: str) -> str | None:
    """The presented key if it is the season's; a wrong one counts as a refused key."""
    row = get_session().get(Season, season_id)
    if row is None:
        raise SeasonNotFound(season_id)
    key = presented_key(season_id)
    if key_matches(key, row.key_hash):
        return key
    if key:
        refuse_key(season_id)
    return None


def require_season_key(season_id: str) -> str:
    """The season's key; 401 without one, 403 with a wrong one (429 after too many)."""
    key = season_key(season_id)
    if key is None:
        abort(403 if presented_key(season_id) else 401)
    return key
