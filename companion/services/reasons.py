"""Reasons people type for a correction, a deletion or a result set by hand."""

from __future__ import annotations

from ..rules.messages import N_, RuleError, msg

MAX_REASON = 500  # characters kept in the history


def checked_reason(reason: str, field: str = "reason") -> str:
    """The reason without surrounding spaces; one too long is refused, never cut."""
    text = reason.strip()
    if len(text) > MAX_REASON:
        raise RuleError(msg(N_("The reason is too long: say it in at most {limit} characters "
                               "(this one has {length})."), limit=MAX_REASON,
                            length=len(text)), field)
    return text
