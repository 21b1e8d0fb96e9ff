"""Who may run a tournament: the holder of its director key (header, link or cookie); and
which side of a match a presented confirmation key belongs to."""

from __future__ import annotations

from flask import abort
from sqlmodel import select

from ..db import get_session
from ..limits import refuse_key
from ..models_tournament import MatchGame, Tournament
from ..rules.messages import N_, Msg, msg
from ..services import acting
from ..services.keys import key_matches
from ..services.tournament_keys import directs_a_tournament, side_of
from ..services.tournaments import TournamentNotFound, table_changes
from .access import (
    DIRECTOR_COOKIE_PREFIX,
    KeyToRead,
    OtherKeys,
    bearer_or_cookie,
)
from .access import presented_key as game_key

# A director key presented at another tournament's table: it never opened it, so not "replaced".
OTHER_DIRECTOR = N_("That is another tournament's director key: it does not open this table's "
                    "game.")


def presented_key(tournament_id: str) -> str | None:
    """The director key as this request presents it."""
    return bearer_or_cookie(DIRECTOR_COOKIE_PREFIX + tournament_id)


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


def require_director(tournament_id: str, to_read: bool = False) -> str:
    """The director key; 401 without a key (saying it is `to_read` where it is), 403 with a
    wrong one (429 after too many)."""
    key = counted_director_key(tournament_id)
    if key is None and to_read and not presented_key(tournament_id):
        raise KeyToRead()
    if key is None:
        abort(403 if presented_key(tournament_id) else 401)
    return key


def director_opens(game_id: str) -> bool:
    """The director's key (header, or the director's cookie on pages) opens every game at the
    tournament's tables; the change is then the director's. A wrong director cookie counts
    as a refused key, on a page read too."""
    session = get_session()
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    if link is None:
        return False
    row = session.get(Tournament, link.tournament_id)
    if row is None:
        return False
    key = presented_key(row.id)
    if not key_matches(key, row.director_key_hash):
        # A key sent in the header is the game's own key too: counted once, by the game.
        if key and key != game_key(game_id):
            refuse_key(row.id)
        return False
    acting.current().by = acting.DIRECTOR
    return True


def table_link_replaced(game_id: str) -> Msg | None:
    """A wrong key at a table's game is taken for the table's old key, as the pages do,
    unless it is a director key (another tournament's)."""
    session = get_session()
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    if link is None:
        return None
    if directs_a_tournament(session, game_key(game_id)):
        return msg(OTHER_DIRECTOR)
    return msg(N_("This table link was replaced; ask the director for the new one."))


def director_deletes_decided(game_id: str, restoring: bool) -> Msg | None:
    """A table's finished game, or any game of a decided match, is the director's to delete
    or restore: the table's key is refused with the sentence why."""
    if director_opens(game_id):
        return None
    return table_changes.deletion_refusal(get_session(), game_id, restoring)


# What a tournament says about its tables' games' keys (create_app gives it to access.py).
GAME_KEYS = OtherKeys(opens=(director_opens,), refusals=(table_link_replaced,),
                      deletions=(director_deletes_decided,))


def counted_side(tournament_id: str, side_keys: list[str], key: str | None) -> int | None:
    """Which side of a match holding `side_keys` the key belongs to; a presented key that is
    no side's counts as refused."""
    side = side_of(side_keys, key)
    if side is None and key:
        refuse_key(tournament_id)
    return side
