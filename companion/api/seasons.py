"""Seasons over JSON: create one, add and remove its tournaments, read its standings."""

from __future__ import annotations

from flask import jsonify, url_for
from flask.typing import ResponseReturnValue

from ..db import get_session
from ..limits import creates
from ..pages.season_access import require_season_key
from ..services import seasons
from . import answers_seasons as a
from . import bodies_seasons as b
from .blueprint import bp
from .body import json_body


def season_json(view: seasons.SeasonView) -> a.Season:
    row = view.row
    return a.Season(
        id=row.id, name=row.name, game=row.game, count_best=row.count_best,
        points=view.points,
        events=[a.SeasonEvent(tournament=e.tournament, name=e.name, state=e.state,
                              entrants=e.entrants,
                              url=url_for("tournaments.standings", tournament_id=e.tournament,
                                          _external=True))
                for e in view.events],
        standings=[a.SeasonStanding(
            rank=line.rank, player=line.player, points=line.points, attended=line.attended,
            events=[a.SeasonScore(tournament=s.event, place=s.place, points=s.points,
                                  counted=s.counted) for s in line.events],
            counted=line.counted) for line in view.standings],
        url=url_for("seasons.show", season_id=row.id, _external=True),
        csv_url=url_for("seasons.csv", season_id=row.id, _external=True))


@bp.post("/seasons")
@creates
def create_season() -> ResponseReturnValue:
    data = json_body(b.CreateSeason)
    view, key = seasons.create_season(get_session(), data.get("name"), data.get("game"),
                                      data.get("count_best"), data.get("points"))
    body = a.SeasonWithKey(**dict(season_json(view)), key=key, setup_url=url_for(
        "seasons.show", season_id=view.row.id, key=key, _external=True))
    return jsonify(body.plain()), 201, {"Location": url_for("api.get_season",
                                                            season_id=view.row.id)}


@bp.get("/seasons/<season_id>")
def get_season(season_id: str) -> ResponseReturnValue:
    return jsonify(season_json(seasons.load_season(get_session(), season_id)).plain())


@bp.post("/seasons/<season_id>/events")
def add_event(season_id: str) -> ResponseReturnValue:
    require_season_key(season_id)
    data = json_body(b.AddSeasonEvent)
    view = seasons.add_event(get_session(), season_id, data.get("tournament"))
    return jsonify(season_json(view).plain()), 201


@bp.delete("/seasons/<season_id>/events/<tournament_id>")
def remove_event(season_id: str, tournament_id: str) -> ResponseReturnValue:
    require_season_key(season_id)
    return jsonify(season_json(seasons.remove_event(get_session(), season_id,
                                                    tournament_id)).plain())
