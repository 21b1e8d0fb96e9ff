"""The desk's fixes to the last round before it starts: two entrants swap seats, or the round
is taken back (services/tournaments/round_fixes.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, redirect, request, url_for
from flask_babel import gettext as _

from ..db import get_session
from ..i18n import num, render_msg
from ..pages.tournament_access import require_director
from ..rules.messages import RuleError
from ..services.tournaments import TournamentConflict, round_fixes
from .tournaments import _desk

bp = Blueprint("tournament_round_fixes", __name__, url_prefix="/tournaments")


@bp.post("/<tournament_id>/rounds/<int:number>/swap")
def swap(tournament_id: str, number: int) -> Any:
    """The two entrants chosen on the round's pairings change seats."""
    require_director(tournament_id)
    entrants = [request.form.get(name, type=int) or 0 for name in ("first", "second")]
    return _fix(tournament_id, lambda: round_fixes.swap(get_session(), tournament_id, number,
                                                        entrants))


@bp.post("/<tournament_id>/rounds/<int:number>/take-back")
def take_back(tournament_id: str, number: int) -> Any:
    """The round is taken back once the director ticked the confirmation."""
    require_director(tournament_id)
    if request.form.get("confirm") != "1":
        return _desk(tournament_id, _("Tick the box to confirm that round %(n)s is taken back.",
                                      n=num(number)), 422, request.form)
    return _fix(tournament_id, lambda: round_fixes.take_back(get_session(), tournament_id,
                                                             number))


def _fix(tournament_id: str, change: Callable[[], object]) -> Any:
    """Make the change; refused, the desk says why, nothing changed."""
    try:
        change()
    except RuleError as error:
        get_session().rollback()
        status = 409 if isinstance(error, TournamentConflict) else 422
        return _desk(tournament_id, render_msg(error.message), status, request.form)
    return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
