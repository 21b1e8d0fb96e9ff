"""A field that changes: entrants added (late, in a Swiss) and entrants who withdraw."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ...models_tournament import Entrant, Match
from ...rules.messages import N_, RuleError, msg
from .. import acting
from ..reasons import checked_reason
from . import audit
from .corrections import reseat
from .creating import add_names
from .playing import _not_started, _remove, bump, walk_over
from .reading import SWISS, TournamentConflict, TournamentNotFound, TournamentView, load


def add_entrants(session: Session, tournament_id: str, entrants: Any) -> TournamentView:
    """Add players or partnerships: before the first round, or later in a Swiss (paired
    from the next round, with no points); names stay unique."""
    tournament = load(session, tournament_id)
    if tournament.started and tournament.row.format != SWISS:
        raise TournamentConflict(msg(N_("The first round has been paired: a round robin or a "
                                        "knockout cannot take new entrants (a Swiss can).")),
                                 "entrants")
    if tournament.started and tournament.rounds_left() == 0:
        raise TournamentConflict(msg(N_("Every round of this Swiss has been paired: a new "
                                        "entrant would play nothing.")), "entrants")
    bump(session, tournament.row)
    add_names(session, tournament.row, tournament.spec, entrants, tournament.entrants,
              tournament.started)
    session.commit()
    return load(session, tournament_id)


def withdraw(session: Session, tournament_id: str, entrant_id: int,
             reason: Any) -> TournamentView:
    """The entrant leaves: its results stand, it is paired no more, and a match it has not
    finished is a walkover for the other side; at a table of 3 to 5 the others play it
    without them (docs/rulings-tournaments.md)."""
    tournament = load(session, tournament_id)
    entrant = next((e for e in tournament.entrants if e.id == entrant_id), None)
    if entrant is None:
        raise TournamentNotFound(f"entrant {entrant_id}")
    name = tournament.names[entrant_id]
    if entrant.withdrawn:
        raise RuleError(msg(N_("{name} has withdrawn already."), name=name), "entrant")
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError(msg(N_("Say why {name} withdraws: the reason goes into the "
                               "tournament's history."), name=name), "reason")
    reason = checked_reason(reason)
    bump(session, tournament.row)
    # A round robin pairs on without waiting: an open table may be in an earlier round.
    open_matches = [m for r in tournament.rounds for m in r
                    if entrant_id in m.row.sides and not m.decided]
    after_round = tournament.rounds_finished
    stored = session.get(Entrant, entrant_id)
    assert stored is not None
    stored.withdrawn = {"after_round": after_round, "reason": reason}
    session.add(stored)
    audit.record(session, tournament.row, "withdraw", by=acting.DIRECTOR,
                 names=[entrant.name], after={"after_round": after_round},
                 reason=reason)
    for view in open_matches:
        if len(view.row.sides) > 2:  # a table of 3 to 5: the others play on without them
            reseat(session, tournament, view, [s for s in view.row.sides if s != entrant_id])
            continue
        _remove(session, tournament.row, _not_started(session, view.games))
        match = session.get(Match, view.row.id)
        assert match is not None
        walk_over(session, tournament.row, match, {entrant_id})
    session.commit()
    return load(session, tournament_id)
