"""What this device (a browser) knows: the games and tournaments it created or opened.

Lists (the home page, players' records, name suggestions) show only these, so nobody browses
the games of a server without a link. The games a phone may edit are in its edit-key cookies;
the ones it watched, and the tournaments it ran or followed, in one cookie each. Those hold
only ids, and an id is what a view link already gives: a cookie naming a game shows nothing
its link would not, so it needs no signature.
"""

from __future__ import annotations

import re

from flask import after_this_request, current_app, request
from sqlmodel import Session, col, select
from werkzeug.wrappers import Response

from ..models_tournament import Tournament
from ..services import games
from .access import DIRECTOR_COOKIE_PREFIX, KEY_COOKIE_MAX_AGE, held_keys

SEEN_GAMES, SEEN_TOURNAMENTS = "seen_games", "seen_tournaments"
KEEP = 60  # ids per cookie, newest first: a cookie holds at most 4 KB
ID = re.compile(r"[A-Za-z0-9]{1,32}")


def public_records() -> bool:
    """A club server may show every stored game's players (PUBLIC_RECORDS, README)."""
    return bool(current_app.config.get("PUBLIC_RECORDS"))


def record_ids() -> list[str] | None:
    """The games players' records are made of: this device's, or (None) every stored one."""
    return None if public_records() else game_ids()


def suggested_names(session: Session, limit: int = 30) -> list[str]:
    """Names to offer when a game is set up: from this device's games (or the club's)."""
    if public_records():
        return games.known_players(session, limit)
    rows = games.list_games(session, game_ids())
    return list(dict.fromkeys(name for row in rows for name in row.players))[:limit]


def tournaments(session: Session) -> list[Tournament]:
    """This device's tournaments, most recently changed first."""
    ids = tournament_ids()
    if not ids:
        return []
    return list(session.exec(select(Tournament).where(col(Tournament.id).in_(ids),
                                                      col(Tournament.deleted_at).is_(None))
                             .order_by(col(Tournament.updated_at).desc())))


def game_ids() -> list[str]:
    """Games this device created, edits or watched: newest watched first, then edited."""
    return [i for i in dict.fromkeys([*_seen(SEEN_GAMES), *held_keys()]) if ID.fullmatch(i)]


def tournament_ids() -> list[str]:
    """Tournaments this device directs or followed."""
    directed = [name.removeprefix(DIRECTOR_COOKIE_PREFIX) for name in request.cookies
                if name.startswith(DIRECTOR_COOKIE_PREFIX)]
    return [i for i in dict.fromkeys([*_seen(SEEN_TOURNAMENTS), *directed]) if ID.fullmatch(i)]


def note_game(game_id: str) -> None:
    """Remember on this device that it opened the game (once the page answered well)."""
    _note(SEEN_GAMES, game_id)


def note_tournament(tournament_id: str) -> None:
    _note(SEEN_TOURNAMENTS, tournament_id)


def _note(cookie: str, item_id: str) -> None:
    seen = _seen(cookie)
    if seen[:1] == [item_id]:
        return  # already the newest: no cookie to send again

    @after_this_request
    def remember(response: Response) -> Response:
        if response.status_code < 400:
            ids = [item_id, *(i for i in seen if i != item_id)][:KEEP]
            response.set_cookie(cookie, ".".join(ids), max_age=KEY_COOKIE_MAX_AGE, path="/",
                                httponly=True, samesite="Lax", secure=request.is_secure)
        return response


def _seen(cookie: str) -> list[str]:
    return [i for i in request.cookies.get(cookie, "").split(".") if ID.fullmatch(i)]
