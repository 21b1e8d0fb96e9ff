"""Players' records across every stored game, and one player's games."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext as _

from ..db import get_session
from ..errors import error_response
from ..pages import device
from ..rules.catalogue import GAMES
from ..services import records
from ..services.seating import side_names

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("")
def index() -> str:
    session = get_session()
    return render_template("players/index.html", games=GAMES,
                           by_game=records.records_by_game(
                               session, records.live_games(session, device.record_ids())))


@bp.get("/<path:name>")
def show(name: str) -> Any:
    session = get_session()
    played = records.games_of(records.live_games(session, device.record_ids()), name)
    if not played:
        return error_response(404, _("No stored game has a player of that name."))
    mine = records.player_records(session, played, name)
    rows = [(row, GAMES[row.game], side_names(row.players, row.teams))
            for row in reversed(played)]
    return render_template("players/show.html", games=GAMES, rows=rows,
                           by_game={game: [record] for game, record in mine.items()},
                           name=next(iter(mine.values())).name)
