"""Scoring one hand outside a game: how many sides the hand itself describes."""

from __future__ import annotations

from typing import Any

from ..rules.messages import N_, RuleError, msg
from ..rules.options import Rules
from ..rules.scores import HandScore
from ..rules.spec import GameSpec
from .seating import check_player_count

SIDE_LISTS = ("captured", "cards", "jokers", "numbers", "points")


def sides_in(spec: GameSpec[Any, Any], hand: Any) -> int:
    """Sides of a stand-alone hand: Shelem always has two; fishing games count their lists."""
    if not isinstance(hand, dict):
        raise RuleError(msg(N_("'hand' must be an object.")), "hand")
    if spec.partnerships == "always":
        return 2
    for key in SIDE_LISTS:
        if isinstance(hand.get(key), list):
            # partnerships make two sides of four players, and two is a count of every game
            check_player_count(spec, len(hand[key]), "hand")
            return len(hand[key])
    raise RuleError(msg(N_("The hand must list what each side captured.")), "hand")


def score_hand(spec: GameSpec[Any, Any], rules: Rules, hand: Any) -> HandScore:
    return spec.score_written(rules, hand, sides_in(spec, hand))
