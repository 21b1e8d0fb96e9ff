"""A new game with frozen rules and its edit key, and a new key for a game already started."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col

from ...models import Game, GameEvent, KnownPlayer, utcnow
from ...rules.catalogue import get_game
from ...rules.messages import N_, RuleError, msg
from .. import keys
from ..seating import clean_players, clean_teams
from .changing import denormalise
from .reading import GameNotFound, GameView, compute


def create_game(session: Session, game: Any, rules: Any, players: Any, teams: Any = None,
                target: Any = None, first_dealer: Any = 0, *,
                match: tuple[str, int] | None = None, commit: bool = True) -> tuple[GameView, str]:
    """A new game with frozen rules; returns it with its edit key (shown once).

    `match` is (match id, game number) for the next game of a Basra match. With
    `commit=False` the caller commits, so a tournament round's games go in one transaction.
    """
    spec = get_game(game)
    resolved = spec.resolve(rules)
    if target is not None:
        resolved = spec.resolve({**resolved.as_dict(), "target": target})
    names = clean_players(spec, players)
    seats = clean_teams(spec, names, teams)
    if type(first_dealer) is not int or not 0 <= first_dealer < len(names):
        raise RuleError(msg(N_("The first dealer must be one of the players.")), "first_dealer")
    key = keys.new_key()
    row = Game(id=keys.new_id(), game=spec.name, rules=resolved.as_dict(), players=names,
               teams=seats,
               first_dealer=first_dealer, edit_key_hash=keys.hash_key(key), winners=[],
               totals=[], match_id=match and match[0], match_number=match and match[1])
    state = compute(spec, row, [])
    denormalise(row, state, 0)
    session.add(row)
    session.add(GameEvent(game_id=row.id, version=1, action="create"))
    remember_players(session, names)
    if commit:
        session.commit()
    else:
        session.flush()
    return GameView(row, spec, [], state), key


def remember_players(session: Session, names: list[str]) -> None:
    """Count these names as used now, so set-up offers them first next time."""
    for name in names:
        known = session.get(KnownPlayer, name)
        if known is None:
            session.add(KnownPlayer(name=name))
        else:
            known.uses += 1
            known.last_used = utcnow()


def rotate_key(session: Session, game_id: str) -> str:
    """A new edit key for the game; every older link and cookie stops working at once."""
    key = keys.new_key()
    session.rollback()
    changed = session.exec(update(Game).where(col(Game.id) == game_id,
                                              col(Game.deleted_at).is_(None))
                           .values(edit_key_hash=keys.hash_key(key)))
    if changed.rowcount == 0:
        session.rollback()
        raise GameNotFound(game_id)
    session.commit()
    return key
