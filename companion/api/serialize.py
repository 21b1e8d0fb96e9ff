"""Rules-engine results as the API's answers (answers.py), with every message in the
request's language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from flask import Response, jsonify, url_for

from ..db import get_session
from ..i18n import render_msg
from ..links import edit_url, view_url
from ..rules.scores import HandScore
from ..rules.spec import GameSpec
from ..services import acting, tournaments
from ..services.games import GameView
from . import answers as a

Warned = TypeVar("Warned", a.Game, a.Round, a.Tournament)


def with_warnings(answer: Warned) -> Warned:
    """The answer, with the sentences the change left for the reader (`warnings`), if any."""
    warnings = acting.current().warnings
    if not warnings:
        return answer
    return answer.model_copy(
        update={"warnings": [render_msg(sentence) for sentence in warnings]})


def allow_cascade(data: dict[str, Any]) -> None:
    """`"cascade": true` from the director: a correction may reopen the later matches."""
    current = acting.current()
    current.cascade = data.get("cascade") is True and current.by == acting.DIRECTOR


def extras(spec: GameSpec[Any, Any], score: HandScore) -> dict[str, Any]:
    """What the game's scoring added to the hand, as its spec's `extras` shape writes it (a
    field the shape does not name is a fault of the game's)."""
    return spec.extras.model_validate(score.extras).plain()


def hand_score(spec: GameSpec[Any, Any], score: HandScore) -> a.HandScore:
    return a.HandScore(
        scores=score.scores, details=score.details, **extras(spec, score),
        breakdown=[[a.BreakdownLine(label=render_msg(line.label), points=line.points)
                    for line in side] for side in score.lines])


def cards(items: Iterable[object]) -> list[str]:
    return [str(card) for card in items]


def game_json(game: GameView) -> a.Game:
    """A game as `GET /api/v1/games/<id>` returns it."""
    row, state = game.row, game.state
    return a.Game(
        id=row.id, game=row.game, rules=row.rules, players=row.players, teams=row.teams,
        sides=game.sides,
        hands=[a.GameHand(number=i + 1, scores=score.scores, hand=hand, details=score.details,
                          counted=i < state.counted, totals=totals, **extras(game.spec, score))
               for i, (hand, score, totals) in enumerate(zip(game.hands, state.hands,
                                                             state.running_totals))],
        totals=state.totals, carry=state.carry, target=state.target, finished=state.finished,
        winner=state.winner, winners=state.winners, status=render_msg(state.status),
        dealer=state.dealer, leader=state.leader, version=row.version,
        view_url=view_url(row.id),
        match=match_json(game))


def match_json(game: GameView) -> a.Match | None:
    """The match the game is part of (a tournament table's or a Basra match), else None."""
    session = get_session()
    match = tournaments.match_of(session, game.row)  # a tournament table's, else its Basra's
    if match is None:
        return None
    return a.Match(wins=list(match.wins), next_game=match.next_game, decided=match.decided)


def created_game(game: GameView, key: str) -> tuple[Response, int, dict[str, str]]:
    """A new game's answer: the game, its edit key (shown this once) and edit link."""
    body = a.GameWithKey.model_validate(game_json(game).model_dump()
                                        | {"edit_key": key, "edit_url": edit_url(game.row.id, key)})
    return jsonify(body.plain()), 201, {"Location": url_for("api.get_game", game_id=game.row.id)}

