"""Referee over JSON: `POST /referee/<game>/<situation>` answers whether a play or a call is
legal, for every situation a game's spec says its referee judges."""

from __future__ import annotations

from typing import Any

from flask import abort, jsonify
from flask.typing import ResponseReturnValue
from pydantic import ConfigDict

from ..i18n import render_msg
from ..rules.cards import Card
from ..rules.catalogue import GAMES
from ..rules.messages import Msg, RuleError, every_sentence
from ..rules.spec import Judge
from ..services import referee
from ..shapes import Verdict
from .blueprint import bp
from .body import json_body


class OpenVerdict(Verdict):
    """A verdict of a situation whose spec describes none: its game's own details are not
    described."""

    model_config = ConfigDict(extra="allow")


def verdict_of(situation: Judge[Any]) -> type[Verdict]:
    """The model a situation's verdict is answered through (its spec's, else OpenVerdict)."""
    return situation.verdict or OpenVerdict


@bp.post("/referee/<game>/<situation>")
def judge(game: str, situation: str) -> ResponseReturnValue:
    spec = GAMES.get(game)
    if spec is None or spec.referee is None or situation not in spec.referee.situations:
        abort(404)
    body = json_body(spec.referee.situations[situation].body)
    try:
        verdict = referee.judge(game, situation, body).answer()
    except RuleError as error:
        raise every_sentence(error) from error  # `error` says each problem, not the first
    answer = verdict_of(spec.referee.situations[situation]).model_validate(written(verdict))
    return jsonify(answer.plain())


def written(value: object) -> object:
    """An answer as JSON writes it: reasons in the reader's language, cards as their text."""
    if isinstance(value, Msg):
        return render_msg(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, dict):
        return {key: written(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [written(item) for item in value]
    return value
