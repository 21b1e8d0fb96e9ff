"""Players' records over stored games: scored from their hands by the rules engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from ..models import Game, Hand
from ..rules.catalogue import GAMES
from ..tournament.records import PlayedGame, Record, player_key, tally
from . import games

CHUNK = 500  # game ids per query: well under every database's limit on parameters


def records(session: Session, rows: Sequence[Game],
            spelling: dict[str, str] | None = None) -> list[Record]:
    """Each player's record over `rows` (names matched trimmed and case-insensitively)."""
    hands = _hands(session, [row.id for row in rows])
    return tally((_played(row, hands.get(row.id, [])) for row in rows), spelling)


def live_games(session: Session, game_ids: list[str] | None = None) -> list[Game]:
    """The stored games that are not deleted (of `game_ids` if given), oldest first."""
    query = select(Game).where(col(Game.deleted_at).is_(None))
    if game_ids is not None:
        query = query.where(col(Game.id).in_(game_ids))
    query = query.order_by(col(Game.created_at), col(Game.id))
    return [row for row in session.exec(query) if row.game in GAMES]


def records_by_game(session: Session, rows: Sequence[Game]) -> dict[str, list[Record]]:
    """Records per game (Basra, Shelem...), in the catalogue's order, games played only.

    A player's name is spelled the same in every game: as in their oldest game.
    """
    spelling = {player_key(p): p for row in reversed(rows) for p in row.players}
    return {name: records(session, [row for row in rows if row.game == name], spelling)
            for name in GAMES if any(row.game == name for row in rows)}


def games_of(rows: Sequence[Game], name: str) -> list[Game]:
    """The games among `rows` where a player of that name sat."""
    key = player_key(name)
    return [row for row in rows if any(player_key(p) == key for p in row.players)]


def player_records(session: Session, rows: Sequence[Game], name: str) -> dict[str, Record]:
    """One player's record per game (Basra, Shelem...) over `rows`, the games they played."""
    key = player_key(name)
    return {game: next(r for r in found if player_key(r.name) == key)
            for game, found in records_by_game(session, rows).items()}


def _hands(session: Session, ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for start in range(0, len(ids), CHUNK):
        query = (select(Hand).where(col(Hand.game_id).in_(ids[start:start + CHUNK]))
                 .order_by(col(Hand.game_id), col(Hand.position)))
        for hand in session.exec(query):
            found.setdefault(hand.game_id, []).append(hand.data)
    return found


def _played(row: Game, hands: list[dict[str, Any]]) -> PlayedGame:
    state = games.compute(GAMES[row.game], row, hands)
    return PlayedGame(row.game, row.players, row.teams, row.finished, row.winners,
                  state.hands[:state.counted])
