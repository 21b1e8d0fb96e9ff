"""Changing a game after it started (the players' names, the target) and its rematch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from ..db import get_session
from ..i18n import render_msg
from ..limits import creates
from ..pages.access import require_edit_key
from ..rules.messages import RuleError
from ..services import games
from .games import _version, start_following

bp = Blueprint("game_settings", __name__, url_prefix="/games")


@dataclass
class SettingsForm:
    """The names and target as typed, so a refusal loses nothing; errors by field."""

    players: list[str]
    target: str
    errors: dict[str, str] = field(default_factory=dict)


@bp.get("/<game_id>/settings")
def edit(game_id: str) -> Any:
    require_edit_key(game_id)
    game = games.load_game(get_session(), game_id)
    now = games.settings_of(game.row)
    form = SettingsForm(now["players"], _target_option(game).text(now["target"]))
    return _page(game, form, game.row.version)


@bp.post("/<game_id>/settings")
def save(game_id: str) -> Any:
    require_edit_key(game_id)
    session = get_session()
    game = games.load_game(session, game_id)
    form = SettingsForm(request.form.getlist("players"), request.form.get("target", "").strip())
    seen = request.form.get("version", "")
    try:
        version = _version()
    except RuleError as error:  # shown again with the game's version, so a resubmit works
        form.errors[""] = render_msg(error.message)
        return _page(game, form, game.row.version), 400
    try:
        target = _target_option(game).parse(form.target)
        games.change_settings(session, game_id, {"players": form.players, "target": target},
                              version)
    except games.StaleGame as stale:  # typed values stay; the fresh version goes with them
        form.errors[""] = render_msg(stale.message)
        return _page(stale.game, form, stale.game.row.version), 409
    except RuleError as error:
        name = error.field if error.field in ("players", "rules.target") else ""
        form.errors[name] = render_msg(error.message)
        return _page(games.load_game(session, game_id), form, seen), 422
    return redirect(url_for("games.show", game_id=game_id), 303)


def _target_option(game: games.GameView) -> Any:
    return next(option for option in game.spec.options if option.name == "target")


def _page(game: games.GameView, form: SettingsForm, version: Any) -> str:
    refusal = games.settings_refusal(get_session(), game.row)
    return render_template("games/settings.html", game=game, form=form, version=version,
                           refusal=refusal and render_msg(refusal))


@bp.post("/<game_id>/rematch")
@creates
def rematch(game_id: str) -> Any:
    """Start the rematch; this phone gets its edit key. A second tap opens the same one."""
    return start_following(game_id, games.rematch)
