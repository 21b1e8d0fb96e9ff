"""Results the director enters or corrects by hand, with a reason for the history."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ...models_tournament import Match
from ...rules.messages import N_, RuleError, msg
from .. import acting
from ..reasons import checked_reason
from . import audit, corrections
from .playing import bump, settle
from .reading import KNOCKOUT, MatchView, TournamentView, _points, load, match_view


def set_result(session: Session, tournament_id: str, match_id: int, places: Any, points: Any,
               reason: Any) -> TournamentView:
    """The director enters or corrects a result; the reason goes into the history."""
    tournament = load(session, tournament_id)
    view = match_view(tournament, match_id)
    sides = len(view.row.sides)
    # No draw in a bracket: a knockout's, a double elimination's, a groups then knockout's
    places = _places(places, sides, tournament.by_bracket or view.stage == KNOCKOUT)
    if points is None:
        points = _points(view.games, sides)
    if (not isinstance(points, list) or len(points) != sides
            or any(type(p) is not int for p in points)):
        raise RuleError(msg(N_("Give one whole number of game points per side.")), "points")
    return _record(session, tournament, view, {"places": places, "points": points}, reason)


def clear_result(session: Session, tournament_id: str, match_id: int,
                 reason: Any) -> TournamentView:
    """Drop a hand-entered result: the games decide the match again."""
    tournament = load(session, tournament_id)
    return _record(session, tournament, match_view(tournament, match_id), None, reason)


def _places(places: Any, sides: int, knockout: bool) -> list[int]:
    if (not isinstance(places, list) or len(places) != sides
            or any(type(p) is not int or not 1 <= p <= sides for p in places)
            or 1 not in places):
        raise RuleError(msg(N_("Give each side's place: 1 for the winner, the same place "
                               "for a draw.")), "places")
    if knockout and places.count(1) > 1:
        raise RuleError(msg(N_("A knockout match cannot be drawn: choose the winner.")),
                        "places")
    return places


def _record(session: Session, tournament: TournamentView, view: MatchView,
            manual: dict[str, Any] | None, reason: Any) -> TournamentView:
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError(msg(N_("Say why the result is set by hand: the reason goes into the "
                               "tournament's history.")), "reason")
    reason = checked_reason(reason)
    before = view.row.manual or _computed(view)
    bump(session, tournament.row)
    match = session.get(Match, view.row.id)
    assert match is not None
    match.manual = manual
    session.add(match)
    settle(session, tournament.row, match)  # a cleared result may call for the next game
    after = manual or corrections.current_result(session, tournament.row, match)
    audit.record(session, tournament.row, "result" if manual else "clear_result", match=match,
                 by=acting.DIRECTOR, before=before, after=after, reason=reason)
    if _outcome(before) != _outcome(after):
        corrections.follow_through(session, tournament.row, match)
    session.commit()
    return load(session, tournament.row.id)


def _outcome(result: dict[str, Any] | None) -> Any:
    """What later rounds build on: the places (points only break ties in a Swiss)."""
    return result and (result["places"], result["points"])


def _computed(view: MatchView) -> dict[str, Any] | None:
    return ({"places": list(view.result.places), "points": list(view.result.points)}
            if view.result else None)
