"""Line charts laid out for an inline SVG: a game's running totals per side after each hand,
and a player's rating after each game."""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 10, 34  # room for tick labels and the axis titles
MAX_X_LABELS = 10


@dataclass(frozen=True)
class Tick:
    label: str
    x: float
    y: float


@dataclass(frozen=True)
class Series:
    side: int
    name: str
    points: str          # SVG polyline points
    end_x: float
    end_y: float
    total: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    zero_y: float
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    series: list[Series]


def running_totals(scores: list[list[int]], sides: int) -> list[list[int]]:
    """Totals per side after each hand, starting from 0 before the first."""
    totals, rows = [0] * sides, [[0] * sides]
    for hand in scores:
        totals = [total + points for total, points in zip(totals, hand)]
        rows.append(totals)
    return rows


def nice_step(span: float, ticks: int = 4) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` intervals."""
    raw = max(span / ticks, 1)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def progression(scores: list[list[int]], names: list[str]) -> Chart | None:
    """The chart for hands' `scores` per side; None before the first hand."""
    if not scores:
        return None
    return _layout(running_totals(scores, len(names)), names, from_zero=True)


def history(start: int, values: list[int], name: str) -> Chart | None:
    """One line: `start`, then a value after each game (a player's rating); None before
    the first game."""
    if not values:
        return None
    return _layout([[start], *([v] for v in values)], [name], from_zero=False)


def _layout(rows: list[list[int]], names: list[str], from_zero: bool) -> Chart:
    """Each series' value at x = 0, 1, 2... laid out; the y range takes in 0 if `from_zero`."""
    values = [v for row in rows for v in row]
    floor = min(0, *values) if from_zero else min(values)
    step = nice_step(max(values) - floor)
    low = math.floor(floor / step) * step
    high = max(math.ceil(max(values) / step) * step, low + step)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(hand: int) -> float:
        return round(LEFT + (right - LEFT) * hand / (len(rows) - 1), 1)

    def y(value: float) -> float:
        return round(bottom - (bottom - TOP) * (value - low) / (high - low), 1)

    every = math.ceil((len(rows) - 1) / MAX_X_LABELS)
    x_ticks = [Tick(str(hand), x(hand), bottom) for hand in range(1, len(rows))
               if hand % every == 0 or hand == 1]
    y_ticks = [Tick(str(value), LEFT, y(value)) for value in range(low, high + 1, step)]
    series = [
        Series(side, name, " ".join(f"{x(i)},{y(row[side])}" for i, row in enumerate(rows)),
               x(len(rows) - 1), y(rows[-1][side]), rows[-1][side])
        for side, name in enumerate(names)
    ]
    return Chart(WIDTH, HEIGHT, LEFT, right, TOP, bottom, y(low if low > 0 else 0), x_ticks,
                 y_ticks, series)
