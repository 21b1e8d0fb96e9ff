"""Reading fields out of a decoded request body (JSON or a parsed query)."""

from __future__ import annotations

from typing import Any

from ..rules.messages import N_, RuleError, msg


def require(data: dict[str, Any], name: str) -> Any:
    """`data[name]`; a RuleError naming the field when it is missing."""
    if name not in data:
        raise RuleError(msg(N_("'{name}' is missing."), name=name), name)
    return data[name]
