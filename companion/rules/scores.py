"""What scoring gives: a hand's score and its breakdown, and where a game stands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .messages import Msg


@dataclass(frozen=True)
class Line:
    """One line of a score breakdown: "jacks 2" is Line(msg("jacks"), 2)."""

    label: Msg
    points: int


@dataclass(frozen=True)
class HandScore:
    """A scored hand: points per side, a JSON breakdown and lines people can check."""

    scores: list[int]
    details: list[dict[str, Any]]
    lines: list[list[Line]]
    extras: dict[str, Any] = field(default_factory=dict)  # carry_out, majority, outcome...
    # What the scoresheet's row says about the hand at a glance ("Side 1 bid 120: made").
    headline: Msg | None = None


@dataclass(frozen=True)
class GameState:
    """Where a game stands after its hands, as the game's rules say."""

    hands: list[HandScore]
    totals: list[int]
    target: int
    finished: bool
    winners: list[int]          # more than one only where the rules let tied sides all win
    dealer: int                 # seat that deals the next hand
    leader: int                 # seat that plays (or bids) first in the next hand
    status: Msg                 # "Tie at the top: play on", "30 points carried to the next hand"
    carry: int = 0              # Basra majority points held over to the next hand
    counted: int = 0            # hands that count: those after the deciding hand do not

    @property
    def after_end(self) -> list[int]:
        """Numbers (from 1) of the hands on the record after the game ended."""
        return list(range(self.counted + 1, len(self.hands) + 1))

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def running_totals(self) -> list[list[int]]:
        """The totals after each hand; hands played after the end leave them as they were."""
        totals, running = [0] * len(self.totals), []
        for number, hand in enumerate(self.hands):
            if number < self.counted:
                totals = [a + b for a, b in zip(totals, hand.scores)]
            running.append(totals)
        return running
