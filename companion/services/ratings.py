"""Players' ratings per game (docs/ratings.md): kept in step with the games, and read.

The stored ratings (models_ratings.py) count every finished game of the server, in the order
games were created. A game that finishes after every other rated game of its kind is added
in its own transaction: its players' steps are appended and where they stand updated, nothing
else read. Any other change (a rated game corrected, deleted, restored, renamed, or a game
finishing while a later one is already rated) replays the games of that kind from that game
on: every step from there is dropped and written again, so the stored ratings are always
exactly a replay of the games. A device that may see only its own games (no public records)
gets its ratings replayed from those games alone, on each read.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, and_, delete, insert, or_, text
from sqlalchemy import select as sa_select
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, col, select

from ..models import Game
from ..models_ratings import PlayerRating, RatingStep
from ..rules.catalogue import GAMES
from ..tournament.ratings import Outcome, Ratings, Standing, outcome, shown
from ..tournament.records import player_key

GAME_COLUMNS = tuple(col(c) for c in (Game.id, Game.game, Game.players, Game.teams,
                                     Game.totals, Game.winners, Game.created_at))
STEPS, STANDINGS = RatingStep.__table__, PlayerRating.__table__  # type: ignore[attr-defined]
Cutoff = tuple[datetime, str]  # a game's place in the order games count in: (at, id)


@dataclass(frozen=True)
class Point:
    """A player's rating just after one game."""

    game_id: str
    at: datetime
    rating: int


# --- Keeping the stored ratings in step ----------------------------------------------------

def game_changed(session: Session, row: Game) -> None:
    """Follow one changed game (services/games follow_changes): add it, or replay from it."""
    counts = _counted(row) is not None
    rated = session.exec(select(RatingStep.id).where(
        col(RatingStep.game_id) == row.id).limit(1)).first() is not None
    if not counts and not rated:
        return
    _one_at_a_time(session, row.game)
    place = (row.created_at, row.id)
    if counts and not rated and not _any_after(session, row.game, place):
        _append(session, row)
    else:
        replay(session, row.game, place)


def games_changed(session: Session, game_ids: Sequence[str]) -> None:
    """Follow games changed together (a tournament deleted or restored): one replay per kind
    of game, from the first of them."""
    rows = session.execute(sa_select(col(Game.game), col(Game.created_at), col(Game.id))
                           .where(col(Game.id).in_(game_ids))).all()
    first: dict[str, Cutoff] = {}
    for kind, at, game_id in rows:
        first[kind] = min(first.get(kind, (at, game_id)), (at, game_id))
    for kind, place in sorted(first.items()):
        _one_at_a_time(session, kind)
        replay(session, kind, place)


def _one_at_a_time(session: Session, kind: str) -> None:
    """Changes to one game's ratings wait for each other until their commit: two tables
    finishing at once with a player of the same name would otherwise both read where that
    player stood, and one update be lost. (SQLite writes one transaction at a time anyway.)"""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                        {"key": zlib.crc32(f"ratings:{kind}".encode())})


def recompute_all(session: Session) -> None:
    """Drop every stored rating and replay every finished game, kind by kind."""
    session.execute(delete(STEPS))
    session.execute(delete(STANDINGS))
    for kind in GAMES:
        replay(session, kind, None)
    session.commit()


def replay(session: Session, kind: str, start: Cutoff | None) -> None:
    """Replay the games of `kind` from `start` on (all of them if None)."""
    later = _from(RatingStep, start)
    touched = {player for (player,) in session.execute(
        sa_select(col(RatingStep.player)).where(col(RatingStep.game) == kind, later).distinct())}
    session.execute(delete(STEPS).where(STEPS.c.game == kind, _from(STEPS.c, start)))
    rows = _games(session, kind, start)
    played = [(row, found) for row in rows if (found := _outcome(row)) is not None]
    touched |= {player_key(name) for _, found in played for side in found.sides for name in side}
    ratings = _before(session, kind, start, touched)
    _write_steps(session, [step for row, found in played
                           for step in _steps(ratings, row, found)])
    _keep_standings(session, kind, ratings, touched)


def _append(session: Session, row: Game) -> None:
    found = _counted(row)
    assert found is not None
    keys = [player_key(name) for side in found.sides for name in side]
    ratings = Ratings({standing.player: Standing(standing.name, standing.mu, standing.sigma,
                                                 standing.games)
                       for standing in session.exec(select(PlayerRating).where(
                           col(PlayerRating.game) == row.game,
                           col(PlayerRating.player).in_(keys)))})
    _write_steps(session, _steps(ratings, row, found))
    _keep_standings(session, row.game, ratings, set(keys))


STEP_FIELDS = ("game_id", "game", "player", "name", "at", "mu", "sigma", "games")


def _steps(ratings: Ratings, row: Any, found: Outcome) -> list[tuple[Any, ...]]:
    """The steps of one game's players, as rows of STEP_FIELDS."""
    return [(row.id, row.game, key, standing.name, row.created_at, standing.mu,
             standing.sigma, standing.games) for key, standing in ratings.rate(found)]


def _write_steps(session: Session, steps: list[tuple[Any, ...]]) -> None:
    if steps:
        session.execute(insert(STEPS), [dict(zip(STEP_FIELDS, step)) for step in steps])


def _keep_standings(session: Session, kind: str, ratings: Ratings, touched: set[str]) -> None:
    if not touched:
        return
    for start in range(0, len(touched), 500):
        chunk = sorted(touched)[start:start + 500]
        session.execute(delete(STANDINGS).where(STANDINGS.c.game == kind,
                                                STANDINGS.c.player.in_(chunk)))
    rows = [{"game": kind, "player": key, "name": s.name, "mu": s.mu, "sigma": s.sigma,
             "games": s.games} for key, s in ratings.players.items() if key in touched]
    if rows:
        session.execute(insert(STANDINGS), rows)


def _before(session: Session, kind: str, start: Cutoff | None, players: set[str]) -> Ratings:
    """The `players`' standings just before `start` (from their latest earlier step)."""
    ratings = Ratings()
    if start is None or not players:
        return ratings
    at, game_id = start
    earlier = or_(col(RatingStep.at) < at, and_(col(RatingStep.at) == at,
                                                col(RatingStep.game_id) < game_id))
    for chunk in _chunks(sorted(players)):
        query = (select(RatingStep).where(col(RatingStep.game) == kind, earlier,
                                          col(RatingStep.player).in_(chunk))
                 .order_by(col(RatingStep.at), col(RatingStep.game_id)))
        for step in session.exec(query):
            ratings.players[step.player] = Standing(step.name, step.mu, step.sigma, step.games)
    return ratings


def _chunks(items: list[str], size: int = 500) -> Iterable[list[str]]:
    return (items[start:start + size] for start in range(0, len(items), size))


def _from(table: Any, start: Cutoff | None) -> ColumnElement[bool]:
    """Rows at `start` or later (`table`: a model or a table's columns)."""
    if start is None:
        return and_(True)
    at, game_id = start
    return or_(table.at > at, and_(table.at == at, table.game_id >= game_id))


def _any_after(session: Session, kind: str, place: Cutoff) -> bool:
    at, game_id = place
    after = or_(col(RatingStep.at) > at, and_(col(RatingStep.at) == at,
                                              col(RatingStep.game_id) > game_id))
    return session.exec(select(RatingStep.id).where(
        col(RatingStep.game) == kind, after).limit(1)).first() is not None


def _games(session: Session, kind: str, start: Cutoff | None,
           ids: Sequence[str] | None = None) -> list[Row[Any]]:
    """The finished, not deleted games of `kind` (from `start`, of `ids`), in counting order."""
    query = sa_select(*GAME_COLUMNS).where(col(Game.game) == kind, col(Game.finished),
                                        col(Game.deleted_at).is_(None))
    if start is not None:
        at, game_id = start
        query = query.where(or_(col(Game.created_at) > at, and_(col(Game.created_at) == at,
                                                                col(Game.id) >= game_id)))
    if ids is not None:
        query = query.where(col(Game.id).in_(ids))
    return list(session.execute(query.order_by(col(Game.created_at), col(Game.id))))


def _counted(row: Game) -> Outcome | None:
    """What a game counts as in the ratings; None while unfinished, deleted or unratable."""
    if not row.finished or row.deleted_at is not None or row.game not in GAMES:
        return None
    return _outcome(row)


def _outcome(row: Any) -> Outcome | None:
    return outcome(row.players, row.teams, row.totals or [], row.winners or [])


# --- Reading ---------------------------------------------------------------------------------

def standings(session: Session, kind: str, ids: Sequence[str] | None) -> list[Standing]:
    """Every rated player of `kind`, best first: the server's (ids None), or of `ids` only."""
    if ids is not None:
        return _replayed(session, kind, ids)[0].best_first()
    found = session.exec(select(PlayerRating).where(col(PlayerRating.game) == kind))
    return Ratings({s.player: Standing(s.name, s.mu, s.sigma, s.games)
                    for s in found}).best_first()


def history(session: Session, kind: str, name: str,
            ids: Sequence[str] | None) -> tuple[str, list[Point]]:
    """A player's name as first spelled, and their rating after each of their rated games
    of `kind`, oldest first (none: `name` as given, and no point)."""
    key = player_key(name)
    if ids is not None:
        ratings, points = _replayed(session, kind, ids, key)
        return (ratings.players[key].name if key in ratings.players else name), points
    query = (select(RatingStep).where(col(RatingStep.game) == kind,
                                      col(RatingStep.player) == key)
             .order_by(col(RatingStep.at), col(RatingStep.game_id)))
    steps = list(session.exec(query))
    return (steps[0].name if steps else name), [
        Point(step.game_id, step.at, shown(step.mu, step.sigma)) for step in steps]


def _replayed(session: Session, kind: str, ids: Sequence[str],
              key: str | None = None) -> tuple[Ratings, list[Point]]:
    ratings, points = Ratings(), []
    for row in _games(session, kind, None, list(ids)):
        found = _outcome(row)
        if found is None:
            continue
        for player, standing in ratings.rate(found):
            if player == key:
                points.append(Point(row.id, row.created_at, standing.rating))
    return ratings, points


@dataclass(frozen=True)
class Partner:
    name: str
    games: int
    won: int


def partners(rows: Sequence[Game], name: str, limit: int = 3) -> dict[str, list[Partner]]:
    """Per game, the partners `name` won most finished games with (then played most with)."""
    key = player_key(name)
    found: dict[str, dict[str, list[Any]]] = {}
    for row in rows:
        if not row.finished or not row.teams:
            continue
        for side, team in enumerate(row.teams):
            names = [row.players[seat] for seat in team]
            if key not in [player_key(n) for n in names]:
                continue
            for other in names:
                if player_key(other) != key:
                    tally = found.setdefault(row.game, {}).setdefault(player_key(other),
                                                                      [other, 0, 0])
                    tally[1] += 1
                    tally[2] += side in row.winners
    return {game: sorted((Partner(n, g, w) for n, g, w in tallies.values()),
                         key=lambda p: (-p.won, -p.games, player_key(p.name)))[:limit]
            for game, tallies in found.items()}
