"""Check-in: with `settings.check_in`, entrants wait to be checked in as they arrive; round 1
pairs only those checked in, and the others are absent (withdrawn before round 1, nothing
played)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ...rules.messages import N_, RuleError, msg
from .. import acting
from . import audit
from .playing import bump
from .reading import TournamentConflict, TournamentNotFound, TournamentView, load

ABSENT = {"after_round": 0, "reason": ""}  # stored as a withdrawal before round 1


def check_in(session: Session, tournament_id: str, entrant_id: int,
             checked_in: Any) -> TournamentView:
    """The director checks an entrant in (or takes it back) before round 1 is paired."""
    tournament = load(session, tournament_id)
    entrant = next((e for e in tournament.entrants if e.id == entrant_id), None)
    if entrant is None:
        raise TournamentNotFound(f"entrant {entrant_id}")
    if type(checked_in) is not bool:
        raise RuleError(msg(N_("checked_in is true or false.")), "checked_in")
    if not tournament.settings.get("check_in"):
        raise RuleError(msg(N_("This tournament was set up without check-in: every entrant "
                               "plays.")), "checked_in")
    if tournament.started:
        raise TournamentConflict(msg(N_("Round 1 has been paired: check-in is over.")),
                                 "checked_in")
    if entrant.checked_in != checked_in:
        bump(session, tournament.row)
        entrant.checked_in = checked_in
        session.add(entrant)
        audit.record(session, tournament.row, "check_in", by=acting.DIRECTOR,
                     names=[entrant.name], after={"checked_in": checked_in})
        session.commit()
    return load(session, tournament_id)


def mark_absent(session: Session, tournament: TournamentView) -> None:
    """Before round 1 is paired: those not checked in withdraw, having played nothing
    (the caller commits). At least two must be checked in."""
    absent = [e for e in tournament.entrants if not e.checked_in and not e.withdrawn]
    if len(tournament.entrants) - len(absent) < 2:
        raise RuleError(msg(N_("Check in at least two entrants before pairing round 1.")),
                        "entrants")
    for entrant in absent:
        entrant.withdrawn = dict(ABSENT)
        session.add(entrant)
    if absent:
        audit.record(session, tournament.row, "absent", by=acting.SYSTEM,
                     names=[e.name for e in absent])
