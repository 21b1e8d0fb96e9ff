"""How a match stands after its games: best of N, with a longer deciding game (Basra's rule)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

# What sides are ranked by: games won, or (games won, points) once all games are played.
RankKey = TypeVar("RankKey", int, tuple[int, int])


@dataclass(frozen=True)
class MatchProgress:
    """Games won per side; `next_target` is the next game's target, None once decided."""

    wins: list[int]
    finished: bool
    places: list[int]            # 1-based per side once finished (ties share a place)
    next_target: int | None


def head_to_head(game_winners: Sequence[Sequence[int]], best_of: int, target: int,
                 decider_target: int | None = None) -> MatchProgress:
    """Best of `best_of`: first to a majority of games wins.

    When two sides are both one game short, the next game is the decider, played to
    `decider_target` (a game spec's, 150 in Basra) if there is one.
    """
    needed = best_of // 2 + 1
    wins = [0, 0]
    for winners in game_winners:
        for side in winners:
            wins[side] += 1
    if max(wins) >= needed:
        return MatchProgress(wins, True, _places(wins), None)
    decider = decider_target is not None and wins.count(needed - 1) >= 2
    return MatchProgress(wins, False, [], decider_target if decider else target)


def table(game_winners: Sequence[Sequence[int]], game_totals: Sequence[Sequence[int]],
          sides: int, games: int, target: int) -> MatchProgress:
    """A multi-player table plays `games` games; places by games won, then points."""
    wins = [0] * sides
    for winners in game_winners:
        for side in winners:
            wins[side] += 1
    if len(game_winners) < games:
        return MatchProgress(wins, False, [], target)
    points = [sum(totals[side] for totals in game_totals) for side in range(sides)]
    return MatchProgress(wins, True, _places(list(zip(wins, points))), None)


def _places(keys: Sequence[RankKey]) -> list[int]:
    """Competition ranking (1, 1, 3...) of sides by key, highest first."""
    return [1 + sum(other > key for other in keys) for key in keys]
