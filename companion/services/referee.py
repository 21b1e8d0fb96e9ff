"""Referee rulings shared by the JSON API and the referee pages.

A situation is shaped like the API's request body (cards as text); the game's spec says
which situations its referee judges and how. A RuleError (a 400) names what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.catalogue import get_game
from ..rules.messages import N_, RuleError, msg
from ..rules.spec import Verdict


def judge(game: str, situation: str, data: Mapping[str, Any]) -> Verdict:
    """The verdict on `data`, a `situation` of `game` with its rules (or a game's rules)."""
    spec = get_game(game)
    judges = spec.referee.situations if spec.referee else {}
    if situation not in judges:
        raise RuleError(msg(N_("There is no referee for this game.")), "game")
    return judges[situation](spec.resolve(data.get("rules")), data)
