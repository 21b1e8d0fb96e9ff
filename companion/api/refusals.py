"""The API's refusals that say more than a sentence: a stale game comes back with the game as
it now is, a tournament change later matches build on with what it would change. The app's
own handlers (errors.py) answer every other refusal, and these on a page."""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from ..i18n import render_msg
from ..services.games import StaleGame
from ..services.tournaments import TournamentConflict
from . import answers as a
from .blueprint import bp
from .serialize import game_json


@bp.errorhandler(StaleGame)
def stale_game(exc: StaleGame) -> ResponseReturnValue:
    stale = a.Stale(error=render_msg(exc.message), game=game_json(exc.game))
    return jsonify(stale.plain()), 409


@bp.errorhandler(TournamentConflict)
def tournament_conflict(exc: TournamentConflict) -> ResponseReturnValue:
    conflict = a.Conflict(error=render_msg(exc.message), field=exc.field,
                          changes=[render_msg(m) for m in exc.changes])
    return jsonify(conflict.plain()), 409
