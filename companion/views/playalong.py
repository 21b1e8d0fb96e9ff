"""Play-along for Basra: record each card as it is played; Companion keeps the floor."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from htmx_flask import request as htmx_request

from ..db import get_session
from ..digits import parse_int
from ..pages.access import require_edit_key
from ..rules.messages import Msg, RuleError
from ..services import games, playalong
from ..services.payload import read_version
from ..services.referee_query import Query, picker
from .render import page_or_fragment

bp = Blueprint("playalong", __name__, url_prefix="/games")


def _editor(game_id: str) -> games.GameView:
    game = games.load_game(get_session(), game_id)
    require_edit_key(game_id)
    return game


def _render(game_id: str, error: Msg | None = None, saved: int | None = None,
            status: int = 200) -> ResponseReturnValue:
    session = get_session()
    game = games.load_game(session, game_id)
    row, state = playalong.current(session, game)
    engine, deck = playalong.engine(game), game.spec.hand_form.deck
    assert deck is not None  # a game played along has cards
    now = engine.progress(state)
    query = Query(game.row.game, {"rank": request.args.get("rank", "")})
    ranks, suits = picker(query, deck(game.rules), sorted(now.seen), [],
                          lambda card: {"card": str(card)})
    body = page_or_fragment("playalong/page.html", "playalong/_board.html", game=game, row=row,
                            state=state, now=now, ranks=ranks, suits=suits, error=error,
                            saved=saved, floor_rule=engine.floor_rule(game.rules),
                            started=engine.started(state),
                            at_table=games.in_tournament(session, game_id))
    return body, status


@bp.get("/<game_id>/play-along")
def show(game_id: str) -> ResponseReturnValue:
    _editor(game_id)
    return _render(game_id)


@bp.post("/<game_id>/play-along/<action>")
def act(game_id: str, action: str) -> ResponseReturnValue:
    engine = playalong.engine(_editor(game_id))
    form = request.form
    steps = {
        "card": lambda state: engine.play_card(state, form.get("card", "")),
        "choose": lambda state: engine.choose(state, form.get("take", "").split(",")),
        "undo": engine.undo,
        "first": lambda state: engine.choose_first(state, parse_int(form.get("first"))),
    }
    if action not in steps:
        abort(404)
    try:
        version = read_version(form.get("version"))
    except RuleError as error:
        return _render(game_id, error=error.message, status=200 if htmx_request.htmx else 400)
    try:
        _, saved = playalong.change(get_session(), game_id, version, steps[action])
    except RuleError as error:
        get_session().rollback()
        # htmx swaps only a 2xx answer; a plain form post gets the refusal's own status
        return _render(game_id, error=error.message, status=200 if htmx_request.htmx else 422)
    if not htmx_request.htmx:
        return redirect(url_for("playalong.show", game_id=game_id))
    return _render(game_id, saved=saved)
