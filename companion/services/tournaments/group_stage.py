"""Groups then knockout: its groups drawn at round 1, their rounds, their standings, and the
knockout drawn from them once every group match is decided and confirmed.

The draw is kept in the tournament's settings ("group_draw": each group's entrant ids, seeded, and
"group_rounds": how many rounds the group stage has); the API does not show it (the matches
carry their group).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...tournament import groups
from ...tournament.standings import Row, standings
from .. import csv_file
from .creating import checked_groups
from .reading import TournamentView, scoring

Table = tuple[int, list[int], bool]


@dataclass(frozen=True)
class GroupTable:
    """A group's standings: its label and rows, best first, and who of it went through to
    the knockout (none before it is drawn)."""

    label: str
    rows: list[Row]
    through: frozenset[int] = frozenset()


def drawn(tournament: TournamentView) -> dict[str, list[int]]:
    """Each group's entrants as drawn (none before round 1 is paired)."""
    return {label: list(members) for label, members in
            (tournament.settings.get("group_draw") or {}).items()}


def draw(tournament: TournamentView, ids: list[int]) -> dict[str, list[int]]:
    """The groups drawn snake-wise from the entrants present (seed order), kept in the
    settings with the number of group rounds."""
    count, advance = tournament.settings["groups"], tournament.settings["advance"]
    checked_groups(count, advance, len(ids))  # those absent at check-in may leave too few
    made = groups.snake(ids, count)
    tournament.row.settings = {**tournament.row.settings, "group_draw": made,
                               "group_rounds": len(groups.schedule(made))}
    return made


def group_round(tournament: TournamentView, ids: list[int]) -> tuple[int, list[Table]]:
    """The next group round's tables, all groups in turn."""
    made = drawn(tournament) if tournament.started else draw(tournament, ids)
    number = len(tournament.rounds) + 1
    tables = groups.schedule(made)[number - 1]
    return number, [(table, [a, b], False) for table, (_, a, b) in enumerate(tables, start=1)]


def labels(tournament: TournamentView, number: int) -> dict[int, str]:
    """Round `number`'s tables and their groups (none outside the group stage)."""
    if not 1 <= number <= tournament.group_rounds:
        return {}
    tables = groups.schedule(drawn(tournament))[number - 1]
    return {table: label for table, (label, _, _) in enumerate(tables, start=1)}


def group_tables(tournament: TournamentView) -> list[GroupTable]:
    """Every group's standings from its own matches, with the tournament's tie-breakers."""
    names = tournament.names
    rules = scoring(tournament)
    knockout = tournament.rounds[tournament.group_rounds:] if tournament.group_rounds else []
    through = {e for m in (knockout[0] if knockout else []) for e in m.row.sides}
    found = []
    for label, members in drawn(tournament).items():
        results = [m.result for r in tournament.rounds for m in r
                   if m.group == label and m.result is not None]
        found.append(GroupTable(label, standings({e: names.get(e, "?") for e in members},
                                                 results, rules),
                                frozenset(through & set(members))))
    return found


def places(tournament: TournamentView) -> dict[str, list[int]]:
    """Each group's entrants in their final order: by rank; entrants still level after every
    tie-breaker keep their seed order (the draw's)."""
    seeds = {e.id: e.seed for e in tournament.entrants}
    return {table.label: [row.entrant for row in sorted(
        table.rows, key=lambda row: (row.rank, seeds.get(row.entrant, 0)))]
        for table in group_tables(tournament)}


def knockout_round(tournament: TournamentView) -> tuple[int, list[Table]]:
    """The knockout's first round, drawn from the groups' places."""
    pairs = groups.knockout_draw(places(tournament), tournament.settings["advance"])
    return tournament.group_rounds + 1, [
        (table, [s for s in (a, b) if s is not None], False)
        for table, (a, b) in enumerate(pairs, start=1)]


def group_of(tournament: TournamentView) -> Mapping[int, str]:
    """Each drawn entrant's group."""
    return {e: label for label, members in drawn(tournament).items() for e in members}


def csv_text(tournament: TournamentView) -> str:
    """The group standings as CSV: the group, then the columns of any standings CSV."""
    breaks = tournament.settings["tiebreaks"]
    header = ["group", "rank", "entrant", "played", "won", "drawn", "lost", "points", *breaks,
              "decided_by"]
    return csv_file.csv_text([header, *(
        [table.label, row.rank, row.name, row.played, row.won, row.drawn, row.lost, row.points,
         *("" if row.tiebreaks.get(b) is None else row.tiebreaks[b] for b in breaks),
         row.decided_by or ""] for table in group_tables(tournament) for row in table.rows)])
