"""Players' ratings: `GET /ratings/<game>`, `GET /ratings/<game>/<player>` (docs/ratings.md).

They cover the games the caller may see: every stored game on a club server
(COMPANION_PUBLIC_RECORDS), else those this device knows and those named in `ids`.
"""

from __future__ import annotations

from flask import jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ..db import get_session
from ..errors import error_response
from ..pages import device
from ..rules.catalogue import GAMES
from ..services import ratings
from . import answers_ratings as a
from .blueprint import bp
from .games import MAX_LISTED


def visible_ids() -> list[str] | None:
    """The games the caller may see: None for every stored one."""
    known = device.record_ids()
    if known is None:
        return None
    asked = [game_id for game_id in request.args.get("ids", "").split(",") if game_id]
    return list(dict.fromkeys([*known, *asked[:MAX_LISTED]]))


@bp.get("/ratings/<game>")
def game_ratings(game: str) -> ResponseReturnValue:
    if game not in GAMES:
        return _no_game(game)
    found = ratings.standings(get_session(), game, visible_ids())
    return jsonify(a.Ratings(game=game, ratings=[
        a.PlayerRating(player=s.name, rating=s.rating, games=s.games,
                       provisional=s.provisional) for s in found]).plain())


@bp.get("/ratings/<game>/<path:player>")
def player_history(game: str, player: str) -> ResponseReturnValue:
    if game not in GAMES:
        return _no_game(game)
    name, points = ratings.history(get_session(), game, player, visible_ids())
    if not points:
        return error_response(404, _("No rated game of %(game)s has a player of that name.",
                                     game=_(GAMES[game].title)), "player")
    return jsonify(a.RatingHistory(player=name, history=[
        a.RatingPoint(game=p.game_id, at=p.at.isoformat(), rating=p.rating)
        for p in points]).plain())


def _no_game(game: str) -> ResponseReturnValue:
    return error_response(404, _("There is no game '%(name)s'; choose one of: %(choices)s.",
                                 name=game, choices=", ".join(GAMES)), "game")
