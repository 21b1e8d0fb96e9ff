"""The tournament's audit trail: what happened, at which round and table, to whom, and who
did it (director, scorer, side or system), with the reason and what it changed."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from ...models_tournament import Entrant, Match, Round, Tournament, TournamentEvent
from .. import acting

# Actions that set what a match's result is; the latest of them is its result on record.
RESULT_ACTIONS = ("result", "correction", "clear_result", "walkover", "reseat")


def record(session: Session, row: Tournament, action: str, *, match: Match | None = None,
           by: str | None = None, before: Any = None, after: Any = None,
           reason: str = "", names: list[str] | None = None) -> None:
    """Note one event (the caller commits); `by` defaults to whoever acts in this request."""
    round_number = table = None
    if match is not None:
        found = session.get(Round, match.round_id)
        round_number = found.number if found else None
        table = match.table
        names = names if names is not None else entrant_names(session, match.sides)
    session.add(TournamentEvent(
        tournament_id=row.id, version=row.version, action=action,
        by=by or acting.current().by, match_id=match.id if match else None,
        round=round_number, table=table, names=names, before=before, after=after,
        reason=reason[:500]))


def entrant_names(session: Session, ids: list[int]) -> list[str]:
    """The entrants' names in the order given."""
    found = {e.id: e.name for e in session.exec(
        select(Entrant).where(col(Entrant.id).in_(ids)))}
    return [found.get(i, "?") for i in ids]


def result_on_record(session: Session, match_id: int) -> dict[str, Any] | None:
    """The match's result as last recorded (None: none yet, or cleared)."""
    event = session.exec(select(TournamentEvent)
                         .where(TournamentEvent.match_id == match_id,
                                col(TournamentEvent.action).in_(RESULT_ACTIONS))
                         .order_by(col(TournamentEvent.id).desc())).first()
    return event.after if event else None


def history(session: Session, tournament_id: str) -> list[TournamentEvent]:
    """Every event, newest first."""
    return list(session.exec(select(TournamentEvent)
                             .where(TournamentEvent.tournament_id == tournament_id)
                             .order_by(col(TournamentEvent.id).desc())))
