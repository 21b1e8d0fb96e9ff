"""Home page: this device's games to resume (in progress first) and its tournaments, then
the four games to start."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..db import get_session
from ..pages import device
from ..rules.catalogue import GAMES
from ..services.games import list_games
from ..services.seating import side_names

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    session = get_session()
    rows = [(row, GAMES[row.game], side_names(row.players, row.teams))
            for row in list_games(session, device.game_ids()) if row.game in GAMES]
    return render_template("home/index.html", games=GAMES.values(), rows=rows,
                           tournaments=device.tournaments(session))
