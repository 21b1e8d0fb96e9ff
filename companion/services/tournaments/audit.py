"""The tournament's audit trail: what happened, at which round and table, to whom, and who
did it (director, scorer, side or system), with the reason and what it changed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from ...models_tournament import Entrant, Match, Round, Tournament, TournamentEvent
from ...rules.messages import N_, PARTNERS_JOINED, Msg, Team, msg
from .. import acting

# Actions that set what a match's result is; the latest of them is its result on record.
RESULT_ACTIONS = ("result", "correction", "clear_result", "walkover")
# After these the match starts afresh, with no result on record: re-seated, its games made
# anew; taken back, it is gone (and SQLite may give its id to a match paired later).
FRESH_START = ("reseat", "take_back")
# Changes to what a table entered (table_changes.py).
HAND_CORRECTED, HAND_DELETED = "hand_corrected", "hand_deleted"
GAME_DELETED, GAME_RESTORED = "game_deleted", "game_restored"


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
    """The match's result as last recorded (None: none yet, cleared, or since seated anew)."""
    event = session.exec(select(TournamentEvent)
                         .where(TournamentEvent.match_id == match_id,
                                col(TournamentEvent.action).in_(RESULT_ACTIONS + FRESH_START))
                         .order_by(col(TournamentEvent.id).desc())).first()
    return event.after if event and event.action in RESULT_ACTIONS else None


def round_settings(session: Session, tournament_id: str,
                   number: int) -> dict[str, Any] | None:
    """The settings pairing round `number` last found, as its event keeps them; None when
    it kept none (paired before they were kept)."""
    events = session.exec(select(TournamentEvent)
                          .where(TournamentEvent.tournament_id == tournament_id,
                                 TournamentEvent.action == "round")
                          .order_by(col(TournamentEvent.id).desc()))
    event = next((e for e in events if (e.after or {}).get("round") == number), None)
    kept = (event.before or {}).get("settings") if event else None
    return dict(kept) if isinstance(kept, dict) else None


def history(session: Session, tournament_id: str) -> list[TournamentEvent]:
    """Every event, newest first."""
    return list(session.exec(select(TournamentEvent)
                             .where(TournamentEvent.tournament_id == tournament_id)
                             .order_by(col(TournamentEvent.id).desc())))


# --- The trail in words, for the desk ---------------------------------------------------------

_WHAT = {
    "create": N_("Tournament created"),
    "entrants": N_("Entrants added: {added}"),
    "late_entry": N_("Late entrants added: {added}"),
    "round": N_("Round {paired} paired"),
    "round_taken_back": N_("Round {paired} taken back: its tables are gone, to be paired "
                           "again"),
    "swap": N_("Seats swapped in round {paired}"),
    "result": N_("Result: {outcome}"),
    "correction": N_("Result corrected: {outcome} (was: {previous})"),
    "clear_result": N_("Result set by hand removed: the games decide ({outcome})"),
    "confirmed": N_("Result confirmed"),
    "disputed": N_("Result disputed"),
    "reseat": N_("Re-seated: now {seated}"),
    "take_back": N_("Taken back, to be paired again"),
    "walkover": N_("Walkover: {outcome}"),
    "withdraw": N_("Withdrew"),
    "director_key": N_("New director key"),
    "table_key": N_("New scorer key for the table"),
    "side_keys": N_("Sides' confirmation links replaced"),
    "links_replaced": N_("Table and side links replaced: the old ones no longer work"),
    "clock_start": N_("Round clock started: {minutes} min"),
    "clock_pause": N_("Round clock paused"),
    "clock_resume": N_("Round clock resumed"),
    "clock_stop": N_("Round clock stopped"),
    "check_in_True": N_("Checked in"),
    "check_in_False": N_("Check-in taken back"),
    "absent": N_("Absent: not checked in, paired in no round"),
    "deleted": N_("Tournament deleted"),
    "restored": N_("Tournament restored"),
}
# Events whose words depend on what they did: the action, then this field of `after`.
_DETAIL = {"clock": "action", "check_in": "checked_in"}
_BY = {acting.DIRECTOR: N_("the director"), acting.SCORER: N_("the scorer"),
       acting.SIDE: N_("a side"), acting.SYSTEM: N_("Companion"), acting.SEATS: N_("the seats")}


# A table's change: `game` is the game's number in the match, `hand` the (first) hand's.
_TABLE = {
    HAND_CORRECTED: N_("Game {game}, hand {hand} corrected"),
    HAND_DELETED: N_("Game {game}, hand {hand} deleted"),
    GAME_DELETED: N_("Game {game} deleted"),
    GAME_RESTORED: N_("Game {game} restored"),
}
_TABLE_HANDS = {  # the hands played after a game's end, deleted at once (or put back)
    HAND_CORRECTED: N_("Game {game}: the hands played after its end put back, from hand "
                       "{hand} on"),
    HAND_DELETED: N_("Game {game}: the hands played after its end deleted, from hand {hand} "
                     "on"),
}
_PUT_BACK = N_("Game {game}, hand {hand} put back")
_REVERSED = {"undo": N_("{change} (undo)"), "redo": N_("{change} (redo)")}


@dataclass(frozen=True)
class Line:
    """One event as the desk shows it: where, what, and who."""

    where: Msg | None
    what: Msg
    by: Msg
    event: TournamentEvent


def describe(event: TournamentEvent, partnerships: bool = False) -> Line:
    """The event in words; in a tournament of `partnerships` each stored "A & B" is the two
    partners, shown in the reader's words like the entrants' names elsewhere."""
    names = _entrants(event.names or [], partnerships)
    where = None
    if event.round is not None:
        where = msg(N_("Round {round}, table {table} ({names})"), round=event.round,
                    table=event.table, names=sides(names))
    elif names:
        where = msg(N_("{names}"), names=names)
    after, before = event.after or {}, event.before or {}
    if event.action in _TABLE:
        return Line(where, _table_change(event.action, before, after),
                    msg(_BY.get(event.by, N_("Companion"))), event)
    detail = _DETAIL.get(event.action)
    kind = f"{event.action}_{after.get(detail)}" if detail else event.action
    what = msg(_WHAT.get(kind, N_("Changed")), minutes=after.get("minutes"),
               added=_entrants(after.get("entrants", []), partnerships),
               paired=after.get("round"), outcome=_outcome(after, names),
               previous=_outcome(before, names),
               seated=sides(_entrants(after.get("names", []), partnerships)))
    return Line(where, what, msg(_BY.get(event.by, N_("Companion"))), event)


def _table_change(action: str, before: dict[str, Any], after: dict[str, Any]) -> Msg:
    """A change to what a table entered: "Game 2, hand 3 corrected (undo)"."""
    where = {"game": after.get("game_number"), "hand": after.get("hand")}
    if "hands" in after:
        said = msg(_TABLE_HANDS.get(action, _TABLE[action]), **where)
    elif action == HAND_CORRECTED and before.get("values") is None:
        said = msg(_PUT_BACK, **where)
    else:
        said = msg(_TABLE[action], **where)
    reversed_by = _REVERSED.get(after.get("change", ""))
    return msg(reversed_by, change=said) if reversed_by else said


def _entrants(names: list[str], partnerships: bool) -> list[str]:
    """Stored entrants' names; a partnership's ("A & B", as entering joined its players) as
    the Team of its two players."""
    if not partnerships:
        return names
    return [Team(name.split(PARTNERS_JOINED)) if name.count(PARTNERS_JOINED) == 1 else name
            for name in names]


def sides(names: list[str]) -> Msg:
    """A match's sides: "Anis v Dina", or a list at bigger tables."""
    if len(names) == 2:
        return msg(N_("{first} v {second}"), first=names[0], second=names[1])
    return msg(N_("{names}"), names=names)


def _outcome(result: dict[str, Any], names: list[str]) -> Msg:
    places = result.get("places") or []
    if not places:
        return msg(N_("no result"))
    if places.count(1) > 1 or len(places) != len(names):
        return msg(N_("a draw")) if places.count(1) > 1 else msg(N_("places {places}"),
                                                                   places=places)
    return msg(N_("{name} won"), name=names[places.index(1)])
