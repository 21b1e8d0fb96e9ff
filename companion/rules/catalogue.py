"""The four games by name."""

from __future__ import annotations

from typing import Any

from . import basra, gharat, shelem, shllaat
from .messages import N_, RuleError, msg
from .spec import GameSpec

GAMES: dict[str, GameSpec[Any, Any]] = {
    spec.name: spec for spec in (basra.SPEC, shllaat.SPEC, gharat.SPEC, shelem.SPEC)
}


def get_game(name: object) -> GameSpec[Any, Any]:
    """The game called `name`; RuleError (field `game`) for any other name."""
    if not isinstance(name, str) or name not in GAMES:
        raise RuleError(
            msg(N_("There is no game '{name}'; choose one of: {choices}."),
                name=str(name), choices=list(GAMES)),
            "game",
        )
    return GAMES[name]
