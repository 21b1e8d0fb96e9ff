"""The keys of a tournament's tables and of its matches' sides: random 128-bit secrets,
stored with the match, never derived from its id (a database may give a removed match's id
to the next one made). A match whose sides change gets new ones: the old table link, and the
old sides' links, open nothing of the match that follows. Who presents which key is the
request side's business (companion/pages/tournament_access.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from ..models import Game
from ..models_tournament import Match, MatchGame, ReplacedSideKey, Tournament
from .keys import hash_key, key_matches, new_key


def give_new_keys(session: Session, match: Match) -> None:
    """A new table key and new side keys for the match (its games to come take the table
    key)."""
    key = new_key()
    match.table_key, match.key_hash = key, hash_key(key)
    give_new_side_keys(session, match)


def give_new_side_keys(session: Session, match: Match) -> None:
    """One new key per side; the old ones are kept as replaced."""
    retire_side_keys(session, match)
    match.side_keys = [new_key() for _ in match.sides]
    session.add(match)


def retire_side_keys(session: Session, match: Match) -> None:
    """The match's side keys stop opening anything; a link that held one says it was replaced."""
    for key in match.side_keys or []:
        session.add(ReplacedSideKey(tournament_id=match.tournament_id, key_hash=hash_key(key)))


def set_table_key(session: Session, match_id: int, key: str, shown: bool) -> None:
    """The table's key, for its games so far and the ones it will start; `shown`: the
    director may show it again (not when the table's scorer made it)."""
    key_hash = hash_key(key)
    session.exec(update(Match).where(col(Match.id) == match_id)
                 .values(key_hash=key_hash, table_key=key if shown else None))
    played = select(MatchGame.game_id).where(MatchGame.match_id == match_id)
    session.exec(update(Game).where(col(Game.id).in_(played)).values(edit_key_hash=key_hash))


def shown_table_key(director: str, match: Any) -> str | None:
    """The table's key as the director can show it; None once its scorer set a new one.

    A table paired before keys were stored kept its key, which was worked out from the
    director key and the match's id: it is shown while its stored hash proves it is still
    the table's key (a match made since has a stored key, so a reused id shows nothing old).
    """
    key = match.table_key or _key_before_stored_keys(director, match.id)
    return key if key_matches(key, match.key_hash) else None


def _key_before_stored_keys(director: str, match_id: int) -> str:
    digest = hmac.new(director.encode(), f"table:{match_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def side_of(side_keys: list[str], key: str | None) -> int | None:
    """Which side of a match holding these keys `key` belongs to; None for no side's key."""
    if not key:
        return None
    return next((side for side, held in enumerate(side_keys)
                 if hmac.compare_digest(key.encode(), held.encode())), None)


def was_replaced(session: Session, tournament_id: str, key: str | None) -> bool:
    """Whether `key` was a side's key of this tournament before new ones replaced it."""
    return bool(key) and session.exec(
        select(ReplacedSideKey.id).where(ReplacedSideKey.tournament_id == tournament_id,
                                         ReplacedSideKey.key_hash == hash_key(key or ""))
    ).first() is not None


def directs_a_tournament(session: Session, key: str | None) -> bool:
    """Whether `key` is some tournament's director key (one lookup of its hash): such a key at
    another tournament's table is not an old table link."""
    return bool(key) and session.exec(select(Tournament.id).where(
        Tournament.director_key_hash == hash_key(key or ""))).first() is not None
