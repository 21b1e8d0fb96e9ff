"""Each board's revision: a number stored with its game or tournament, moved on in the very
transaction of any change to what the board shows.

A game's board shows the game and its match line (games won), so a change to a game moves
its own board, its match's other games' (a Basra match's, a tournament table's) and its
tournament's. A tournament's change moves its own board and the boards of the games it
shows on (a table's games, or every table's for a change to the whole tournament, its round
clock). A read never writes: it reads the stored revision, one indexed row.

Every board moved in a transaction is noted in the session (MOVED); live.py announces them
once the transaction is committed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, case, event, or_, select, update
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from ..models import Game, GameEvent
from ..models_tournament import MatchGame, Tournament, TournamentEvent

MOVED = "boards_moved"  # session.info: the topics ("game:<id>", "tournament:<id>") moved
_ACCOUNTED = "boards_accounted"  # session.info: games whose own change moved its boards


def moved_game(session: Session, game_id: str, locking: bool = False) -> Game | None:
    """A change to the game begins: move its board's, its match's and its tournament's
    revisions on, as the transaction's first statements. The tournament's row is taken first,
    as a director's change takes it (playing.bump) before any game's: one lock order.
    `locking`: the game's version is bumped in the same statement, and its row returned."""
    run = session.connection().execute
    link = aliased(MatchGame)
    tournaments = run(update(Tournament).where(col(Tournament.id).in_(
        select(col(link.tournament_id)).where(col(link.game_id) == game_id)))
        .values(board_revision=Tournament.board_revision + 1)
        .returning(col(Tournament.id))).scalars().all()
    mate = aliased(MatchGame)
    table = (select(col(mate.game_id)).join(link, col(link.match_id) == col(mate.match_id))
             .where(col(link.game_id) == game_id))
    basra = select(col(Game.match_id)).where(col(Game.id) == game_id).scalar_subquery()
    values: dict[str, Any] = {"board_revision": Game.board_revision + 1}
    if locking:
        values["version"] = case((col(Game.id) == game_id, Game.version + 1),
                                 else_=Game.version)
    rows = session.scalars(update(Game).where(or_(col(Game.id) == game_id,
                                                  col(Game.id).in_(table),
                                                  col(Game.match_id) == basra))
                           .values(**values).returning(Game)
                           .execution_options(populate_existing=True,
                                              synchronize_session=False)).all()
    _note(session, {f"tournament:{t}" for t in tournaments} | {f"game:{g.id}" for g in rows})
    session.info.setdefault(_ACCOUNTED, set()).add(game_id)
    return next((row for row in rows if row.id == game_id), None)


def moved_tournament(session: Session, tournament_id: str) -> None:
    """Note that the tournament's board moved: its revision is moved on with its version
    (playing.bump); the boards of the games it shows on move with its event (below)."""
    _note(session, {f"tournament:{tournament_id}"})


def _note(session: OrmSession, topics: set[str]) -> None:
    session.info.setdefault(MOVED, set()).update(topics)


def moved(session: OrmSession) -> set[str]:
    """The boards this session's transaction moved, forgotten from it (once it ended)."""
    found: set[str] = session.info.pop(MOVED, set())
    return found


# Every session, whatever made it (a request's, a stream's, a command's, a test's): a change
# recorded with an event row moves the boards it shows on, in its own transaction.
@event.listens_for(OrmSession, "after_begin")
def _begun(session: OrmSession, _transaction: Any, _connection: Any) -> None:
    """A new transaction has moved nothing yet (whatever an ended one left unread)."""
    session.info.pop(MOVED, None)
    session.info.pop(_ACCOUNTED, None)


@event.listens_for(OrmSession, "after_flush")
def _events_flushed(session: OrmSession, _context: Any) -> None:
    """Move the boards of the changes recorded in this flush that moved_game did not."""
    accounted = session.info.get(_ACCOUNTED, set())
    games = {item.game_id for item in session.new
             if isinstance(item, GameEvent) and item.game_id not in accounted}
    told = [item for item in session.new if isinstance(item, TournamentEvent)]
    if not games and not told:
        return
    topics = _shown_on(session.connection(), games, told)
    already = session.info.get(MOVED, set())
    _bump(session.connection(), {t for t in topics if t not in already})
    _note(session, topics)


def _shown_on(connection: Connection, games: set[str], told: list[TournamentEvent]) -> set[str]:
    """The boards these games' and tournament events' changes show on (Core, not the ORM: a
    query through the session would flush again, inside this flush)."""
    run = connection.execute
    topics = {f"tournament:{item.tournament_id}" for item in told}
    matches = {item.match_id for item in told if item.match_id is not None}
    # A change to the tournament itself (its round clock, shown on every table's board)
    # moves the boards of all its tables' games.
    whole = {item.tournament_id for item in told if item.match_id is None}
    if whole:
        games |= set(run(select(col(MatchGame.game_id)).where(
            col(MatchGame.tournament_id).in_(whole))).scalars())
    if games:
        found = run(select(col(MatchGame.tournament_id), col(MatchGame.match_id)).where(
            col(MatchGame.game_id).in_(games)))
        for tournament, match in found:
            topics.add(f"tournament:{tournament}")
            matches.add(match)
        basra = select(col(Game.match_id)).where(col(Game.id).in_(games))
        games |= set(run(select(col(Game.id)).where(col(Game.match_id).in_(basra))).scalars())
    if matches:
        games |= set(run(select(col(MatchGame.game_id)).where(
            col(MatchGame.match_id).in_(matches))).scalars())
    return topics | {f"game:{game}" for game in games}


def _bump(connection: Connection, topics: set[str]) -> None:
    """Move these boards' revisions on: tournaments first, then games (the lock order)."""
    tournaments = sorted(t.partition(":")[2] for t in topics if t.startswith("tournament:"))
    games = sorted(t.partition(":")[2] for t in topics if t.startswith("game:"))
    if tournaments:
        connection.execute(update(Tournament).where(col(Tournament.id).in_(tournaments))
                           .values(board_revision=Tournament.board_revision + 1))
    if games:
        connection.execute(update(Game).where(col(Game.id).in_(games))
                           .values(board_revision=Game.board_revision + 1))
