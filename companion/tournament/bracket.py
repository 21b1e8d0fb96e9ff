"""A knockout's bracket: the rounds played so far and the slots of those still to come."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Played:
    """A knockout match as paired: its sides (one alone is a bye) and its winner, if decided."""

    match_id: int
    sides: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class BracketMatch:
    """A match of the bracket; None for a match not paired yet, whose sides are the winners
    of the two matches before it as far as they are known."""

    played: Played | None
    sides: tuple[int | None, int | None]

    @property
    def winner(self) -> int | None:
        return self.played.winner if self.played else None


def bracket(rounds: Sequence[Sequence[Played]]) -> list[list[BracketMatch]]:
    """Every round of the knockout, from the first (as paired) to the final."""
    if not rounds:
        return []
    slots = [[_slot(match) for match in rounds[0]]]
    while len(slots[-1]) > 1:
        before = slots[-1]
        number = len(slots)
        paired = rounds[number] if number < len(rounds) else []
        following = []
        for index in range(0, len(before), 2):
            if index // 2 < len(paired):
                following.append(_slot(paired[index // 2]))
            else:
                sides = (before[index].winner, before[index + 1].winner)
                following.append(BracketMatch(None, sides))
        slots.append(following)
    return slots


def _slot(match: Played) -> BracketMatch:
    first = match.sides[0]
    second = match.sides[1] if len(match.sides) > 1 else None
    return BracketMatch(match, (first, second))


def champion(rounds: Sequence[Sequence[Played]]) -> int | None:
    """The winner of the final, once it is decided (the final: a round of one match)."""
    slots = bracket(rounds)
    return slots[-1][0].winner if slots else None
