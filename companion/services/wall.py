"""The big screen: the round's tables and the standings cut into pages that each fit a wall,
the round as "x of y", each table's running points, and the podium at the end."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..tournament.standings import Row
from .tournament_status import round_of
from .tournaments import MatchView, TournamentView

# What one page holds at any 16:9 size (the wall's type is sized in vh): table cards in three
# columns of four (three of taller cards for tables of 4 or 5), standings rows in one column.
TABLES_PER_PAGE = {2: 12, 3: 12, 4: 9, 5: 9}
ROWS_PER_PAGE = 20


@dataclass
class Page:
    """One page of the wall: some of the round's tables and some standings rows."""

    number: int
    tables: list[MatchView] = field(default_factory=list)
    rows: list[Any] = field(default_factory=list)


@dataclass
class Wall:
    pages: list[Page]
    round: int
    rounds: int  # 0 while the number of rounds is not known yet
    podium: list[int]  # entrant ids, best first, once the tournament is over
    # Entrants whose table of the round has no result yet: the standings are not theirs yet.
    playing: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Live:
    """The game being played at a table: its number in the match and each side's points."""

    game: int
    points: list[int]


def live_points(view: MatchView) -> Live | None:
    """The running game points of the game being played at the table; None once decided."""
    current = view.current
    if view.bye or view.decided or current is None:
        return None
    totals = list(current.totals or [])
    sides = len(view.row.sides)
    return Live(view.games.index(current) + 1, totals if len(totals) == sides else [0] * sides)


def podium(tournament: TournamentView, rows: list[Row]) -> list[int]:
    """First, second and third once the tournament is over (as far as they are known)."""
    if tournament.podium:  # a knockout with its match for third place decided
        return tournament.podium
    winner = tournament.winner(rows)
    if winner is None:
        return []
    if not tournament.in_bracket:
        return [row.entrant for row in rows[:3]]
    final = next(m for m in tournament.rounds[-1] if not m.third_place)
    return [winner, *(side for side in final.row.sides if side != winner)]


def pages(tournament: TournamentView, rows: list[Any]) -> list[Page]:
    """The round's tables and the rows spread evenly over as few pages as fit them."""
    number = tournament.current_round
    tables = tournament.rounds[number - 1] if number else []
    widest = max((len(m.row.sides) for m in tables), default=2)
    count = max(_count(len(tables), TABLES_PER_PAGE.get(widest, 9)),
                _count(len(rows), ROWS_PER_PAGE), 1)
    table_parts, row_parts = _split(tables, count), _split(rows, count)
    return [Page(n, table_parts[n - 1], row_parts[n - 1]) for n in range(1, count + 1)]


def build(tournament: TournamentView, rows: list[Any]) -> Wall:
    current, total = round_of(tournament)
    return Wall(pages(tournament, rows), current, total, podium(tournament, rows),
                still_playing(tournament))


def still_playing(tournament: TournamentView) -> frozenset[int]:
    """The entrants at the round's tables still without a result."""
    number = tournament.current_round
    tables = tournament.rounds[number - 1] if number else []
    return frozenset(side for view in tables if not view.bye and not view.decided
                     for side in view.row.sides)


def _count(items: int, per_page: int) -> int:
    return -(-items // per_page)


def _split(items: list[Any], parts: int) -> list[list[Any]]:
    """`items` in `parts` runs whose lengths differ by at most one, in order."""
    size, extra = divmod(len(items), parts)
    runs, start = [], 0
    for part in range(parts):
        end = start + size + (part < extra)
        runs.append(items[start:end])
        start = end
    return runs
