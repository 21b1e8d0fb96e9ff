"""Who may run a tournament: the holder of its director key (header, link or cookie).

Each table's scorer key is derived from the director key, so the director can show it
again (link and QR code) while only its hash is stored. Each side's confirmation key is
derived from the app's secret.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from flask import abort, current_app
from sqlmodel import select

from ..db import get_session
from ..limits import refuse_key
from ..models_tournament import Match, MatchGame, Tournament
from ..rules.messages import N_, Msg, msg
from . import acting
from .access import also_opens, bearer_or_cookie, explains_refusal
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


def counted_director_key(tournament_id: str) -> str | None:
    """The director key if presented and right; a wrong one counts as a refused key (a read
    that shows more to the right key must not let anyone try keys without limit)."""
    key = director_key(tournament_id)
    if key is None and presented_key(tournament_id):
        refuse_key(tournament_id)
    return key


def require_director(tournament_id: str) -> str:
    """The director key; 401 without a key, 403 with a wrong one (429 after too many)."""
    key = counted_director_key(tournament_id)
    if key is None:
        abort(403 if presented_key(tournament_id) else 401)
    return key


@also_opens
def director_opens(game_id: str) -> bool:
    """The director's key (header, or the director's cookie on pages) opens every game at the
    tournament's tables; the change is then the director's."""
    session = get_session()
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    if link is None:
        return False
    row = session.get(Tournament, link.tournament_id)
    if row is None or not key_matches(presented_key(row.id), row.director_key_hash):
        return False
    acting.current().by = acting.DIRECTOR
    return True


@explains_refusal
def table_link_replaced(game_id: str) -> Msg | None:
    """A wrong key at a table's game is taken for the table's old key, as the pages do."""
    link = get_session().exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    if link is None:
        return None
    return msg(N_("This table link was replaced; ask the director for the new one."))


def table_key(director: str, match_id: int) -> str:
    """The scorer key of one table: the same for every game of its match."""
    return _derive(director, f"table:{match_id}")


def side_key(tournament_id: str, match_id: int, side: int,
             generation: int | None = None) -> str:
    """The key one side of a match confirms its result with.

    Derived from the app's secret, not the director key: a new director key (or new table
    keys) leaves the links the sides already hold working. The director ends them by
    replacing them: the match's generation number is part of the key.
    """
    secret = current_app.secret_key
    text = secret.decode() if isinstance(secret, bytes) else str(secret)
    number = side_key_generation(match_id) if generation is None else generation
    return _derive(text, f"side:{tournament_id}:{match_id}:{side}" + (
        f":{number}" if number else ""))


def side_key_generation(match_id: int) -> int:
    match = get_session().get(Match, match_id)
    return match.side_key_generation if match is not None else 0


def side_of(tournament_id: str, match_id: int, sides: int, key: str | None) -> int | None:
    """Which side of the match `key` belongs to; None for no side's key."""
    for side in range(sides):
        if key and hmac.compare_digest(key, side_key(tournament_id, match_id, side)):
            return side
    return None


def counted_side(tournament_id: str, match_id: int, sides: int, key: str | None) -> int | None:
    """`side_of`, with a presented key that is no side's counted as a refused key."""
    side = side_of(tournament_id, match_id, sides, key)
    if side is None and key:
        refuse_key(tournament_id)
    return side


def replaced_side_key(tournament_id: str, match_id: int, sides: int, key: str | None) -> bool:
    """Whether `key` was a side's key before the director replaced the sides' links."""
    return bool(key) and any(
        hmac.compare_digest(key or "", side_key(tournament_id, match_id, side, old))
        for old in range(side_key_generation(match_id)) for side in range(sides))


def _derive(secret: str, purpose: str) -> str:
    digest = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def shown_table_key(director: str, match_id: int, key_hash: str) -> str | None:
    """The table's key as the director can show it; None once its scorer set a new one."""
    key = table_key(director, match_id)
    return key if key_matches(key, key_hash) else None
