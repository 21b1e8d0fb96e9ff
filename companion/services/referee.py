"""Referee rulings shared by the JSON API and the referee pages.

A situation is shaped like the API's request body (cards as text); the game's spec says
which situations its referee judges and how. A RuleError (a 400) names what is wrong,
RuleErrors every problem when there are several.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.catalogue import get_game
from ..rules.messages import N_, Problems, RuleError, msg
from ..rules.spec import Verdict


def judge(game: str, situation: str, data: Mapping[str, Any]) -> Verdict:
    """The verdict on `data`, a `situation` of `game` with its rules (or a game's rules)."""
    spec = get_game(game)
    judges = spec.referee.situations if spec.referee else {}
    if situation not in judges:
        raise RuleError(msg(N_("There is no referee for this game.")), "game")
    judged = judges[situation]
    problems = Problems()  # every problem is said at once: one fix should not reveal the next
    rules = problems.read(None, spec.resolve, data.get("rules"))
    # under rules that cannot be read the situation is still read, for its own problems
    read = problems.read(None, judged.read, spec.resolve(None) if rules is None else rules, data)
    problems.check()
    return judged.judge(rules, read)
