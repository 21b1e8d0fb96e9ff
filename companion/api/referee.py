"""Referee over JSON: `POST /referee/<game>/<situation>` answers whether a play or a call is
legal, for every situation a game's spec says its referee judges."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, jsonify
from flask.typing import ResponseReturnValue
from pydantic import ConfigDict

from ..i18n import render_msg
from ..rules import basra, gharat, shelem, shllaat
from ..rules.cards import Card
from ..rules.catalogue import GAMES
from ..rules.messages import Msg
from ..rules.spec import Judge
from ..services import referee
from . import answers as a
from . import bodies as b
from .blueprint import bp
from .body import json_body


class OpenVerdict(a.Verdict):
    """A verdict of a judge no shape was written for: its game's own details are not
    described."""

    model_config = ConfigDict(extra="allow")


@dataclass(frozen=True)
class RefereeShapes:
    """What a referee situation takes and answers, described once for every game judging it."""

    summary: str
    body: type[b.Situation]
    verdict: type[a.Verdict]
    example: dict[str, Any] | None = None


# By judge, so a game whose spec reuses another's judge (Basra's capture) is described too.
REFEREE: dict[Judge[Any], RefereeShapes] = {
    basra.referee_capture: RefereeShapes(
        "judge a capture: legality, options, best, basra", b.BasraCapture, a.BasraVerdict,
        {"floor": ["5S", "3H", "KD"], "played": "8D", "claimed": ["5S", "3H"]}),
    shllaat.referee_capture: RefereeShapes(
        "judge a capture: legality, burnt, plays again", b.ShllaatCapture, a.ShllaatVerdict,
        {"pool": ["5S", "9H"], "piles": [[], ["5H"]], "player": 0, "played": "5D",
         "claimed": {"pool": ["5S"], "piles": [1]}}),
    gharat.referee_capture: RefereeShapes(
        "judge a capture: legality, what must be taken", b.GharatCapture, a.GharatVerdict,
        {"play_pile_top": "7S", "piles": [None, "7H"], "player": 0, "played": "7D",
         "claimed": {"play_pile": True, "piles": [1]}}),
    shelem.referee_trick: RefereeShapes(
        "a trick: winner, points, revoke check", b.ShelemTrick, a.TrickVerdict,
        {"trump": "S", "cards": ["AH", "KH", "2S", "QH"]}),
    shelem.referee_bids: RefereeShapes(
        "the auction: Hâkem, contract, redeal", b.ShelemBids, a.BidsVerdict,
        {"bids": [100, "pass", 105, "pass", "pass"]}),
}
UNDESCRIBED = RefereeShapes("judge a situation", b.Situation, OpenVerdict)


def shapes(judge: Judge[Any]) -> RefereeShapes:
    return REFEREE.get(judge, UNDESCRIBED)


@bp.post("/referee/<game>/<situation>")
def judge(game: str, situation: str) -> ResponseReturnValue:
    spec = GAMES.get(game)
    if spec is None or spec.referee is None or situation not in spec.referee.situations:
        abort(404)
    verdict = referee.judge(game, situation, json_body()).answer()
    answer = shapes(spec.referee.situations[situation]).verdict.model_validate(written(verdict))
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
