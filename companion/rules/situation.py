"""Reading a referee situation shaped like the API's request body (cards as text)."""

from __future__ import annotations

from collections.abc import Mapping

from .messages import N_, Problems, RuleError, msg


def require(data: Mapping[str, object], name: str) -> object:
    """`data[name]`; a RuleError naming the field when it is missing."""
    if name not in data:
        raise RuleError(msg(N_("'{name}' is missing."), name=name), name)
    return data[name]


def required(data: Mapping[str, object], *names: str) -> list[object]:
    """The values of `names`; RuleErrors naming every one that is missing."""
    problems = Problems()
    values = [problems.read(None, require, data, name) for name in names]
    problems.check()
    return values


def claimed(data: Mapping[str, object]) -> dict[str, object]:
    """What the player says the card takes: an object."""
    value = require(data, "claimed")
    if not isinstance(value, dict):
        raise RuleError(msg(N_("claimed must be an object with what the player takes.")),
                        "claimed")
    return value


def flag(data: Mapping[str, object], name: str) -> bool:
    """A true/false field, false when absent."""
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise RuleError(msg(N_("{field} must be true or false."), field=name), name)
    return value
