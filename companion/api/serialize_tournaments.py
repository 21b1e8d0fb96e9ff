"""Tournaments as the API's answers (answers.py): the director sees the table and side keys,
everyone else the tournament without them."""

from __future__ import annotations

from datetime import UTC
from typing import Any, cast

from flask import url_for

from ..links import edit_url, side_url, table_url
from ..models_tournament import TournamentEvent
from ..services import tournaments
from ..services.tournament_keys import shown_table_key
from ..services.tournament_status import knockout_standings
from ..services.tournaments import clock, group_stage
from ..tournament.reached import Reached
from ..tournament.standings import Row
from . import answers as a


def event_json(event: TournamentEvent) -> a.Event:
    return a.Event(at=event.created_at.replace(tzinfo=UTC).isoformat(), kind=event.action,
                   by=cast("a.By", event.by),  # checked by the model as it is made
                   round=event.round, table=event.table, match=event.match_id,
                   names=event.names or [], reason=event.reason, before=event.before,
                   after=event.after)


def standings_json(tournament: tournaments.TournamentView) -> list[a.Standing]:
    """The standings as the pages rank them: a knockout's by the round reached; groups then
    knockout's group by group."""
    if tournament.stage is not None and tournament.started:
        return [_standing(row, tournament.provisional, tournament.withdrawn).model_copy(
            update={"group": table.label}) for table in group_stage.group_tables(tournament)
            for row in table.rows]
    answers = [_standing(row, tournament.provisional, tournament.withdrawn)
               for row in tournaments.rankings(tournament)]
    if not tournament.by_bracket:
        return answers
    by_entrant = {answer.entrant: answer for answer in answers}
    reached = knockout_standings(tournament)
    return [by_entrant[row.entrant].model_copy(update={
        "rank": row.rank, "round_reached": row.round,
        "tie": _level(row, reached)}) for row in reached]


def _level(row: Reached, rows: list[Reached]) -> a.Tie:
    """Who shares a knockout rank: those out in the same round (no tie-breaker parts them)."""
    level = [other.entrant for other in rows if other.rank == row.rank and other is not row]
    return a.Tie(**{"with": level}, breakdown=[], decided_by=None, shared=bool(level))


def _standing(row: Row, provisional: set[int], withdrawn: set[int]) -> a.Standing:
    return a.Standing(
        rank=row.rank, entrant=row.entrant, name=row.name, played=row.played, won=row.won,
        drawn=row.drawn, lost=row.lost, points=row.points, points_scored=row.scored,
        points_conceded=row.conceded, tiebreaks=row.tiebreaks,
        provisional=row.entrant in provisional, withdrawn=row.entrant in withdrawn,
        tie=a.Tie(**{"with": row.tied_with}, breakdown=row.breakdown, decided_by=row.decided_by,
                  shared=row.shared))


def tournament_json(tournament: tournaments.TournamentView, key: str | None) -> a.Tournament:
    """The tournament; table links (scorer keys) only for the director."""
    row = tournament.row
    return a.Tournament(
        id=row.id, name=row.name, game=row.game, rules=row.rules, format=row.format,
        settings={k: v for k, v in tournament.settings.items() if k not in ("plan", "group_draw")},
        entrants=[a.Entrant(id=e.id or 0, seed=e.seed, name=e.name, players=e.players,
                            withdrawn=_withdrawn(e.withdrawn), checked_in=e.checked_in)
                  for e in tournament.entrants],
        rounds=[a.Round(number=n, matches=[tournament_match_json(m, key) for m in matches])
                for n, matches in enumerate(tournament.rounds, start=1)],
        finished=tournament.finished, version=tournament.version,
        champion=tournament.champion, podium=tournament.podium,
        clock=clock_json(clock.shown(tournament)),
        view_url=url_for("tournaments.show", tournament_id=row.id, _external=True),
        standings_url=url_for("tournaments.standings", tournament_id=row.id, _external=True))


def clock_json(found: clock.Clock | None) -> a.Clock | None:
    if found is None:
        return None
    return a.Clock(running=found.running, ends_at=found.ends_at.astimezone(UTC).isoformat(),
                   remaining=found.remaining)


def with_director_key(tournament: a.Tournament, key: str) -> a.TournamentWithKey:
    """A tournament answered with its director key and link (shown this once)."""
    return a.TournamentWithKey.model_validate(
        tournament.model_dump()
        | {"director_key": key, "director_url": url_for(
            "tournaments.show", tournament_id=tournament.id, key=key, _external=True)})


def _withdrawn(stored: dict[str, Any] | None) -> a.Withdrawn | None:
    return a.Withdrawn.model_validate(stored) if stored else None


def _dispute(stored: dict[str, Any] | None) -> a.Dispute | None:
    """The dispute as the match stores it, its own fields only."""
    if not stored:
        return None
    return a.Dispute.model_validate({name: stored[name] for name in ("side", "reason", "hands")})


def tournament_match_json(view: tournaments.MatchView, key: str | None) -> a.TournamentMatch:
    links: dict[str, Any] = {"bracket": view.row.bracket} if view.row.bracket else {}
    if key and view.asks_confirmation and not view.bye:
        links["side_keys"] = list(view.row.side_keys)
        links["side_urls"] = [side_url(view, side) for side in range(len(view.row.sides))]
    scorer = shown_table_key(key, view.row) if key else None
    if scorer and not view.bye:
        links["edit_key"] = scorer
        links["table_url"] = table_url(view.row.tournament_id, view.row.id, scorer)
        if view.current:
            links["edit_url"] = edit_url(view.current.id, scorer)
    if view.stage is not None:
        links["stage"] = view.stage
        if view.group:
            links["group"] = view.group
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
