"""Tournaments over JSON: create, add entrants, pair the next round, results, standings."""

from __future__ import annotations

from typing import Any

from flask import abort, jsonify, url_for
from flask.typing import ResponseReturnValue

from ..db import get_session
from ..limits import creates
from ..pages import device
from ..pages.tournament_access import (
    counted_director_key,
    counted_side,
    director_key,
    presented_key,
    require_director,
)
from ..rules.messages import N_, RuleError, msg
from ..rules.situation import require
from ..services import acting, confirmations, crosstable, tournaments
from ..services.tournaments import checkin, clock, deletion, round_fixes
from . import answers as a
from . import bodies as b
from .blueprint import bp
from .body import json_body, optional_json_body
from .serialize import allow_cascade, with_warnings
from .serialize_tournaments import (
    event_json,
    standings_json,
    tournament_json,
    tournament_match_json,
    with_director_key,
)


@bp.post("/tournaments")
@creates
def create_tournament() -> ResponseReturnValue:
    data = json_body(b.CreateTournament)
    tournament, key = tournaments.create_tournament(
        get_session(), data.get("name"), data.get("game"), data.get("rules"),
        data.get("format"), data.get("entrants"), data.get("settings"),
        rated=device.record_ids())
    body = with_director_key(tournament_json(tournament, key), key)
    return jsonify(body.plain()), 201, {"Location": url_for("api.get_tournament",
                                                    tournament_id=tournament.row.id)}


@bp.get("/tournaments/<tournament_id>")
def get_tournament(tournament_id: str) -> ResponseReturnValue:
    tournament = tournaments.load(get_session(), tournament_id)
    return jsonify(tournament_json(tournament, counted_director_key(tournament_id)).plain())


@bp.delete("/tournaments/<tournament_id>")
def delete_tournament(tournament_id: str) -> ResponseReturnValue:
    """The director deletes the tournament, typing its name again; restorable for 7 days."""
    require_director(tournament_id)
    confirm = optional_json_body(b.DeleteTournament).get("confirm")
    deletion.delete(get_session(), tournament_id, confirm)
    return jsonify(a.Deleted(deleted=tournament_id, restore_url=url_for(
        "api.restore_tournament", tournament_id=tournament_id, _external=True)).plain())


@bp.post("/tournaments/<tournament_id>/restore")
def restore_tournament(tournament_id: str) -> ResponseReturnValue:
    key = require_director(tournament_id)
    return jsonify(tournament_json(deletion.restore(get_session(), tournament_id), key).plain())


@bp.post("/tournaments/<tournament_id>/entrants")
def add_entrants(tournament_id: str) -> ResponseReturnValue:
    key = require_director(tournament_id)
    tournament = tournaments.add_entrants(get_session(), tournament_id,
                                          require(json_body(b.AddEntrants), "entrants"))
    return jsonify(tournament_json(tournament, key).plain()), 201


@bp.post("/tournaments/<tournament_id>/rounds")
@creates
def next_round(tournament_id: str) -> ResponseReturnValue:
    key = require_director(tournament_id)
    tournament = tournaments.next_round(get_session(), tournament_id)
    body = tournament_json(tournament, key)
    return jsonify(with_warnings(body.rounds[-1]).plain()), 201


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/swap")
def swap_entrants(tournament_id: str, number: int) -> ResponseReturnValue:
    """Two entrants change seats in the last round, before either table has a hand."""
    key = require_director(tournament_id)
    tournament = round_fixes.swap(get_session(), tournament_id, number,
                                  require(json_body(b.SwapEntrants), "entrants"))
    return jsonify(tournament_json(tournament, key).plain())


@bp.delete("/tournaments/<tournament_id>/rounds/<int:number>")
def take_back_round(tournament_id: str, number: int) -> ResponseReturnValue:
    """The last round is taken back while no table has a hand."""
    key = require_director(tournament_id)
    tournament = round_fixes.take_back(get_session(), tournament_id, number)
    return jsonify(tournament_json(tournament, key).plain())


@bp.post("/tournaments/<tournament_id>/entrants/<int:entrant_id>/withdraw")
def withdraw(tournament_id: str, entrant_id: int) -> ResponseReturnValue:
    key = require_director(tournament_id)
    tournament = tournaments.withdraw(get_session(), tournament_id, entrant_id,
                                      json_body(b.Withdraw).get("reason"))
    return jsonify(tournament_json(tournament, key).plain())


@bp.post("/tournaments/<tournament_id>/entrants/<int:entrant_id>/check-in")
def check_in(tournament_id: str, entrant_id: int) -> ResponseReturnValue:
    """The director checks an entrant in, or takes it back, before round 1 is paired."""
    key = require_director(tournament_id)
    tournament = checkin.check_in(get_session(), tournament_id, entrant_id,
                                  json_body(b.CheckIn).get("checked_in"))
    return jsonify(tournament_json(tournament, key).plain())


@bp.post("/tournaments/<tournament_id>/clock")
def set_clock(tournament_id: str) -> ResponseReturnValue:
    """The round's clock: started with `minutes`, or paused, resumed or stopped."""
    key = require_director(tournament_id)
    tournament = clock.set_clock(get_session(), tournament_id, json_body(b.SetClock))
    return jsonify(tournament_json(tournament, key).plain())


@bp.get("/tournaments/<tournament_id>/history")
def history(tournament_id: str) -> ResponseReturnValue:
    require_director(tournament_id, to_read=True)
    return jsonify(a.History(events=[
        event_json(e) for e in tournaments.history(get_session(), tournament_id)]).plain())


@bp.put("/tournaments/<tournament_id>/matches/<int:match_id>/result")
def set_result(tournament_id: str, match_id: int) -> ResponseReturnValue:
    key = require_director(tournament_id)
    data = json_body(b.MatchResult)
    acting.current().by = acting.DIRECTOR
    allow_cascade(data)
    _lists_or_null(data)
    if data.get("clear") is True:
        tournament = tournaments.clear_result(get_session(), tournament_id, match_id,
                                         data.get("reason"))
    else:
        tournament = tournaments.set_result(get_session(), tournament_id, match_id,
                                       _places(data), data.get("points"), data.get("reason"))
    return jsonify(with_warnings(tournament_json(tournament, key)).plain())


@bp.post("/tournaments/<tournament_id>/matches/<int:match_id>/confirm")
def confirm_result(tournament_id: str, match_id: int) -> ResponseReturnValue:
    """The side that lost confirms the result, or disputes it; the director's key decides."""
    side = _speaker(tournament_id, match_id)
    data = optional_json_body(b.Confirm)
    session = get_session()
    if "dispute" in data:
        if side is None:
            raise RuleError(msg(N_("The director decides a dispute: confirm the result or "
                                   "set it by hand.")), "dispute")
        tournament = confirmations.dispute(session, tournament_id, match_id, side,
                                           data.get("dispute"), data.get("hands"))
    else:
        tournament = confirmations.confirm(session, tournament_id, match_id, side)
    match = tournament_match_json(tournaments.match_view(tournament, match_id), None)
    return jsonify(match.plain())


def _speaker(tournament_id: str, match_id: int) -> int | None:
    """The side whose key is presented; None for the director; 401/403 for anyone else."""
    if director_key(tournament_id) is not None:
        return None
    tournament = tournaments.load(get_session(), tournament_id)
    view = tournaments.match_view(tournament, match_id)
    key = presented_key(tournament_id)
    side = counted_side(tournament_id, view.row.side_keys, key)
    if side is None:
        confirmations.refuse_replaced(get_session(), tournament_id, key)
        abort(401 if not key else 403)
    return side


@bp.get("/tournaments/<tournament_id>/standings")
def standings(tournament_id: str) -> ResponseReturnValue:
    tournament = tournaments.load(get_session(), tournament_id)
    return jsonify(a.Standings(
        id=tournament.row.id, version=tournament.version,
        tiebreaks=tournament.settings["tiebreaks"],
        standings=standings_json(tournament)).plain())


@bp.get("/tournaments/<tournament_id>/crosstable")
def cross_table(tournament_id: str) -> ResponseReturnValue:
    tournament = tournaments.load(get_session(), tournament_id)
    return jsonify(a.Crosstable(id=tournament.row.id, version=tournament.version, rows=[
        a.CrossRow(entrant=line.entrant, name=line.name, rank=line.rank, points=line.points,
                   rounds=[a.CrossCell(round=c.round, table=c.table, opponent=c.opponent,
                                       result=c.result, points=c.points, place=c.place)
                           for c in line.cells])
        for line in crosstable.lines(tournament)]).plain())


@bp.get("/tournaments/<tournament_id>/players")
def players(tournament_id: str) -> ResponseReturnValue:
    session = get_session()
    tournament = tournaments.load(session, tournament_id)
    return jsonify(a.Players(players=[
        a.PlayerRecord(name=r.name, played=r.played, won=r.won, hands=r.hands,
                       average_hand_score=r.average, basras=r.basras, bids_made=r.made,
                       bids_failed=r.failed, yasa=r.yasa, shelem=r.shelem)
        for r in tournaments.records(session, tournament)]).plain())


def _lists_or_null(data: dict[str, Any]) -> None:
    """`places` and `points` are lists or null, as described, beside `clear` too (which reads
    neither)."""
    if not isinstance(data.get("places"), list | None):
        raise RuleError(msg(N_("Give each side's place: 1 for the winner, the same place "
                               "for a draw.")), "places")
    if not isinstance(data.get("points"), list | None):
        raise RuleError(msg(N_("Give one whole number of game points per side.")), "points")


def _places(data: dict[str, Any]) -> Any:
    """`places` per side, or `winner` (side index, null for a draw) for two sides."""
    if "places" in data or "winner" not in data:
        return data.get("places")
    winner = data["winner"]
    if winner is None:
        return [1, 1]
    return [1, 2] if winner == 0 else [2, 1] if winner == 1 else None
