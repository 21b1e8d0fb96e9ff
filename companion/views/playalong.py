"""Play-along for Basra: record each card as it is played; Companion keeps the floor."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from htmx_flask import request as htmx_request

from ..db import get_session
from ..rules import basra_playalong as engine
from ..rules.cards import DECK_52
from ..rules.messages import RuleError
from ..services import games, playalong
from ..services.access import can_edit
from ..services.referee_query import Query, picker
from .render import page_or_fragment

bp = Blueprint("playalong", __name__, url_prefix="/games")


def _editor(game_id: str) -> games.Table:
    table = games.load_game(get_session(), game_id)
    if not can_edit(game_id):
        abort(403)
    return table


def _render(game_id: str, error=None, saved: int | None = None, status: int = 200):
    session = get_session()
    table = games.load_game(session, game_id)
    row = playalong.current(session, table)
    now = engine.progress(row.state)
    query = Query("basra", {"rank": request.args.get("rank", "")})
    ranks, suits = picker(query, DECK_52, sorted(now.seen), [], lambda card: {"card": str(card)})
    body = page_or_fragment("playalong/page.html", "playalong/_board.html", table=table, row=row,
                            now=now, ranks=ranks, suits=suits, error=error, saved=saved)
    return body, status


@bp.get("/<game_id>/play-along")
def show(game_id: str):
    _editor(game_id)
    return _render(game_id)


@bp.post("/<game_id>/play-along/<action>")
def act(game_id: str, action: str):
    _editor(game_id)
    form = request.form
    steps = {
        "card": lambda state: engine.play_card(state, form.get("card", "")),
        "choose": lambda state: engine.choose(state, form.get("take", "").split(",")),
        "undo": engine.undo,
    }
    if action not in steps:
        abort(404)
    try:
        _, saved = playalong.change(get_session(), game_id, form.get("version"), steps[action])
    except RuleError as error:
        get_session().rollback()
        return _render(game_id, error=error.message)
    if not htmx_request.htmx:
        return redirect(url_for("playalong.show", game_id=game_id))
    return _render(game_id, saved=saved)
