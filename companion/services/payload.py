"""Reading fields out of a decoded request body (JSON or a parsed query)."""

from __future__ import annotations

from typing import Any

from ..digits import parse_int
from ..rules.messages import N_, RuleError, msg


def read_version(raw: Any) -> int:
    """The game version a change says it is based on; a RuleError (400) for anything else."""
    version = None if isinstance(raw, bool) else parse_int(str(raw))
    if version is None or version < 0:
        raise RuleError(msg(N_("The version must be a whole number.")), "version")
    return version
