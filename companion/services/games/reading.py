"""A game as people see it: the stored row, its hands as entered, and where it stands.

Reads only: loading a game, listing games, its history, the names players used before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection
from sqlmodel import Session, col, select

from ...models import Game, GameEvent, Hand, KnownPlayer
from ...models_tournament import MatchGame
from ...rules.catalogue import get_game
from ...rules.options import Rules
from ...rules.scores import GameState
from ...rules.spec import GameSpec
from ..seating import side_names


class GameNotFound(LookupError):
    pass


@dataclass
class GameView:
    """A game as people see it: stored row, its hands as entered, and where it stands."""

    row: Game
    spec: GameSpec[Any, Any]
    hands: list[dict[str, Any]]
    _state: GameState | None = None

    @property
    def state(self) -> GameState:
        # Scored on first use: a change scores the game once, with the change applied.
        if self._state is None:
            self._state = compute(self.spec, self.row, self.hands)
        return self._state

    @property
    def rules(self) -> Rules:
        """The game's rules as stored, frozen and typed."""
        return rules_of(self.row)

    @property
    def sides(self) -> list[str]:
        return side_names(self.row.players, self.row.teams)


def rules_of(row: Game) -> Rules:
    """A stored game's rules, typed: the JSON column is read through its spec only."""
    rules: Rules = get_game(row.game).resolve(row.rules)
    return rules


def compute(spec: GameSpec[Any, Any], row: Game, hands: list[dict[str, Any]]) -> GameState:
    sides = len(row.teams) if row.teams else len(row.players)
    return spec.play_written(spec.resolve(row.rules), hands, sides, len(row.players),
                             row.first_dealer)


def load_game(session: Session, game_id: str) -> GameView:
    row = session.get(Game, game_id, populate_existing=True)
    if row is None or row.deleted_at is not None:
        raise GameNotFound(game_id)
    return view_of(session, row)


def view_of(session: Session, row: Game) -> GameView:
    """The game of a row already read: its spec and its hands."""
    return GameView(row, get_game(row.game), stored_hands(session, row.id))


def stored_hands(session: Session, game_id: str) -> list[dict[str, Any]]:
    """The game's hands as entered, in order."""
    # The column alone, no Hand objects: half the time for a game at the cap.
    return [dict(data) for data in session.exec(
        select(Hand.data).where(Hand.game_id == game_id).order_by(col(Hand.position)))]


def list_games(session: Session, game_ids: list[str], limit: int = 50) -> list[Game]:
    """Those of these games still stored: in progress first, most recently changed first."""
    if not game_ids:
        return []
    query = (select(Game).where(col(Game.id).in_(game_ids), col(Game.deleted_at).is_(None))
             .order_by(col(Game.finished), col(Game.updated_at).desc()).limit(limit))
    return list(session.exec(query))


def history(session: Session, game_id: str) -> list[GameEvent]:
    query = (select(GameEvent).where(GameEvent.game_id == game_id)
             .order_by(col(GameEvent.id).desc()))
    return list(session.exec(query))


def known_players(session: Session, limit: int = 30) -> list[str]:
    rows = session.exec(select(KnownPlayer).order_by(col(KnownPlayer.last_used).desc())
                        .limit(limit))
    return [row.name for row in rows]


def revision(session: Session, game_id: str) -> int:
    """The game's board revision (its `since`, its stream's event ids, its ETag;
    services/boards.py moves it on): one indexed row, read on the session's connection (a
    plain select costs a third of the ORM's, at every board and API read)."""
    found = revision_on(session.connection(), game_id)
    if found is None:
        raise GameNotFound(game_id)
    return found


def revision_on(connection: Connection, game_id: str) -> int | None:
    """revision on a bare connection; None for a game gone or never made."""
    found = connection.execute(select(Game.board_revision).where(
        col(Game.id) == game_id, col(Game.deleted_at).is_(None))).scalar()
    return None if found is None else int(found)


def in_tournament(session: Session, game_id: str) -> bool:
    """Whether the game is one of a tournament's (the tournament then owns its settings)."""
    return session.exec(select(MatchGame.game_id).where(MatchGame.game_id == game_id)
                        ).first() is not None
