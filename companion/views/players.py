"""Players' records across every stored game, and one player's games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext as _
from sqlmodel import Session

from ..db import get_session
from ..errors import error_response
from ..pages import device
from ..rules.catalogue import GAMES
from ..services import chart, ratings, records
from ..services.seating import side_names
from ..tournament.ratings import BASE, PROVISIONAL_BELOW

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.get("")
def index() -> str:
    session = get_session()
    return render_template("players/index.html", games=GAMES,
                           by_game=records.records_by_game(
                               session, records.live_games(session, device.record_ids())))


@bp.get("/<path:name>")
def show(name: str) -> Any:
    session = get_session()
    played = records.games_of(records.live_games(session, device.record_ids()), name)
    if not played:
        return error_response(404, _("No stored game has a player of that name."))
    mine = records.player_records(session, played, name)
    rows = [(row, GAMES[row.game], side_names(row.players, row.teams))
            for row in reversed(played)]
    return render_template("players/show.html", games=GAMES, rows=rows,
                           by_game={game: [record] for game, record in mine.items()},
                           name=next(iter(mine.values())).name,
                           rated=_rated(session, list(mine), name),
                           partners=ratings.partners(played, name),
                           public=device.public_records())


def _rated(session: Session, kinds: list[str], name: str) -> dict[str, Rated]:
    """Per game the player has a rating in: where they stand, and its chart."""
    found = {}
    for kind in kinds:
        _, points = ratings.history(session, kind, name, device.record_ids())
        if points:
            values = [point.rating for point in points]
            found[kind] = Rated(values[-1], len(values), len(values) < PROVISIONAL_BELOW,
                                chart.history(BASE, values, name))
    return found


@dataclass(frozen=True)
class Rated:
    rating: int
    games: int
    provisional: bool
    chart: chart.Chart | None
