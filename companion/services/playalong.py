"""Play-along persistence: one unfinished PlayAlong row per game, saved after every card.

The row holds the hand in play as JSON; here, and only here, the game's engine reads it into
its own typed value and writes it back (`read`, `stored`). A read never writes: until the
scorer records something, the hand is only shown, built from the game as it stands; the row
is created by the first change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import Session, col, select

from ..models import PlayAlong as Row
from ..models import utcnow
from ..rules.messages import N_, RuleError, msg
from ..rules.spec import PlayAlongEngine
from . import games


def engine(game: games.GameView) -> PlayAlongEngine[Any, Any]:
    """The game's play-along; a RuleError for a game whose spec has none."""
    if game.spec.play_along is None:
        raise RuleError(msg(N_("Play-along is for Basra games.")), "game")
    return game.spec.play_along


def current(session: Session, game: games.GameView) -> tuple[Row, Any]:
    """The game's hand in progress as it stands now, or a new one for the next hand: its row
    (for its version) and the hand in play, typed by the game's engine.

    Nothing is saved and the stored row is not touched: the hand's first player follows the
    game's leader (until a card is played or the scorer picks one).
    """
    row, state = _stored_or_new(session, game)
    return row, engine(game).follow_leader(state, game.state.leader)


def change(session: Session, game_id: str, expected_version: int | None,
           step: Callable[[Any], Any]) -> tuple[Row, int | None]:
    """Apply one step (a card, a choice, an undo); a finished hand goes to the score sheet.

    The first step of a hand creates its row. Returns the row and the number of the hand
    added to the game, if this step finished it.
    """
    game = games.load_game(session, game_id)
    games.refuse_finished(game)  # before the first card, not after a whole hand
    (row, state), steps = _stored_or_new(session, game), engine(game)
    if expected_version != row.version:
        raise RuleError(msg(N_("This hand was changed on another phone: here it is as it is "
                               "now.")), "version")
    state = step(steps.follow_leader(state, game.state.leader))
    row.state = steps.stored(state)
    row.version += 1
    row.updated_at = utcnow()
    session.add(row)
    session.commit()
    if not steps.progress(state).finished:
        return row, None
    # the key makes a retried save add the hand once, even if marking it finished failed
    _, number = games.add_hand(session, game_id, steps.hand(state),
                               idempotency_key=f"play-along-{row.id}")
    row.finished = True
    session.add(row)
    session.commit()
    return row, number


def _stored_or_new(session: Session, game: games.GameView) -> tuple[Row, Any]:
    """The unfinished row of the game, else an unsaved one for the next hand; with the hand
    in play it holds."""
    steps = engine(game)
    row = session.exec(select(Row).where(Row.game_id == game.row.id, ~col(Row.finished))
                       .order_by(col(Row.id).desc())).first()
    if row is not None:
        return row, steps.read(row.state)
    state = steps.new_state(game.rules, len(game.row.players), game.row.teams,
                            game.state.leader)
    return Row(game_id=game.row.id, state=steps.stored(state)), state
