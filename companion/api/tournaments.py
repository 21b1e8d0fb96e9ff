"""Tournaments over JSON: create, add entrants, pair the next round, results, standings."""

from __future__ import annotations

from datetime import UTC
from typing import Any, cast

from flask import abort, jsonify, url_for
from flask.typing import ResponseReturnValue

from ..db import get_session
from ..limits import creates
from ..models_tournament import TournamentEvent
from ..pages.tournament_access import (
    counted_director_key,
    counted_side,
    director_key,
    match_side_keys,
    presented_key,
    require_director,
    side_key,
)
from ..rules.messages import N_, RuleError, msg
from ..rules.situation import require
from ..services import acting, confirmations, tournaments
from ..services.tournament_keys import shown_table_key
from ..tournament.standings import Row
from ..views.tournament_extras import side_url
from . import answers as a
from .blueprint import bp
from .body import json_body, optional_json_body
from .serialize import allow_cascade, with_warnings


@bp.post("/tournaments")
@creates
def create_tournament() -> ResponseReturnValue:
    data = json_body()
    tournament, key = tournaments.create_tournament(
        get_session(), data.get("name"), data.get("game"), data.get("rules"),
        data.get("format"), data.get("entrants"), data.get("settings"))
    body = with_director_key(tournament_json(tournament, key), key)
    return jsonify(body.plain()), 201, {"Location": url_for("api.get_tournament",
                                                    tournament_id=tournament.row.id)}


@bp.get("/tournaments/<tournament_id>")
def get_tournament(tournament_id: str) -> ResponseReturnValue:
    tournament = tournaments.load(get_session(), tournament_id)
    return jsonify(tournament_json(tournament, counted_director_key(tournament_id)).plain())


@bp.post("/tournaments/<tournament_id>/entrants")
def add_entrants(tournament_id: str) -> ResponseReturnValue:
    key = require_director(tournament_id)
    tournament = tournaments.add_entrants(get_session(), tournament_id,
                                          require(json_body(), "entrants"))
    return jsonify(tournament_json(tournament, key).plain()), 201


@bp.post("/tournaments/<tournament_id>/rounds")
@creates
def next_round(tournament_id: str) -> ResponseReturnValue:
    key = require_director(tournament_id)
    tournament = tournaments.next_round(get_session(), tournament_id, key)
    body = tournament_json(tournament, key)
    return jsonify(with_warnings(body.rounds[-1]).plain()), 201


@bp.post("/tournaments/<tournament_id>/entrants/<int:entrant_id>/withdraw")
def withdraw(tournament_id: str, entrant_id: int) -> ResponseReturnValue:
    key = require_director(tournament_id)
    tournament = tournaments.withdraw(get_session(), tournament_id, entrant_id,
                                      json_body().get("reason"))
    return jsonify(tournament_json(tournament, key).plain())


@bp.get("/tournaments/<tournament_id>/history")
def history(tournament_id: str) -> ResponseReturnValue:
    require_director(tournament_id)
    return jsonify(a.History(events=[
        event_json(e) for e in tournaments.history(get_session(), tournament_id)]).plain())


def event_json(event: TournamentEvent) -> a.Event:
    return a.Event(at=event.created_at.replace(tzinfo=UTC).isoformat(), kind=event.action,
                   by=cast("a.By", event.by),  # checked by the model as it is made
                   round=event.round, table=event.table, match=event.match_id,
                   names=event.names or [], reason=event.reason, before=event.before,
                   after=event.after)


@bp.put("/tournaments/<tournament_id>/matches/<int:match_id>/result")
def set_result(tournament_id: str, match_id: int) -> ResponseReturnValue:
    key = require_director(tournament_id)
    data = json_body()
    acting.current().by = acting.DIRECTOR
    allow_cascade(data)
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
    data = optional_json_body()
    session = get_session()
    if "dispute" in data:
        if side is None:
            raise RuleError(msg(N_("The director decides a dispute: confirm the result or "
                                   "set it by hand.")), "dispute")
        tournament = confirmations.dispute(session, tournament_id, match_id, side,
                                           data.get("dispute"), data.get("hands"))
    else:
        tournament = confirmations.confirm(session, tournament_id, match_id, side)
    return jsonify(_match_json(tournaments.match_view(tournament, match_id), None).plain())


def _speaker(tournament_id: str, match_id: int) -> int | None:
    """The side whose key is presented; None for the director; 401/403 for anyone else."""
    if director_key(tournament_id) is not None:
        return None
    tournament = tournaments.load(get_session(), tournament_id)
    view = tournaments.match_view(tournament, match_id)
    key = presented_key(tournament_id)
    side = counted_side(tournament_id, match_id, len(view.row.sides), key)
    if side is None:
        confirmations.refuse_replaced(match_side_keys(tournament_id, match_id),
                                      len(view.row.sides), key)
        abort(401 if not key else 403)
    return side


@bp.get("/tournaments/<tournament_id>/standings")
def standings(tournament_id: str) -> ResponseReturnValue:
    tournament = tournaments.load(get_session(), tournament_id)
    return jsonify(a.Standings(
        id=tournament.row.id, version=tournament.version,
        tiebreaks=tournament.settings["tiebreaks"],
        standings=[row_json(row, tournament.provisional)
                   for row in tournaments.rankings(tournament)]).plain())


@bp.get("/tournaments/<tournament_id>/players")
def players(tournament_id: str) -> ResponseReturnValue:
    session = get_session()
    tournament = tournaments.load(session, tournament_id)
    return jsonify(a.Players(players=[
        a.PlayerRecord(name=r.name, played=r.played, won=r.won, hands=r.hands,
                       average_hand_score=r.average, basras=r.basras, bids_made=r.made,
                       bids_failed=r.failed, yasa=r.yasa, shelem=r.shelem)
        for r in tournaments.records(session, tournament)]).plain())


def _places(data: dict[str, Any]) -> Any:
    """`places` per side, or `winner` (side index, null for a draw) for two sides."""
    if "places" in data or "winner" not in data:
        return data.get("places")
    winner = data["winner"]
    if winner is None:
        return [1, 1]
    return [1, 2] if winner == 0 else [2, 1] if winner == 1 else None


def side_keys(view: tournaments.MatchView) -> list[str]:
    """Each side's confirmation key, for the director's eyes only."""
    return [side_key(view.row.tournament_id, view.row.id or 0, side)
            for side in range(len(view.row.sides))]


def row_json(row: Row, provisional: set[int]) -> a.Standing:
    return a.Standing(
        rank=row.rank, entrant=row.entrant, name=row.name, played=row.played, won=row.won,
        drawn=row.drawn, lost=row.lost, points=row.points, points_scored=row.scored,
        points_conceded=row.conceded, tiebreaks=row.tiebreaks,
        provisional=row.entrant in provisional,
        tie=a.Tie(**{"with": row.tied_with}, breakdown=row.breakdown, decided_by=row.decided_by,
                  shared=row.shared))


def tournament_json(tournament: tournaments.TournamentView, key: str | None) -> a.Tournament:
    """The tournament; table links (scorer keys) only for the director."""
    row = tournament.row
    return a.Tournament(
        id=row.id, name=row.name, game=row.game, rules=row.rules, format=row.format,
        settings={k: v for k, v in tournament.settings.items() if k != "plan"},
        entrants=[a.Entrant(id=e.id or 0, seed=e.seed, name=e.name, players=e.players,
                            withdrawn=_withdrawn(e.withdrawn))
                  for e in tournament.entrants],
        rounds=[a.Round(number=n, matches=[_match_json(m, key) for m in matches])
                for n, matches in enumerate(tournament.rounds, start=1)],
        finished=tournament.finished, version=tournament.version,
        champion=tournament.champion, podium=tournament.podium,
        view_url=url_for("tournaments.show", tournament_id=row.id, _external=True),
        standings_url=url_for("tournaments.standings", tournament_id=row.id, _external=True))


def with_director_key(tournament: a.Tournament, key: str) -> a.TournamentWithKey:
    """A tournament answered with its director key and link (shown this once)."""
    return a.TournamentWithKey.model_validate(
        tournament.model_dump(exclude_unset=True)
        | {"director_key": key, "director_url": url_for(
            "tournaments.show", tournament_id=tournament.id, key=key, _external=True)})


def _withdrawn(stored: dict[str, Any] | None) -> a.Withdrawn | None:
    return a.Withdrawn.model_validate(stored) if stored else None


def _dispute(stored: dict[str, Any] | None) -> a.Dispute | None:
    """The dispute as the match stores it, its own fields only."""
    if not stored:
        return None
    return a.Dispute.model_validate({name: stored[name] for name in ("side", "reason", "hands")})


def _match_json(view: tournaments.MatchView, key: str | None) -> a.TournamentMatch:
    links: dict[str, Any] = {}
    if key and view.asks_confirmation and not view.bye:
        links["side_keys"] = side_keys(view)
        links["side_urls"] = [side_url(view.row.tournament_id, view.row.id or 0, side)
                              for side in range(len(view.row.sides))]
    scorer = shown_table_key(key, view.row.id or 0, view.row.key_hash) if key else None
    if scorer and not view.bye:
        links["edit_key"] = scorer
        links["table_url"] = url_for("tournaments.table", tournament_id=view.row.tournament_id,
                                     match_id=view.row.id, key=scorer, _external=True)
        if view.current:
            links["edit_url"] = url_for("games.show", game_id=view.current.id, key=scorer,
                                        _external=True)
    return a.TournamentMatch(
        id=view.row.id, table=view.row.table, sides=view.row.sides, names=view.names,
        bye=view.bye, decided=view.decided, manual=view.row.manual is not None,
        wins=view.progress.wins if view.progress else None, places=view.places,
        points=[0, 0] if view.walkover else list(view.result.points) if view.result else None,
        third_place=view.third_place, walkover=view.walkover,
        games=[a.MatchGame(id=g.id, totals=g.totals, finished=g.finished, winners=g.winners)
               for g in view.games],
        current_game=view.current.id if view.current else None,
        provisional=view.provisional,
        dispute=_dispute(view.dispute),
        **links)
