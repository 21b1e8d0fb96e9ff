"""A knockout's bracket: the rounds played so far and the slots of those still to come.

A match's place in the bracket is its table: the match at table t of a round is fed by the
winners of tables 2t-1 and 2t of the round before. A round can be partly paired (a correction
took back the matches it could no longer seat): its missing tables are slots still to come.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Played:
    """A knockout match as paired: its sides (one alone is a bye), its winner, if decided, and
    its table (None: its place in the list given)."""

    match_id: int
    sides: tuple[int, ...]
    winner: int | None
    table: int | None = None


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
        paired = _by_table(rounds[number] if number < len(rounds) else [])
        following = []
        for index in range(0, len(before), 2):
            if index // 2 + 1 in paired:
                following.append(_slot(paired[index // 2 + 1]))
            else:
                sides = (before[index].winner, before[index + 1].winner)
                following.append(BracketMatch(None, sides))
        slots.append(following)
    return slots


def _by_table(matches: Sequence[Played]) -> dict[int, Played]:
    return {match.table or place: match for place, match in enumerate(matches, start=1)}


def unpaired(rounds: Sequence[Sequence[Played]]) -> tuple[int, list[tuple[int, BracketMatch]]]:
    """The first round (1-based, after the first) with tables still to pair, and those tables
    with their slots (the sides known so far); one past the final and none once it is
    paired."""
    slots = bracket(rounds)
    for number, matches in enumerate(slots[1:], start=2):
        missing = [(table, slot) for table, slot in enumerate(matches, start=1)
                   if slot.played is None]
        if missing:
            return number, missing
    return len(slots) + 1, []


def _slot(match: Played) -> BracketMatch:
    first = match.sides[0]
    second = match.sides[1] if len(match.sides) > 1 else None
    return BracketMatch(match, (first, second))


def champion(rounds: Sequence[Sequence[Played]]) -> int | None:
    """The winner of the final, once it is decided (the final: a round of one match)."""
    slots = bracket(rounds)
    return slots[-1][0].winner if slots else None
