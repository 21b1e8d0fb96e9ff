"""Paper for when phones fail: a score slip per table to write the hands on, and the round's
pairings by name for the notice board. Both print on A4 (static/css/hall.css)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from ..db import get_session
from ..pages.tournament_access import require_director
from ..rules.messages import N_
from ..rules.spec import QuickForm
from ..services import tournaments
from ..tournament.natural import natural_key
from .tournament_extras import table_link

bp = Blueprint("tournament_paper", __name__, url_prefix="/tournaments")

# How each kind of quick form is written by hand: each side's columns, then the hand's own.
# A side's running total closes its columns, as on a club's score pad.
SLIP_COLUMNS: dict[QuickForm, tuple[tuple[str, ...], tuple[str, ...]]] = {
    QuickForm.BASRA: ((N_("Cards"), N_("Jacks"), N_("Aces"), N_("Basras")),
                      (N_("2♣ to"), N_("10♦ to"))),
    QuickForm.FISHING: ((N_("Points"),), ()),
    QuickForm.SHELEM: ((), (N_("Bidders"), N_("Bid"), N_("Bidders' points"))),
}
SLIP_ROWS = 12  # blank hands on a slip: a game to its target rarely takes more


@bp.get("/<tournament_id>/slips")
def slips(tournament_id: str) -> str:
    """A score slip per table of the round: round, table, names, the written form with blank
    rows for the hands, and the table's QR code (the director prints them)."""
    key = require_director(tournament_id)
    tournament = tournaments.load(get_session(), tournament_id)
    tables = [view for view in _round(tournament) if not view.bye]
    side_columns, hand_columns = SLIP_COLUMNS[tournament.spec.hand_form.quick]
    return render_template(
        "tournaments/slips.html", tournament=tournament, tables=tables,
        number=tournament.current_round, side_columns=side_columns, hand_columns=hand_columns,
        rows=SLIP_ROWS, links={view.row.id: table_link(tournament, view, key) for view in tables})


@bp.get("/<tournament_id>/pairings")
def pairings(tournament_id: str) -> str:
    """The round's pairings by name, for the notice board: where each entrant sits."""
    tournament = tournaments.load(get_session(), tournament_id)
    return render_template("tournaments/pairings.html", tournament=tournament,
                           number=tournament.current_round, seats=seats(tournament))


def seats(tournament: tournaments.TournamentView) -> list[dict[str, Any]]:
    """Each entrant of the round by name: its table (None for a bye) and who it meets."""
    found = []
    for view in _round(tournament):
        for index, name in enumerate(view.names):
            others = [other for other in view.names if other != name]
            found.append({"name": name, "table": None if view.bye else view.row.table,
                          "others": others, "seat": index})
    return sorted(found, key=lambda seat: natural_key(seat["name"]))


def _round(tournament: tournaments.TournamentView) -> list[tournaments.MatchView]:
    """The tables of the round being played (none before the first)."""
    number = tournament.current_round
    return list(tournament.rounds[number - 1]) if number else []
