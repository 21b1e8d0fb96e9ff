"""A rematch: a new game after a finished one, with the same players and rules."""

from __future__ import annotations

from sqlmodel import Session, col, select

from ...models import Game, GameEvent
from ...rules.messages import N_, RuleError, msg
from .changing import check_history_room, lock
from .creating import create_game
from .matches import MatchGameExists
from .reading import GameView, in_tournament, load_game

REMATCH = "rematch"  # history of the finished game: `after` names its rematch


def rematch(session: Session, game_id: str) -> tuple[GameView, str]:
    """A new game after this finished one: same players, partnerships and rules (target
    included); whoever would have dealt next deals first. Asked again, the answer is
    MatchGameExists with the rematch already started, so a double tap starts one game."""
    lock(session, game_id)
    try:
        game = load_game(session, game_id)
        if not game.row.finished:
            raise RuleError(msg(N_("This game is not over yet: finish it before a rematch.")))
        if in_tournament(session, game_id):
            raise RuleError(msg(N_("This game belongs to a tournament: the tournament pairs "
                                   "the next game, there is no rematch.")))
        started = rematch_of(session, game_id)
        if started is not None:
            raise MatchGameExists(started)
        check_history_room(session, game_id)
        row = game.row
        new, key = create_game(session, row.game, row.rules, row.players, row.teams,
                               first_dealer=game.state.dealer, commit=False)
        session.add(GameEvent(game_id=game_id, version=row.version, action=REMATCH,
                              after={"game": new.row.id}))
        session.commit()
        return new, key
    except BaseException:
        session.rollback()
        raise


def rematch_of(session: Session, game_id: str) -> str | None:
    """The rematch already started after this game, unless it was deleted since."""
    events = session.exec(select(GameEvent).where(GameEvent.game_id == game_id,
                                                  GameEvent.action == REMATCH)
                          .order_by(col(GameEvent.id).desc()))
    for event in events:
        started_id = (event.after or {}).get("game")
        started = session.get(Game, started_id) if isinstance(started_id, str) else None
        if started is not None and started.deleted_at is None:
            return started.id
    return None
