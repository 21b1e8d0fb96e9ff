"""`POST /api/v1/tournaments/<id>/key`: a new director key, and new table keys with it."""

from __future__ import annotations

from flask import jsonify, url_for

from ..db import get_session
from ..services import tournaments
from ..services.rotation import rotate_director_key
from ..services.tournament_access import require_director
from .blueprint import bp
from .tournaments import tournament_json


@bp.post("/tournaments/<tournament_id>/key")
def rotate_director(tournament_id: str):
    """The old director key stops at once; the answer carries the new table links."""
    require_director(tournament_id)
    key = rotate_director_key(get_session(), tournament_id)
    body = tournament_json(tournaments.load(get_session(), tournament_id), key)
    body["director_key"] = key
    body["director_url"] = url_for("tournaments.show", tournament_id=tournament_id, key=key,
                                   _external=True)
    return jsonify(body)
