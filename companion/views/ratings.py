"""A game's ratings page: every rated player, best first (docs/ratings.md)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext as _

from ..db import get_session
from ..errors import error_response
from ..pages import device
from ..rules.catalogue import GAMES
from ..services import ratings
from ..tournament.ratings import PROVISIONAL_BELOW

bp = Blueprint("ratings", __name__, url_prefix="/ratings")


@bp.get("/<game>")
def show(game: str) -> Any:
    if game not in GAMES:
        return error_response(404, _("There is no game '%(name)s'; choose one of: %(choices)s.",
                                     name=game, choices=", ".join(GAMES)))
    found = ratings.standings(get_session(), game, device.record_ids())
    return render_template("players/ratings.html", game=game, spec=GAMES[game],
                           ratings=found, public=device.public_records(),
                           provisional_below=PROVISIONAL_BELOW)
