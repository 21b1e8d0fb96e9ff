"""Deleting a tournament, and bringing it back whole within UNDELETE_WINDOW.

Its table games go with it (the same moment stored on each), so none is listed or opened as
a live game while it is deleted; restoring brings back exactly those, not a game deleted on
its own before.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from ...models import Game, utcnow
from ...models_tournament import MatchGame, Tournament
from ...rules.messages import N_, RuleError, msg
from .. import acting, ratings
from ..games.deleting import UNDELETE_WINDOW
from . import audit
from .reading import TournamentGone, TournamentNotFound, TournamentView, as_utc, load


def delete(session: Session, tournament_id: str, confirm: Any) -> None:
    """Delete the tournament once `confirm` is its name, typed again."""
    row = load(session, tournament_id).row
    if not isinstance(confirm, str) or " ".join(confirm.split()) != row.name:
        raise RuleError(msg(N_("To delete this tournament, type its name: {name}."),
                            name=row.name), "confirm")
    now = utcnow()
    row.deleted_at = now
    row.version += 1
    session.add(row)
    _games(session, row, Game.deleted_at.is_(None), now)  # type: ignore[union-attr]
    audit.record(session, row, "deleted", by=acting.DIRECTOR)
    session.commit()


def restore(session: Session, tournament_id: str) -> TournamentView:
    """Bring back a tournament deleted less than UNDELETE_WINDOW ago, with its games."""
    row = session.get(Tournament, tournament_id, populate_existing=True)
    if row is None:
        raise TournamentNotFound(tournament_id)
    if row.deleted_at is None:
        raise RuleError(msg(N_("This tournament is not deleted.")), "restore")
    if utcnow() - as_utc(row.deleted_at) > UNDELETE_WINDOW:
        raise TournamentGone(tournament_id)
    _games(session, row, col(Game.deleted_at) == row.deleted_at, None)
    row.deleted_at = None
    row.version += 1
    session.add(row)
    audit.record(session, row, "restored", by=acting.DIRECTOR)
    session.commit()
    return load(session, tournament_id)


def _games(session: Session, row: Tournament, which: Any, deleted_at: Any) -> None:
    """Mark the tournament's table games (those `which` picks) deleted at `deleted_at`."""
    ids = select(MatchGame.game_id).where(MatchGame.tournament_id == row.id)
    session.exec(update(Game).where(col(Game.id).in_(ids), which)
                 .values(deleted_at=deleted_at, version=Game.version + 1,
                         board_revision=Game.board_revision + 1))
    ratings.games_changed(session, list(session.exec(ids)))  # they count, or no more
