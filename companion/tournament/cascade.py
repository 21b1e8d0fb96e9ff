"""A knockout correction's cascade: the later matches a changed result touches.

The match at table t of a round is fed by tables 2t-1 and 2t of the round before (their
winners); the match for third place by tables 1 and 2 (their losers). A changed result
touches the match it feeds when the side it sends there changes: that match is re-seated
with the new side, or taken back when the side is not known any more (the match before it is
open again). A touched match no longer has its result, so the change goes on to the match it
feeds, up the bracket; matches no change reaches stay as they are.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

Change = tuple[int, tuple[int, ...] | None]  # a match and its new sides (None: taken back)


@dataclass(frozen=True)
class Seated:
    """A paired knockout match: its round (1-based), table, sides and result as it stands."""

    match_id: int
    round: int
    table: int
    third_place: bool
    sides: tuple[int, ...]
    winner: int | None
    loser: int | None


def follow(matches: Sequence[Seated], changed: int, withdrawn: Collection[int]) -> list[Change]:
    """What the change of `changed`'s result (as it now stands) does to the later matches, in
    the order of rounds and tables. A re-seated match against an entrant who withdrew is a
    walkover, whose winner goes on; any other re-seated match is open."""
    place = {(m.round, m.table): m for m in matches if not m.third_place}
    outcome = {m.match_id: (m.winner, m.loser) for m in matches}
    start = next(m.round for m in matches if m.match_id == changed)
    touched = {changed}
    changes: list[Change] = []
    for match in sorted((m for m in matches if m.round > start), key=lambda m: (m.round, m.table)):
        fed_by = [place.get((match.round - 1, table)) for table in _feeding(match)]
        if not any(f is not None and f.match_id in touched for f in fed_by):
            continue
        side = 1 if match.third_place else 0  # the losers go to the match for third place
        sides = [None if f is None else outcome[f.match_id][side] for f in fed_by]
        if None in sides:
            new = None
        elif tuple(sides) != match.sides:
            new = tuple(s for s in sides if s is not None)
        else:
            continue
        outcome[match.match_id] = _walked_over(new, withdrawn)
        touched.add(match.match_id)
        changes.append((match.match_id, new))
    return changes


def _feeding(match: Seated) -> tuple[int, int]:
    """The tables of the round before whose sides this match takes."""
    return (1, 2) if match.third_place else (2 * match.table - 1, 2 * match.table)


def _walked_over(sides: tuple[int, ...] | None,
                 withdrawn: Collection[int]) -> tuple[int | None, int | None]:
    """Winner and loser of a re-seated match before it is played: known only for a walkover
    (the side still in wins; both withdrawn, the first)."""
    if sides is None or not set(sides) & set(withdrawn):
        return None, None
    first, second = sides
    return (second, first) if first in withdrawn and second not in withdrawn else (first, second)
