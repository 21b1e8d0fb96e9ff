"""Fixing the last round before it starts: two entrants swap seats, or the round is taken
back (docs/rulings-tournaments.md, "Fixing a round before it starts").

Both re-seat through corrections.reseat, as a withdrawal and a knockout correction do: a
table's games not started are made anew for its new sides under new table and side keys (the
old links open nothing), a taken-back table is removed with its keys. Nothing is done once a
table of the round has a hand or a result.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ...models_tournament import Entrant
from ...rules.messages import N_, RuleError, msg
from .. import acting
from . import audit
from .checkin import ABSENT
from .corrections import _drop_empty_rounds, reseat
from .playing import bump
from .reading import (
    ROUND_ROBIN,
    SWISS,
    MatchView,
    TournamentConflict,
    TournamentNotFound,
    TournamentView,
    load,
)

# What pairing a round may change in the settings (rounds.next_round keeps them as they were).
PAIRING_SETTINGS = ("rounds", "plan", "group_draw", "group_rounds")


def swap(session: Session, tournament_id: str, number: int, entrants: Any) -> TournamentView:
    """Entrants a and b change seats in round `number` (the last), neither table started."""
    tournament = load(session, tournament_id)
    tables = _last_round(tournament, number)
    _may_swap(tournament, number)
    first, second = _two(tournament, entrants)
    one, other = _table_of(tables, first, tournament), _table_of(tables, second, tournament)
    if one is other:
        raise RuleError(msg(N_("{first} and {second} are at the same table: a swap would "
                               "change nothing."), first=tournament.names[first],
                            second=tournament.names[second]), "entrants")
    for view in (one, other):
        _refuse_started(view, "swap")
    acting.current().by = acting.DIRECTOR
    bump(session, tournament.row)
    audit.record(session, tournament.row, "swap", by=acting.DIRECTOR,
                 names=[tournament.names[first], tournament.names[second]],
                 after={"round": number, "entrants": [first, second],
                        "tables": [one.row.table, other.row.table]})
    reseat(session, tournament, one, _exchange(one.row.sides, first, second))
    reseat(session, tournament, other, _exchange(other.row.sides, second, first))
    session.commit()
    return load(session, tournament_id)


def take_back(session: Session, tournament_id: str, number: int) -> TournamentView:
    """Round `number` (the last) is taken back while no table has started: its tables, games
    and keys go, and the tournament stands as before it was paired."""
    tournament = load(session, tournament_id)
    tables = _last_round(tournament, number)
    for view in tables:
        _refuse_started(view, "take_back")
    acting.current().by = acting.DIRECTOR
    bump(session, tournament.row)
    audit.record(session, tournament.row, "round_taken_back", by=acting.DIRECTOR,
                 after={"round": number, "tables": len(tables)})
    for view in tables:
        reseat(session, tournament, view, None)
    _drop_empty_rounds(session, tournament.row)
    _before_pairing(session, tournament, number)
    session.commit()
    return load(session, tournament_id)


def _last_round(tournament: TournamentView, number: int) -> list[MatchView]:
    """The round's tables; 404 for no such round, 409 for a round that is not the last."""
    if not 1 <= number <= len(tournament.rounds):
        raise TournamentNotFound(f"round {number}")
    if number != len(tournament.rounds):
        raise TournamentConflict(msg(N_("Round {n} is not the last round: only round {last} "
                                        "can be changed."), n=number,
                                     last=len(tournament.rounds)), "round")
    return tournament.rounds[number - 1]


def _may_swap(tournament: TournamentView, number: int) -> None:
    """A Swiss swaps in its last round, a knockout in round 1; a round robin's schedule
    fixes who meets whom; a format this does not know of takes none."""
    if tournament.row.format == SWISS:
        return
    if tournament.by_bracket:
        if number == 1:
            return
        raise RuleError(msg(N_("In a knockout only round 1 can be swapped: the later rounds "
                               "follow from the results.")), "round")
    if tournament.row.format == ROUND_ROBIN:
        raise RuleError(msg(N_("A round robin's schedule fixes who meets whom in every round: "
                               "a swap would make two entrants meet twice. Take the round back "
                               "instead if it was paired by mistake.")), "round")
    raise RuleError(msg(N_("This format takes no swaps: take the round back instead if it was "
                           "paired by mistake.")), "round")


def _two(tournament: TournamentView, entrants: Any) -> tuple[int, int]:
    """Two different entrants of the tournament, neither withdrawn."""
    if not (isinstance(entrants, list) and len(entrants) == 2
            and all(type(e) is int for e in entrants)):
        raise RuleError(msg(N_("Name the two entrants who swap seats by their ids, as "
                               "\"entrants\": [a, b].")), "entrants")
    first, second = entrants
    if first == second:
        raise RuleError(msg(N_("Name two different entrants to swap.")), "entrants")
    for entrant in (first, second):
        if entrant not in tournament.names:
            raise RuleError(msg(N_("Entrant {id} is not in this tournament."), id=entrant),
                            "entrants")
        if entrant in tournament.withdrawn:
            raise RuleError(msg(N_("{name} has withdrawn: only entrants still playing swap."),
                                name=tournament.names[entrant]), "entrants")
    return first, second


def _table_of(tables: list[MatchView], entrant: int, tournament: TournamentView) -> MatchView:
    found = next((view for view in tables if entrant in view.row.sides), None)
    if found is None:
        raise RuleError(msg(N_("{name} is not paired in round {n}."),
                            name=tournament.names[entrant], n=tables[0].round), "entrants")
    return found


def _refuse_started(view: MatchView, change: str) -> None:
    """409 when the table has a hand or a result (a bye's or a walkover's is no start)."""
    if not view.started:
        return
    where = {"round": view.round, "table": view.row.table, "names": audit.sides(view.names)}
    if change == "swap":
        raise TournamentConflict(msg(N_("Round {round}, table {table} ({names}) has started: "
                                        "entrants swap only before either table has a hand."),
                                     **where), "entrants")
    raise TournamentConflict(msg(N_("Round {round}, table {table} ({names}) has started: a "
                                    "round is taken back only while no table has a hand."),
                                 **where), "round")


def _exchange(sides: list[int], leaving: int, coming: int) -> list[int]:
    """The table's sides with `coming` in the seat of `leaving`."""
    return [coming if side == leaving else side for side in sides]


def _before_pairing(session: Session, tournament: TournamentView, number: int) -> None:
    """What pairing the round changed besides its tables: its clock; for round 1 the settings
    it filled in and the entrants it marked absent."""
    row = tournament.row
    if row.clock and row.clock.get("round") == number:
        row.clock = None
    if number == 1:
        row.settings = _settings_before(session, row.id, row.settings)
        for entrant in tournament.entrants:
            if entrant.withdrawn == ABSENT and not entrant.checked_in:
                _present_again(session, entrant)
    session.add(row)


def _present_again(session: Session, entrant: Entrant) -> None:
    entrant.withdrawn = None
    session.add(entrant)


def _settings_before(session: Session, tournament_id: str,
                     settings: dict[str, Any]) -> dict[str, Any]:
    """The settings as round 1's pairing found them (kept in its history event)."""
    before = audit.round_settings(session, tournament_id, 1)
    if before is None:
        return settings  # paired before the settings were kept: left as they are
    kept = {k: v for k, v in settings.items() if k not in PAIRING_SETTINGS}
    return {**kept, **before}
