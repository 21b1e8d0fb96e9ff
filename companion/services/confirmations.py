"""Results confirmed by the other side, as Bridgemate clubs do: the side that lost confirms
a finished match from its phone, or disputes it with a reason; the director can always decide.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ..models_tournament import Match
from ..rules.messages import N_, RuleError, msg
from ..tournament import confirmation
from . import acting
from .reasons import checked_reason
from .tournament_keys import was_replaced
from .tournaments import MatchView, TournamentView, audit, load, match_view
from .tournaments.playing import bump


class WrongSide(RuleError):
    """The key is a side's, but not of a side whose word the result waits for."""


def refuse_replaced(session: Session, tournament_id: str, key: str | None) -> None:
    """A side's link that new ones replaced (the director's, or its match re-seated or taken
    back) is refused with a sentence saying so."""
    if was_replaced(session, tournament_id, key):
        raise WrongSide(msg(N_("This side's link was replaced; ask the director for the new "
                               "one.")), "key")


def confirm(session: Session, tournament_id: str, match_id: int,
            side: int | None) -> TournamentView:
    """The side (None: the director) confirms the match's result as it stands."""
    tournament = load(session, tournament_id)
    view = _waiting(tournament, match_id)
    if view.word == confirmation.CONFIRMED:
        return tournament  # confirmed already: a second tap changes nothing
    _may_speak(view, side)
    return _keep(session, tournament, view, {"state": confirmation.CONFIRMED, "side": side},
                 "")


def dispute(session: Session, tournament_id: str, match_id: int, side: int, reason: Any,
            hands: Any = None) -> TournamentView:
    """The side disputes the result: the reason and the hands in question go to the director."""
    tournament = load(session, tournament_id)
    view = _waiting(tournament, match_id)
    if view.word == confirmation.CONFIRMED:
        raise RuleError(msg(N_("This result is confirmed already: ask the director.")),
                        "dispute")
    _may_speak(view, side)
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError(msg(N_("Say what is wrong with the result: the director reads it.")),
                        "dispute")
    word = {"state": confirmation.DISPUTED, "side": side, "hands": _hands(view, hands)}
    return _keep(session, tournament, view, word, checked_reason(reason, "dispute"))


def _waiting(tournament: TournamentView, match_id: int) -> MatchView:
    """The match, if its result is one the sides confirm."""
    view = match_view(tournament, match_id)
    if not view.asks_confirmation:
        raise RuleError(msg(N_("This tournament does not ask the sides to confirm results.")),
                        "confirm")
    if view.result is None:
        raise RuleError(msg(N_("The match is not finished yet: there is nothing to confirm.")),
                        "confirm")
    if view.row.manual:
        raise RuleError(msg(N_("The director set this result: there is nothing to confirm.")),
                        "confirm")
    return view


def _may_speak(view: MatchView, side: int | None) -> None:
    if side is not None and side not in view.confirmers:
        raise WrongSide(msg(N_("The side that won does not confirm its own result: the other "
                               "side does.")), "key")


def _hands(view: MatchView, raw: Any) -> list[dict[str, Any]]:
    """The hands in question: each {"game": a game of the match, "number": a hand of it}."""
    if raw is None:
        return []
    counts = {game.id: game.hand_count for game in view.games}
    refused = RuleError(msg(N_("Each hand in question names a game of this match and one of "
                               "its hands.")), "hands")
    if not isinstance(raw, list):
        raise refused
    picked = []
    for item in raw:
        game = item.get("game") if isinstance(item, dict) else None
        number = item.get("number") if isinstance(item, dict) else None
        if game not in counts or type(number) is not int or not 1 <= number <= counts[game]:
            raise refused
        picked.append({"game": game, "number": number})
    return picked


def _keep(session: Session, tournament: TournamentView, view: MatchView, word: dict[str, Any],
          reason: str) -> TournamentView:
    """Store the word with the result it is about, and note it in the history."""
    assert view.result is not None
    bump(session, tournament.row)
    match = session.get(Match, view.row.id)
    assert match is not None
    match.confirmation = {**word, "reason": reason,
                          "result": confirmation.result_key(view.result.places,
                                                            view.result.points)}
    session.add(match)
    by = acting.DIRECTOR if word["side"] is None else acting.SIDE
    audit.record(session, tournament.row, word["state"], match=match, by=by,
                 after=match.confirmation, reason=reason)
    session.commit()
    return load(session, tournament.row.id)
