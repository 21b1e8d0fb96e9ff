"""Home page: games to resume (in progress first), then the four games to start."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..db import get_session
from ..rules.catalogue import GAMES
from ..services.games import list_games
from ..services.seating import side_names

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    rows = [(row, GAMES[row.game], side_names(row.players, row.teams))
            for row in list_games(get_session()) if row.game in GAMES]
    return render_template("home/index.html", games=GAMES.values(), rows=rows)
