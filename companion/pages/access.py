"""Who may change a game: the holder of its edit key (header, link or cookie)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, abort, current_app, request
from werkzeug.exceptions import Forbidden, Unauthorized
from werkzeug.wrappers import Response  # flask's Response and redirect()'s share this base

from ..db import get_session
from ..limits import refuse_key
from ..models import Game
from ..rules.messages import Msg
from ..services.games import GameNotFound
from ..services.keys import key_matches

COOKIE_PREFIX = "edit_"
DIRECTOR_COOKIE_PREFIX = "director_"  # a tournament director's key (pages/tournament_access.py)
# The cookies that may hold a key opening a game: its own edit key's, and a director's (who
# opens the games at the tournament's tables). Declared here, whole: nothing adds to it.
KEY_COOKIES = (COOKIE_PREFIX, DIRECTOR_COOKIE_PREFIX)


def bearer_or_cookie(cookie: str) -> str | None:
    """The key sent with this request: Bearer header, then (pages only) the named cookie.

    The JSON API takes no cookie: it has no CSRF token, so a cookie there would let any other
    site a scorer visits make changes with the scorer's cookie.
    """
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    if request.path.startswith("/api/"):
        return None
    return request.cookies.get(cookie)


def presented_key(game_id: str) -> str | None:
    """The game's edit key as this request presents it."""
    return bearer_or_cookie(COOKIE_PREFIX + game_id)


@dataclass(frozen=True)
class OtherKeys:
    """What other parts of the app say about a game's keys, given to `init_app` by the app
    factory (games build on nothing of tournaments: tournaments tell games, in one place)."""

    # check(game_id): True when this request may change that game anyway (a director's key).
    opens: tuple[Callable[[str], bool], ...] = ()
    # explain(game_id): the sentence a wrong key for that game is refused with, if any.
    refusals: tuple[Callable[[str], Msg | None], ...] = ()
    # check(game_id, restoring): why even a right key may not delete (or restore) the game.
    deletions: tuple[Callable[[str, bool], Msg | None], ...] = ()


def init_app(app: Flask, others: OtherKeys) -> None:
    app.extensions["other_keys"] = others


def _others() -> OtherKeys:
    others: OtherKeys = current_app.extensions["other_keys"]
    return others


class KeyToRead(Unauthorized):
    """No key presented for a read that takes one (401): it says so, not "to change this"."""


class KeyRefused(Forbidden):
    """A wrong key refused with a sentence of its own (403)."""

    def __init__(self, message: Msg) -> None:
        super().__init__()
        self.message = message


def can_edit(game_id: str, key: str | None = None) -> bool:
    """Whether `key` (else the key this request presents) opens the game; a presented key
    that does not counts as a refused one, on a page read too (429 after too many)."""
    key = key if key is not None else presented_key(game_id)
    right = opens(game_id, key)
    if key and not right:
        refuse_key(game_id)
    return right


def opens(game_id: str, key: str | None) -> bool:
    """Whether `key` (or a director's key this request presents) opens the game, counting
    nothing: for a key already counted, or found right, earlier (a live stream's)."""
    row = get_session().get(Game, game_id)
    if row is None:
        raise GameNotFound(game_id)
    # A tournament's director opens the games at its tables with the director's own key.
    return key_matches(key, row.edit_key_hash) or any(check(game_id)
                                                      for check in _others().opens)


def may_edit(game_id: str) -> bool:
    """can_edit for a game known to exist, with no query for a request that presents no key
    at all (no Authorization header, no key cookie): what most viewers' reads are."""
    if "Authorization" not in request.headers and not any(
            name.startswith(KEY_COOKIES) for name in request.cookies):
        return False
    return can_edit(game_id)


def require_edit_key(game_id: str) -> None:
    """401 without a key, 403 with a wrong one (429 after too many wrong ones), on pages and
    in the API alike; nothing is changed."""
    key = presented_key(game_id)
    if not can_edit(game_id, key):
        if key:
            reason = next((m for m in (e(game_id) for e in _others().refusals) if m), None)
            if reason is not None:
                raise KeyRefused(reason)
        abort(403 if key else 401)


def require_to_delete(game_id: str, restoring: bool = False) -> None:
    """require_edit_key, then 403 with the sentence of a rule the deletion (or restoring)
    breaks; nothing is changed."""
    require_edit_key(game_id)
    reason = deletion_refused(game_id, restoring)
    if reason is not None:
        raise KeyRefused(reason)


def deletion_refused(game_id: str, restoring: bool = False) -> Msg | None:
    """The sentence of a rule that deleting (or restoring) the game breaks for this
    request's key, if any."""
    return next((m for m in (check(game_id, restoring) for check in _others().deletions)
                 if m), None)


KEY_COOKIE_MAX_AGE = 400 * 24 * 3600  # browsers cap cookies at 400 days


def editor_key(game_id: str) -> str | None:
    """The edit key this browser holds for the game (cookie, header or `?key=` link), if right.

    Only the key's hash is stored, so the edit link can be shown again only from the key the
    editor's own phone presents.
    """
    row = get_session().get(Game, game_id)
    if row is None:
        raise GameNotFound(game_id)
    for key in (presented_key(game_id), request.args.get("key")):
        if key_matches(key, row.edit_key_hash):
            return key
    return None


def remember_key(response: Response, game_id: str, key: str) -> None:
    """Keep the edit right on this phone: the cookie holds the key itself."""
    keep_key(response, COOKIE_PREFIX + game_id, key)


def keep_key(response: Response, cookie: str, key: str) -> None:
    """A key kept on this phone in `cookie`, out of scripts' reach, for as long as allowed."""
    response.set_cookie(cookie, key, max_age=KEY_COOKIE_MAX_AGE, path="/", httponly=True,
                        samesite="Lax", secure=request.is_secure)


def held_keys() -> dict[str, str]:
    """Every game id this browser holds an edit cookie for, with the key."""
    return {name.removeprefix(COOKIE_PREFIX): value for name, value in request.cookies.items()
            if name.startswith(COOKIE_PREFIX) and value}
