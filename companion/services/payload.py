"""Reading fields out of a decoded request body (JSON, a form or a parsed query)."""

from __future__ import annotations

from typing import Literal, overload

from ..digits import parse_int
from ..rules.messages import N_, RuleError, msg


@overload
def read_version(raw: object, required: Literal[True]) -> int: ...
@overload
def read_version(raw: object, required: bool = False) -> int | None: ...


def read_version(raw: object, required: bool = False) -> int | None:
    """The game version a change says it is based on, as every form and API route reads it.

    None (nothing sent) means "no check", unless the version is `required`; anything else
    that is not a whole number of 0 or more, a blank included, is a RuleError (400), never
    "no check". An If-Match header may quote it like an ETag: "3" or W/"3".
    """
    if raw is None:
        if required:
            raise RuleError(msg(N_("Say which version you corrected: send If-Match with the "
                                   "game's version.")), "version")
        return None
    version = None if isinstance(raw, bool) else parse_int(
        str(raw).strip().removeprefix("W/").strip('"'))
    if version is None or version < 0:
        raise RuleError(msg(N_("The version must be a whole number.")), "version")
    return version
