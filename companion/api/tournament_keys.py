"""`POST /api/v1/tournaments/<id>/key`: a new director key, and new table keys with it;
`POST .../matches/<match_id>/side-keys`: new confirmation links for a match's sides."""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from ..db import get_session
from ..pages.tournament_access import require_director
from ..services import tournaments
from ..services.rotation import replace_side_keys, rotate_director_key
from .blueprint import bp
from .serialize_tournaments import tournament_json, tournament_match_json, with_director_key


@bp.post("/tournaments/<tournament_id>/key")
def rotate_director(tournament_id: str) -> ResponseReturnValue:
    """The old director key stops at once; the answer carries the new table links."""
    require_director(tournament_id)
    key = rotate_director_key(get_session(), tournament_id)
    body = with_director_key(tournament_json(tournaments.load(get_session(), tournament_id), key),
                             key)
    return jsonify(body.plain())


@bp.post("/tournaments/<tournament_id>/matches/<int:match_id>/side-keys")
def replace_sides(tournament_id: str, match_id: int) -> ResponseReturnValue:
    """The sides' old links stop at once; the answer is the match with the new ones."""
    key = require_director(tournament_id)
    tournament = replace_side_keys(get_session(), tournament_id, match_id)
    match = tournament_match_json(tournaments.match_view(tournament, match_id), key)
    return jsonify(match.plain())
