"""A season's standings, as pure Python: the places' points of each evening (tournament), the
best `count_best` evenings counted, and attendance.

Players are told apart by name (spaces and letter case aside); a partnership's two players
each take the partnership's place. Entrants level at an evening share the place and each
scores its points. Players level on points share the season's place, listed by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .natural import natural_key

# Points by place, first place first: a place below the table scores nothing.
DEFAULT_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)


@dataclass(frozen=True)
class Placed:
    """An entrant's final place at an evening: its player or its two partners."""

    players: tuple[str, ...]
    place: int


@dataclass(frozen=True)
class Evening:
    """A finished evening of the season: its id and every entrant's final place."""

    event: str
    places: tuple[Placed, ...]


@dataclass(frozen=True)
class Scored:
    """A player's evening: the place taken, the points it gives, and whether it counts."""

    event: str
    place: int
    points: int
    counted: bool


@dataclass
class Standing:
    """A player's line of the season: rank, counted points, evenings attended, and each."""

    player: str
    rank: int = 0
    points: int = 0
    events: list[Scored] = field(default_factory=list)

    @property
    def attended(self) -> int:
        return len(self.events)

    @property
    def counted(self) -> list[str]:
        return [scored.event for scored in self.events if scored.counted]


def points_for(place: int, table: Sequence[int]) -> int:
    """The points of a place (1-based) by the season's table; 0 below it."""
    return table[place - 1] if 1 <= place <= len(table) else 0


def identity(name: str) -> str:
    """The same player however the name was typed: spaces and letter case aside."""
    return " ".join(name.split()).casefold()


def standings(evenings: Sequence[Evening], table: Sequence[int],
              count_best: int) -> list[Standing]:
    """Every player who took part in a finished evening, best first."""
    found: dict[str, Standing] = {}
    played: dict[str, list[tuple[str, int]]] = {}
    for evening in evenings:
        for placed in evening.places:
            for player in placed.players:
                who = identity(player)
                found.setdefault(who, Standing(" ".join(player.split())))
                played.setdefault(who, []).append((evening.event, placed.place))
    for who, line in found.items():
        line.events = _counted(played[who], table, count_best)
        line.points = sum(scored.points for scored in line.events if scored.counted)
    return _ranked(list(found.values()))


def _counted(evenings: list[tuple[str, int]], table: Sequence[int],
             count_best: int) -> list[Scored]:
    """A player's evenings in the season's order; the best `count_best` by points counted
    (of two that score the same, the earlier)."""
    points = [points_for(place, table) for _event, place in evenings]
    best = sorted(range(len(evenings)), key=lambda i: (-points[i], i))[:count_best]
    return [Scored(event, place, points[i], i in best)
            for i, (event, place) in enumerate(evenings)]


def _ranked(lines: list[Standing]) -> list[Standing]:
    lines.sort(key=lambda line: (-line.points, natural_key(line.player)))
    for position, line in enumerate(lines, start=1):
        level = position > 1 and lines[position - 2].points == line.points
        line.rank = lines[position - 2].rank if level else position
    return lines
