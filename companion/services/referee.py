"""Referee rulings shared by the JSON API and the referee pages.

Each function takes a situation shaped like the API's request body (cards as text) and
returns the rules engine's verdict; a RuleError (a 400) names what is wrong with it.
"""

from __future__ import annotations

from typing import Any

from ..rules import basra, gharat, shelem, shllaat
from ..rules.catalogue import get_game
from ..rules.messages import N_, RuleError, msg
from .payload import require


def rules_for(game: str, raw: Any) -> dict[str, Any]:
    """The game's rules from a preset plus overrides (or a running game's frozen rules)."""
    return get_game(game).resolve(raw)


def _claimed(data: dict[str, Any]) -> dict[str, Any]:
    claimed = require(data, "claimed")
    if not isinstance(claimed, dict):
        raise RuleError(msg(N_("claimed must be an object with what the player takes.")),
                        "claimed")
    return claimed


def _flag(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise RuleError(msg(N_("{field} must be true or false."), field=name), name)
    return value


def basra_capture(data: dict[str, Any]) -> basra.CaptureVerdict:
    rules = rules_for("basra", data.get("rules"))
    return basra.judge_capture(rules, require(data, "floor"), require(data, "played"),
                               require(data, "claimed"), data.get("previous_floor"))


def shllaat_capture(data: dict[str, Any]) -> shllaat.ShllaatVerdict:
    rules = rules_for("shllaat", data.get("rules"))
    claimed = _claimed(data)
    return shllaat.judge_capture(
        rules, require(data, "pool"), require(data, "piles"), require(data, "player"),
        require(data, "played"), claimed.get("pool", []), claimed.get("piles", []),
        _flag(data, "draw_pile_empty"))


def gharat_capture(data: dict[str, Any]) -> gharat.GharatVerdict:
    rules = rules_for("gharat", data.get("rules"))
    claimed = _claimed(data)
    return gharat.judge_capture(
        rules, require(data, "play_pile_top"), require(data, "piles"), require(data, "player"),
        require(data, "played"), claimed.get("play_pile", False), claimed.get("piles", []))


def shelem_trick(data: dict[str, Any]) -> shelem.TrickVerdict:
    rules = rules_for("shelem", data.get("rules"))
    return shelem.judge_trick(rules, require(data, "trump"), require(data, "cards"),
                              data.get("hands"), _flag(data, "first_trick"))


def shelem_bids(data: dict[str, Any]) -> shelem.AuctionVerdict:
    rules = rules_for("shelem", data.get("rules"))
    return shelem.judge_bids(rules, require(data, "bids"))
