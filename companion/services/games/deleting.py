"""Deleting a whole game, and bringing it back within UNDELETE_WINDOW."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session, col, select

from ...models import Game, GameEvent, utcnow
from .. import boards
from .changing import changed, check_history_room
from .reading import GameNotFound, GameView, load_game

UNDELETE_WINDOW = timedelta(days=7)


def delete_game(session: Session, game_id: str) -> None:
    """Hide a game; `restore_game` brings it back within UNDELETE_WINDOW."""
    row = session.get(Game, game_id)
    if row is None or row.deleted_at is not None:
        raise GameNotFound(game_id)
    check_history_room(session, game_id, room=2)  # the deletion, and its undoing kept free
    boards.moved_game(session, game_id)
    row.deleted_at = utcnow()
    row.version += 1
    session.add(GameEvent(game_id=game_id, version=row.version, action="delete_game"))
    changed(session, row)
    session.commit()


def restore_game(session: Session, game_id: str) -> GameView:
    row = session.get(Game, game_id)
    if row is None or row.deleted_at is None or utcnow() - row.deleted_at > UNDELETE_WINDOW:
        raise GameNotFound(game_id)
    boards.moved_game(session, game_id)
    row.deleted_at = None
    row.version += 1
    session.add(GameEvent(game_id=game_id, version=row.version, action="restore_game"))
    changed(session, row)
    session.commit()
    return load_game(session, game_id)


def restorable_games(session: Session, game_ids: list[str]) -> list[Game]:
    """Which of these games were deleted recently enough to be brought back, newest first."""
    if not game_ids:
        return []
    since = utcnow() - UNDELETE_WINDOW
    query = (select(Game).where(col(Game.id).in_(game_ids), col(Game.deleted_at) > since)
             .order_by(col(Game.deleted_at).desc()))
    return list(session.exec(query))
