"""Referee over JSON: `POST /referee/<game>/...` answers whether a play or a call is legal."""

from __future__ import annotations

from flask import jsonify

from ..i18n import render_msg
from ..services import referee
from .blueprint import bp
from .body import json_body
from .serialize import cards


@bp.post("/referee/basra/capture")
def basra_capture():
    verdict = referee.judge("basra", "capture", json_body())
    return jsonify({
        "legal": verdict.legal,
        "reason": render_msg(verdict.reason),
        "options": [cards(option) for option in verdict.options],
        "options_truncated": verdict.options_truncated,
        "best": cards(verdict.best),
        "basra": verdict.basra,
        "basra_points": verdict.basra_points,
    })


@bp.post("/referee/shllaat/capture")
def shllaat_capture():
    verdict = referee.judge("shllaat", "capture", json_body())
    return jsonify({
        "legal": verdict.legal,
        "reason": render_msg(verdict.reason),
        "burnt": {"pool": cards(verdict.burnt_pool), "piles": verdict.burnt_piles},
        "plays_again": verdict.plays_again,
    })


@bp.post("/referee/gharat/capture")
def gharat_capture():
    verdict = referee.judge("gharat", "capture", json_body())
    return jsonify({
        "legal": verdict.legal,
        "reason": render_msg(verdict.reason),
        "required": {"play_pile": verdict.required_play_pile, "piles": verdict.required_piles},
    })


@bp.post("/referee/shelem/trick")
def shelem_trick():
    verdict = referee.judge("shelem", "trick", json_body())
    return jsonify({"winner": verdict.winner, "points": verdict.points, "legal": verdict.legal,
                    "reason": render_msg(verdict.reason)})


@bp.post("/referee/shelem/bids")
def shelem_bids():
    verdict = referee.judge("shelem", "bids", json_body())
    return jsonify({"legal": verdict.legal, "reason": render_msg(verdict.reason),
                    "hakem": verdict.hakem, "contract": verdict.contract,
                    "redeal": verdict.redeal})
