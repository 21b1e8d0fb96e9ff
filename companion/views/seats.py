"""Every seat enters its own: the seat page a side's phone opens, and the scorer's panel."""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

bp = Blueprint("seats", __name__)


@bp.get("/games/<game_id>/seat/<int:side>")
def seat(game_id: str, side: int) -> ResponseReturnValue:
    """A seat's page (its key in `?key=`): this side's own fields for the hand being entered."""
    return "", 404
