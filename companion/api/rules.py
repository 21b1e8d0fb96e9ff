"""Catalogue of games and rules, and hand scores: `GET /rules`, `POST /score/<game>`."""

from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from ..rules.catalogue import GAMES, get_game
from ..rules.situation import require
from ..services.scoring import score_hand
from . import answers as a
from . import bodies as b
from .blueprint import bp
from .body import json_body
from .serialize import hand_score


@bp.get("/rules")
def catalogue() -> ResponseReturnValue:
    return jsonify(a.Catalogue(games=[a.CatalogueGame.model_validate(spec.catalogue())
                                      for spec in GAMES.values()]).plain())


@bp.post("/score/<game>")
def score(game: str) -> ResponseReturnValue:
    spec = get_game(game)
    data = json_body(b.ScoreHand)
    rules = spec.resolve(data.get("rules"))
    return jsonify(hand_score(spec, score_hand(spec, rules, require(data, "hand"))).plain())
