"""Changes to what a table entered, in the tournament's history, once a game of a match holds
it: a hand corrected or deleted (an undo or a redo of one included), a game deleted or
restored. Entering a hand is not a change: the game's own history keeps it.

An undo or a redo is recorded as what it does to the hands: taking back an added hand
deletes it, taking back a correction corrects the hand back, taking back a deletion puts the
hand back (a correction from nothing). Each event names the game (its id and its number in
the match), the hand, and the hand's values before and after; the game's own history has the
change word for word. Only the director deletes or restores a finished game of a match, or
any game of a decided match: that changes a result the tournament may build on.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from ...models import Game, GameEvent
from ...models_tournament import Match, MatchGame, Tournament
from ...rules.messages import N_, Msg, msg
from .. import games
from . import audit
from .reading import _game_rows, _match_rules, _view

HAND_CORRECTED, HAND_DELETED = audit.HAND_CORRECTED, audit.HAND_DELETED
GAME_DELETED, GAME_RESTORED = audit.GAME_DELETED, audit.GAME_RESTORED
_GAME_ACTIONS = {"delete_game": GAME_DELETED, "restore_game": GAME_RESTORED}


def record_change(session: Session, row: Tournament, match: Match, game: Game) -> str:
    """Note the change just made to this game of the match (the caller commits); returns the
    reason typed with it, for the result it may change."""
    event = session.exec(select(GameEvent).where(GameEvent.game_id == game.id)
                         .order_by(col(GameEvent.id).desc())).first()
    if event is None:
        return ""
    where = {"game": game.id, "game_number": _number(session, match, game.id)}
    if event.action in _GAME_ACTIONS:
        deleted = event.action == "delete_game"
        state = {**where, "totals": list(game.totals), "finished": game.finished}
        audit.record(session, row, _GAME_ACTIONS[event.action], match=match,
                     before={**state, "deleted": not deleted}, after={**state, "deleted": deleted})
        return event.reason
    change = _hand_change(event)
    if change is not None:
        what, before, after = change
        audit.record(session, row, what, match=match, reason=event.reason,
                     before={**where, "hand": event.number, **before},
                     after={**where, "hand": event.number, **after, "change": event.action})
    return event.reason


def _hand_change(event: GameEvent) -> tuple[str, dict[str, Any], dict[str, Any]] | None:
    """(kind, before, after) of a change to the hands; None for a hand entered, or a change of
    names or target. Deleting the hands played after the end stores them as a list."""
    what = games.kind(event)
    if event.action == "add" or what == games.SETTINGS:
        return None
    old, new = event.before, event.after
    if what == games.TRIM:
        before, after = {"hands": (old or {}).get("hands")}, {"hands": (new or {}).get("hands")}
    else:
        before, after = {"values": old}, {"values": new}
    return (HAND_DELETED if new is None else HAND_CORRECTED), before, after


def _number(session: Session, match: Match, game_id: str) -> int:
    """The game's number in the match as the pages count it (its live games, in order); a
    deleted game's is the one it had."""
    mine = select(MatchGame.number).where(MatchGame.game_id == game_id).scalar_subquery()
    earlier = session.exec(
        select(func.count()).select_from(MatchGame)
        .join(Game, col(Game.id) == col(MatchGame.game_id))
        .where(MatchGame.match_id == match.id, col(Game.deleted_at).is_(None),
               col(MatchGame.number) < mine)).one()
    return int(earlier) + 1


def deletion_refusal(session: Session, game_id: str, restoring: bool = False) -> Msg | None:
    """Why a table's scorer may not delete (or restore) this game: it is finished, or its
    match is decided; None for any other game."""
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    game = session.get(Game, game_id)
    if link is None or game is None:
        return None
    match = session.get(Match, link.match_id)
    row = session.get(Tournament, link.tournament_id)
    assert match is not None and row is not None
    played = _game_rows(session, MatchGame.match_id == match.id).get(match.id or 0, [])
    if not game.finished and not _view(_match_rules(row), match, 0, {}, played).decided:
        return None
    if restoring:
        return msg(N_("Only the director restores a finished game of a match, or a game of a "
                      "match already decided: ask the director."))
    return msg(N_("Only the director deletes a finished game of a match, or a game of a "
                  "match already decided: ask the director."))
