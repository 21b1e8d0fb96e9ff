"""Home page: what Companion does, the four games, games in progress."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    from ..rules.catalogue import GAMES

    return render_template("home/index.html", games=GAMES.values())
