"""Undo and redo: the latest change taken back, and the latest undo made again.

An undo or a redo is itself a change in the history, storing the kind of change it reverses.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from ...models import GameEvent
from ...rules.messages import N_, RuleError, msg
from .changing import REDO, SETTINGS, TRIM, UNDO, UNDOABLE, Change, Idempotency, kind, mutate
from .reading import GameView
from .settings import settle

NOTHING_TO = {UNDO: N_("There is no change left to undo."),
              REDO: N_("There is no undone change to redo.")}


def undo_last(session: Session, game_id: str, expected_version: int | None = None,
              idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Reverse the latest change not yet undone (hands, names, target, or a redo)."""
    return _reverse_latest(session, game_id, expected_version, UNDO, idempotency_key)


def redo_last(session: Session, game_id: str, expected_version: int | None = None,
              idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Make again the change undone last, unless a fresh change came after that undo."""
    return _reverse_latest(session, game_id, expected_version, REDO, idempotency_key)


def last_change(session: Session, game_id: str) -> GameEvent | None:
    """The latest change that undo would reverse, if any."""
    return session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id, ~col(GameEvent.undone),
                                col(GameEvent.action).in_((*UNDOABLE, REDO)))
        .order_by(col(GameEvent.id).desc()).limit(1)).first()


def last_undo(session: Session, game_id: str) -> GameEvent | None:
    """The undo that redo would reverse: the latest one not yet redone, if no fresh change
    came after it (a fresh change starts a new line of history)."""
    latest = session.exec(
        select(GameEvent).where(GameEvent.game_id == game_id,
                                col(GameEvent.action).in_((*UNDOABLE, UNDO)),
                                ~(col(GameEvent.undone) & (col(GameEvent.action) == UNDO)))
        .order_by(col(GameEvent.id).desc()).limit(1)).first()
    return latest if latest is not None and latest.action == UNDO else None


def _reverse_latest(session: Session, game_id: str, expected_version: int | None,
                    action: str, idempotency_key: str | None) -> tuple[GameView, int]:
    reversed_events: list[GameEvent] = []

    def change(game: GameView) -> Change:
        event = (last_change if action == UNDO else last_undo)(session, game_id)
        if event is None:
            raise RuleError(msg(NOTHING_TO[action]))
        reversed_events.append(event)
        return _reverse(game, event, action)

    def mark_reversed() -> None:
        for event in reversed_events:
            event.undone = True

    return mutate(session, game_id, expected_version, change, Idempotency(idempotency_key, action),
                  on_success=mark_reversed)


def _reverse(game: GameView, event: GameEvent, action: str) -> Change:
    """The change taking `event` back: what it made (`after`) becomes what it replaced."""
    what, n = kind(event), event.number or 0
    old, new = event.after, event.before
    hands = list(game.hands)
    if what != SETTINGS and not 1 <= n <= len(hands) + 1:
        raise RuleError(msg(N_("The game's history is damaged.")), "history")
    if what == SETTINGS:
        settle(game, new or {})
    elif what == TRIM:
        hands[n - 1:] = _trimmed(new) if new is not None else []
    elif old is None:  # the hand comes back
        hands.insert(n - 1, new or {})
    elif new is None:  # the hand goes
        hands.pop(n - 1)
    else:
        hands[n - 1] = new
    return Change(hands, action, event.number, old, new, reverses=what)


def _trimmed(stored: dict[str, Any]) -> list[Any]:
    """The hands a deletion after the end removed (an imported history may be doctored)."""
    removed = stored.get("hands")
    if not isinstance(removed, list):
        raise RuleError(msg(N_("The game's history is damaged.")), "history")
    return removed
