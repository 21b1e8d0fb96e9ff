"""Game pages: the scoreboard people look at."""

from __future__ import annotations

from flask import Blueprint

from ..db import get_session
from ..services import games
from .render import page_or_fragment

bp = Blueprint("games", __name__, url_prefix="/games")


@bp.get("/<game_id>")
def show(game_id: str) -> str:
    table = games.load_game(get_session(), game_id)
    return page_or_fragment("games/show.html", "games/_board.html", table=table)
