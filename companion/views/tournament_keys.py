"""The director's new key: the old director link and every table link stop working."""

from __future__ import annotations

from flask import Blueprint, redirect, url_for
from werkzeug.wrappers import Response

from ..db import get_session
from ..pages.tournament_access import require_director
from ..services.rotation import rotate_director_key
from .tournaments import _remember

bp = Blueprint("tournament_keys", __name__, url_prefix="/tournaments")


@bp.post("/<tournament_id>/key")
def rotate(tournament_id: str) -> Response:
    """This phone keeps directing with the new key, shown once more with its QR code."""
    require_director(tournament_id)
    key = rotate_director_key(get_session(), tournament_id)
    response = redirect(url_for("tournaments.show", tournament_id=tournament_id, created=1), 303)
    return _remember(response, tournament_id, key)
