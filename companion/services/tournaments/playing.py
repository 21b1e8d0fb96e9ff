"""Playing a tournament: keeping each match's games as its results call for, in the
transaction of the change that calls for it (pairing the round, finishing the game before
it, clearing a result set by hand); walkovers; the tournament's lock and version.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from ...models import Game, PlayAlong, utcnow
from ...models_tournament import Entrant, Match, MatchGame, Tournament
from .. import acting, boards, games
from ..seating import OPPOSITE_PARTNERS
from . import audit
from .reading import (
    MatchView,
    _game_rows,
    _match_rules,
    _MatchRules,
    _progress,
    _view,
)


def settle(session: Session, row: Tournament, match: Match,
            changing: str | None = None) -> None:
    """Keep a match's games as its results call for (the caller commits).

    Games not started yet (no hand, no play-along) that the match no longer needs are removed:
    those after a game a correction reopened, or after the game that decided the match. Games
    with hands stay, for the director to decide; so does the game `changing`, whose change
    this is (its last hand deleted, it answers the scorer as it is). Then, if every game is
    finished and the match is not decided, its next game starts.
    """
    if len(match.sides) < 2:
        return  # a bye plays no game
    rules = _match_rules(row)
    played = _game_rows(session, MatchGame.match_id == match.id).get(match.id or 0, [])
    superseded = [g for g in _superseded(rules, len(match.sides), played) if g.id != changing]
    removed = _remove(session, row, _not_started(session, superseded))
    played = [g for g in played if g.id not in removed]
    view = _view(rules, match, 0, {}, played)
    if view.result is None and view.current is None:
        _start_game(session, row, view)


def _superseded(rules: _MatchRules, sides: int, played: list[Any]) -> list[Any]:
    """The games after the first unfinished one, or after the one that decided the match."""
    for number, game in enumerate(played, start=1):
        if not game.finished or _progress(rules, sides, played[:number]).finished:
            return played[number:]
    return []


def _not_started(session: Session, candidates: list[Any]) -> list[Any]:
    """Those of the games with no hand entered and no hand being played along."""
    empty = [g for g in candidates if g.hand_count == 0]
    if not empty:
        return []
    playing = set(session.exec(select(PlayAlong.game_id).where(
        col(PlayAlong.game_id).in_([g.id for g in empty]))))
    return [g for g in empty if g.id not in playing]


def _remove(session: Session, row: Tournament, unneeded: list[Any]) -> set[str]:
    """Delete games nobody started; returns their ids. A game being saved this very moment is
    left alone: it is being started."""
    if not unneeded:
        return set()
    free = set(session.exec(select(Game.id).where(col(Game.id).in_([g.id for g in unneeded]))
                            .with_for_update(skip_locked=True)))
    if free:
        session.exec(delete(Game).where(col(Game.id).in_(free)))
        session.flush()
    return free


def _start_game(session: Session, row: Tournament, view: MatchView) -> None:
    """Create the match's next game, under the table's key (the caller commits)."""
    number = len(view.games) + 1
    target = view.progress.next_target if view.progress else None
    entrants = session.exec(select(Entrant).where(col(Entrant.id).in_(view.row.sides))).all()
    by_id = {e.id: e.players for e in entrants}
    players, teams = _seats([by_id[s] for s in view.row.sides])
    game, _ = games.create_game(session, row.game, row.rules, players, teams, target,
                                (number - 1) % len(players), commit=False)
    game.row.edit_key_hash = view.row.key_hash
    session.add(game.row)
    session.add(MatchGame(match_id=view.row.id, game_id=game.row.id, tournament_id=row.id,
                          number=_next_number(session, view.row.id)))
    session.flush()


def _next_number(session: Session, match_id: Any) -> int:
    top = session.exec(select(func.max(MatchGame.number))
                       .where(MatchGame.match_id == match_id)).first()
    return (top or 0) + 1


def _seats(sides: list[list[str]]) -> tuple[list[str], list[list[int]] | None]:
    """Players in playing order: partners sit opposite each other (seats 0/2 and 1/3)."""
    if len(sides[0]) == 1:
        return [side[0] for side in sides], None
    (a1, a2), (b1, b2) = sides
    return [a1, b1, a2, b2], OPPOSITE_PARTNERS


def walk_over(session: Session, row: Tournament, match: Match, withdrawn: set[int]) -> None:
    """The side still in wins the match without game points, like a bye."""
    places = [2 if side in withdrawn else 1 for side in match.sides]
    if 1 not in places:
        places = [1, 2]
    match.manual = {"walkover": True, "places": places, "points": [0] * len(places)}
    session.add(match)
    audit.record(session, row, "walkover", match=match, by=acting.SYSTEM, after=match.manual)


def bump(session: Session, row: Tournament) -> None:
    """Take the tournament's lock (first statement) and move its version and its board's
    revision on."""
    session.exec(update(Tournament).where(col(Tournament.id) == row.id)
                 .values(version=Tournament.version + 1, updated_at=utcnow(),
                         board_revision=Tournament.board_revision + 1))
    boards.moved_tournament(session, row.id)
    session.refresh(row)
