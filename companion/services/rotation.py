"""New keys that kill the old ones: a game's, a tournament table's, a director's, the sides'
confirmation links of a match.

A table's games share one key (its scorer keeps going from game to game), so a new key for
one of them is a new key for the whole table, games to come included. A new director key
also gives every table a new key: whoever held the old one could read all of them.
"""

from __future__ import annotations

from sqlalchemy import update
from sqlmodel import Session, col, select

from ..models import utcnow
from ..models_tournament import Match, MatchGame, Tournament
from ..rules.messages import N_, RuleError, msg
from . import acting, games, keys, tournaments
from .tournament_keys import give_new_side_keys, set_table_key
from .tournaments import TournamentNotFound, audit


def rotate_game_key(session: Session, game_id: str) -> str:
    """A new edit key for the game, or for every game of its tournament table."""
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    if link is None:
        return games.rotate_key(session, game_id)
    games.load_game(session, game_id)  # GameNotFound for a deleted game, as for any other
    key = keys.new_key()
    set_table_key(session, link.match_id, key, shown=False)  # only the scorer's phone has it
    tournament = session.get(Tournament, link.tournament_id)
    match = session.get(Match, link.match_id)
    assert tournament is not None and match is not None
    audit.record(session, tournament, "table_key", match=match)
    session.commit()
    return key


def rotate_director_key(session: Session, tournament_id: str) -> str:
    """A new director key, and a new key for every table."""
    key = keys.new_key()
    changed = session.exec(update(Tournament).where(col(Tournament.id) == tournament_id)
                           .values(director_key_hash=keys.hash_key(key)))
    if changed.rowcount == 0:
        session.rollback()
        raise TournamentNotFound(tournament_id)
    match_ids = session.exec(select(Match.id).where(Match.tournament_id == tournament_id))
    for match_id in list(match_ids):
        assert match_id is not None  # stored rows have ids
        set_table_key(session, match_id, keys.new_key(), shown=True)
    row = session.get(Tournament, tournament_id)
    assert row is not None
    audit.record(session, row, "director_key", by=acting.DIRECTOR)
    session.commit()
    return key


def replace_side_keys(session: Session, tournament_id: str,
                      match_id: int) -> tournaments.TournamentView:
    """New confirmation links for the sides of a match: the old ones are refused from now on."""
    view = tournaments.match_view(tournaments.load(session, tournament_id), match_id)
    if not view.asks_confirmation:
        raise RuleError(msg(N_("This tournament does not ask the sides to confirm results.")),
                        "confirm")
    session.exec(update(Tournament).where(col(Tournament.id) == tournament_id)
                 .values(version=Tournament.version + 1, updated_at=utcnow()))
    row = session.get(Tournament, tournament_id, populate_existing=True)
    match = session.get(Match, match_id, populate_existing=True)
    assert row is not None and match is not None
    give_new_side_keys(session, match)
    audit.record(session, row, "side_keys", match=match, by=acting.DIRECTOR)
    session.commit()
    return tournaments.load(session, tournament_id)
