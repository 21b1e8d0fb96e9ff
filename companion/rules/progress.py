"""Game progression shared by the four games: totals, targets, winners, seats."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .messages import N_, Msg, RuleError, each_problem, msg
from .options import Rules
from .scores import GameState, HandScore

H = TypeVar("H")  # a game's typed hand


def add_totals(totals: Sequence[int], scores: Sequence[int]) -> list[int]:
    return [a + b for a, b in zip(totals, scores)]


def leaders_at_target(totals: Sequence[int], target: int) -> list[int]:
    """Sides tied on the highest total once any side has reached `target`; else []."""
    top = max(totals)
    if top < target:
        return []
    return [side for side, total in enumerate(totals) if total == top]


def seat_after(seat: int, hands_played: int, players: int) -> int:
    """The seat `hands_played` places after `seat` in playing order."""
    return (seat + hands_played) % players


def check_index(value: object, size: int, field: str) -> int:
    """A seat or list position: a whole number from 0 to size - 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise RuleError(msg(N_("{field} must be a number from 0 to {last}."),
                            field=field, last=size - 1), field)
    return value


def status_for(winners: Sequence[int], tied: Sequence[int], carry: int = 0) -> Msg:
    """Sentence for the banner: a winner, a tie at the top, or play continues."""
    if len(winners) == 1:
        return msg(N_("Side {side} wins."), side=winners[0] + 1)
    if winners:
        return msg(N_("Sides {sides} share the win."), sides=[s + 1 for s in winners])
    if tied and carry:
        return msg(N_("Tied at the top past the target: play on until the tie breaks; {carry} "
                      "points are carried to the next hand."), carry=carry)
    if tied:
        return msg(N_("Tied at the top past the target: play on until the tie breaks."))
    if carry:
        return msg(N_("{carry} points carried to the next hand."), carry=carry)
    return msg(N_("Game in progress."))


def in_game(error: RuleError, number: int) -> RuleError:
    """The same error, with its field moved from `hand...` to `hands[number]...`."""
    def moved(problem: RuleError) -> RuleError:
        field = problem.field or "hand"
        rest = field[len("hand"):] if field.startswith("hand") else "." + field
        return RuleError(problem.message, f"hands[{number}]{rest}")
    return each_problem(error, moved)


def play_to_target(
    rules: Rules,
    hands: Sequence[H],
    sides: int,
    players: int,
    first_dealer: int,
    score_next: Callable[[H, HandScore | None], HandScore],
    *,
    tie_raise: int = 0,
    all_win: bool = False,
    leader_after_dealer: bool = True,
) -> GameState:
    """Score the hands in order until a side reaches the target; the highest total wins.

    A tie at the top ends the game when `all_win`; otherwise the target rises by
    `tie_raise` (0: it stays) and play goes on. The game ends at the first hand after which
    a winner is named: hands on the record after it (a correction can end a game earlier)
    are scored, so they can be shown and checked, but count for nobody. `score_next` scores
    a hand given the hand before it (None for the first): Basra carries majority points
    from hand to hand, the other games ignore it.
    """
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise RuleError(msg(N_("A game needs at least one player.")), "players")
    check_index(first_dealer, players, "first_dealer")
    target = rules.target
    totals = [0] * sides
    scored: list[HandScore] = []
    winners: list[int] = []
    counted = 0  # hands up to and including the one that ended the game
    for hand in hands:
        scored.append(score_next(hand, scored[-1] if scored else None))
        if winners:
            continue
        counted += 1
        totals = add_totals(totals, scored[-1].scores)
        top = leaders_at_target(totals, target)
        while len(top) > 1 and tie_raise and not all_win:
            target += tie_raise
            top = leaders_at_target(totals, target)
        if len(top) == 1 or (top and all_win):
            winners = top
    carry = 0 if winners or not scored else scored[-1].extras.get("carry_out", 0)
    dealer = seat_after(first_dealer, counted, players)
    return GameState(
        hands=scored,
        totals=totals,
        target=target,
        finished=bool(winners),
        winners=winners,
        dealer=dealer,
        leader=seat_after(dealer, 1 if leader_after_dealer else 0, players),
        status=_status(winners, totals, target, rules.target, carry),
        carry=carry,
        counted=counted,
    )


def _status(winners: list[int], totals: list[int], target: int, agreed: int, carry: int) -> Msg:
    if not winners and target != agreed:
        return msg(N_("Tied at the top: the target was raised to {target}; play on."),
                   target=target)
    tied = [] if winners else leaders_at_target(totals, target)
    return status_for(winners, tied, carry)
