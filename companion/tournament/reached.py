"""A knockout's standings: how far each entrant got, not match points and tie-breakers."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .bracket import Played
from .natural import natural_key

IN, OUT, CHAMPION, THIRD = "in", "out", "champion", "third"


@dataclass(frozen=True)
class Reached:
    """An entrant's furthest round (1-based) and where it stands: still in, out, champion,
    or third (won the match for third place)."""

    rank: int
    entrant: int
    name: str
    round: int
    state: str


def reached(names: Mapping[int, str], rounds: Sequence[Sequence[Played]], total: int,
            third_place: Collection[int] = ()) -> list[Reached]:
    """Every entrant, furthest first; level entrants share a rank and sort by name.

    `total` is the knockout's number of rounds; `third_place` the ids of matches for third
    place, which count as reaching the semi-finals. Winning a match before the final is
    reaching the next round, paired or not (a final taken back leaves its finalists there).
    """
    furthest: dict[int, tuple[int, str]] = {e: (0, IN) for e in names}
    for number, matches in enumerate(rounds, start=1):
        for match in matches:
            third = match.match_id in third_place
            stage = number - 1 if third else number
            for side in match.sides:
                state = _state(match, side, stage == total, third)
                onward = state == IN and match.winner == side and stage < total
                furthest[side] = (stage + 1 if onward else stage, state)
    order = sorted(furthest, key=lambda e: (-furthest[e][0], _weight(furthest[e][1]),
                                            natural_key(names.get(e, ""))))
    rows: list[Reached] = []
    for position, entrant in enumerate(order, start=1):
        stage, state = furthest[entrant]
        level = rows and (rows[-1].round, rows[-1].state) == (stage, state)
        rank = rows[-1].rank if level else position
        rows.append(Reached(rank, entrant, names.get(entrant, "?"), stage, state))
    return rows


def _state(match: Played, side: int, final: bool, third: bool) -> str:
    if match.winner is None:
        return IN
    if match.winner != side:
        return OUT
    return CHAMPION if final and not third else THIRD if third else IN


def _weight(state: str) -> int:
    """Within one round: the champion, then those still in, third place, then those out."""
    return {CHAMPION: 0, IN: 1, THIRD: 2, OUT: 3}[state]
