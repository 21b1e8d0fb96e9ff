"""Game progression shared by the four games: totals, targets, winners, seats."""

from __future__ import annotations

from collections.abc import Sequence

from .messages import N_, Msg, msg


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


def status_for(winners: Sequence[int], tied: Sequence[int]) -> Msg:
    """Sentence for the banner: a winner, a tie at the top, or play continues."""
    if len(winners) == 1:
        return msg(N_("Side {side} wins."), side=winners[0] + 1)
    if winners:
        return msg(N_("Sides {sides} share the win."), sides=[s + 1 for s in winners])
    if tied:
        return msg(N_("Tied at the top past the target: play on until the tie breaks."))
    return msg(N_("Game in progress."))
