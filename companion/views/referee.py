"""Referee pages: the situation lives in the URL, each tap is a link, the verdict a fragment."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from ..pages import referee_boards
from ..rules.catalogue import GAMES
from .render import page_or_fragment

bp = Blueprint("referee", __name__, url_prefix="/referee")


def _known(game: str) -> None:
    if game not in GAMES or GAMES[game].referee is None:
        abort(404)


@bp.get("/")
def index() -> str:
    return render_template("referee/index.html",
                           games=[spec for spec in GAMES.values() if spec.referee])


@bp.get("/<game>")
def game(game: str) -> str:
    _known(game)
    board = referee_boards.build(game, request.args)
    return page_or_fragment("referee/page.html", "referee/_verdict.html", board=board)


@bp.get("/<game>/rules")
def rules(game: str) -> str:
    _known(game)
    board = referee_boards.build(game, request.args)
    return render_template("referee/rules.html", board=board, spec=GAMES[game])
