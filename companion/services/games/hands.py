"""A game's hands: add one, correct one, delete one, or delete those played after the end."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ...rules.messages import N_, RuleError, msg
from ..reasons import checked_reason
from .changing import TRIM, Change, Idempotency, mutate
from .reading import GameNotFound, GameView


def refuse_finished(game: GameView) -> None:
    """RuleError for a game that takes no new hand: it is over."""
    if game.row.finished:
        raise RuleError(msg(N_("This game is over. Correct a hand to reopen it.")), "hand")


def add_hand(session: Session, game_id: str, hand: Any, expected_version: int | None = None,
             idempotency_key: str | None = None,
             opened: GameView | None = None) -> tuple[GameView, int]:
    """Append a hand; a retry with the same idempotency key adds nothing. Returns (game, number).
    `opened`: the game as `open_change` gave it to the caller, not read again."""

    def change(game: GameView) -> Change:
        refuse_finished(game)
        number = len(game.hands) + 1
        return Change(game.hands + [hand], "add", number, None, hand)

    return mutate(session, game_id, expected_version, change, Idempotency(idempotency_key, hand),
                  opened=opened)


def edit_hand(session: Session, game_id: str, number: int, hand: Any,
              expected_version: int | None = None, reason: str = "",
              idempotency_key: str | None = None,
              opened: GameView | None = None) -> tuple[GameView, int]:
    """Correct a hand; a resend with the same key (its answer was lost) changes nothing.
    `opened`: as for add_hand."""
    reason = checked_reason(reason)

    def change(game: GameView) -> Change:
        before = _hand_at(game, number)
        hands = list(game.hands)
        hands[number - 1] = hand
        return Change(hands, "edit", number, before, hand, reason)

    return mutate(session, game_id, expected_version, change,
                  Idempotency(idempotency_key, {"edit": number, "hand": hand}), opened=opened)


def delete_hand(session: Session, game_id: str, number: int,
                expected_version: int | None = None, reason: str = "",
                idempotency_key: str | None = None) -> tuple[GameView, int]:
    """Delete a hand; a resend with the same key deletes nothing more."""
    reason = checked_reason(reason)

    def change(game: GameView) -> Change:
        before = _hand_at(game, number)
        hands = game.hands[: number - 1] + game.hands[number:]
        return Change(hands, "delete", number, before, None, reason)

    return mutate(session, game_id, expected_version, change,
                  Idempotency(idempotency_key, {"delete": number}))


def delete_after_end(session: Session, game_id: str,
                     expected_version: int | None = None) -> tuple[GameView, int]:
    """Delete, in one change, the hands on the record after the hand that ended the game."""

    def change(game: GameView) -> Change:
        first = game.state.counted + 1
        if not game.state.finished or first > len(game.hands):
            raise RuleError(msg(N_("No hand was played after the end of this game.")))
        removed = game.hands[first - 1:]
        return Change(game.hands[:first - 1], TRIM, first, {"hands": removed}, None)

    return mutate(session, game_id, expected_version, change)


def _hand_at(game: GameView, number: Any) -> dict[str, Any]:
    if type(number) is not int or not 1 <= number <= len(game.hands):
        raise GameNotFound(f"hand {number}")
    return game.hands[number - 1]
