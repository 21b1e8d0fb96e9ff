"""Every seat enters its own, over JSON: hand out seat links, send a side's part of the hand
being entered, see who is still counting (contract: API.md, "Every seat enters its own")."""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import Forbidden, Unauthorized

from ..db import get_session
from ..i18n import render_msg
from ..limits import refuse_key
from ..links import seat_url
from ..pages.access import bearer_or_cookie, opens, require_edit_key
from ..rules.seats import SeatsRefused
from ..services import seats
from ..services.games import load_game
from ..services.seats import Entering, Saved
from . import answers as a
from . import bodies as b
from .blueprint import bp
from .body import json_body
from .serialize import game_json


@bp.post("/games/<game:game_id>/seats")
def hand_out_seats(game_id: str) -> ResponseReturnValue:
    """One link per side; a new call replaces them (the old keys stop working)."""
    require_edit_key(game_id)
    links = seats.hand_out(get_session(), game_id)
    return jsonify(a.Seats(seats=[
        a.SeatLink(side=link.side, name=link.name, key=link.key,
                   url=seat_url(game_id, link.side, link.key)) for link in links]).plain()), 201


@bp.get("/games/<game:game_id>/seats")
def seats_entering(game_id: str) -> ResponseReturnValue:
    session = get_session()
    return jsonify(entering_json(seats.entering(session, load_game(session, game_id))).plain())


@bp.put("/games/<game:game_id>/seats/<int:side>")
def send_seat(game_id: str, side: int) -> ResponseReturnValue:
    """A side's own part: 202 while others count, 201 with the game once it is saved, 422
    when together they break the pack."""
    session = get_session()
    require_seat_key(game_id, side)
    side = seats.enter_for(session, game_id, side)
    data = json_body(b.SeatEntry)
    try:
        result = seats.send(session, game_id, side, data.get("hand"), data.get("values"))
    except SeatsRefused as refused:
        return jsonify(refusal_json(refused).plain()), 422
    if isinstance(result, Saved):
        return jsonify(game_json(result.game).plain()), 201
    return jsonify(entering_json(result).plain()), 202


def require_seat_key(game_id: str, side: int) -> None:
    """The side's own seat key, or the game's edit key (the scorer types a missing figure):
    401 without a key, 403 for another side's or a wrong one."""
    key = bearer_or_cookie(seats.SEAT_COOKIE + game_id)
    if not key:
        raise Unauthorized()
    if seats.side_of_key(get_session(), game_id, key) == side:
        return
    if opens(game_id, key):
        return
    refuse_key(game_id)
    raise Forbidden()


def refusal_json(refused: SeatsRefused) -> a.SeatsRefused:
    return a.SeatsRefused(error=render_msg(refused.message), sides=refused.sides)


def entering_json(state: Entering) -> a.SeatsEntering:
    answer = a.SeatsEntering(hand=state.hand, waiting_for=state.waiting_for,
                             entries={str(side): values for side, values in
                                      state.entries.items()})
    if state.refused is not None:
        answer.error = render_msg(state.refused.message)
        answer.sides = state.refused.sides
    return answer
