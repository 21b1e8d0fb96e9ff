"""Reading whole numbers and side choices out of the entry form's text fields."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from ...digits import parse_int
from ...rules.messages import N_, Msg, RuleError, msg


def number(fields: MultiDict, name: str, missing: Msg | None = None) -> int:
    """A whole number of 0 or more; a blank field is 0, or `missing` when it must be given."""
    raw = (fields.get(name) or "").strip()
    if not raw:
        if missing is not None:
            raise RuleError(missing, name)
        return 0
    value = parse_int(raw)
    if value is None or value < 0:
        raise RuleError(msg(N_("'{raw}' is not a whole number of 0 or more."), raw=raw), name)
    return value


def side(fields: MultiDict, name: str, sides: int, missing: Msg) -> int:
    """A side chosen with segmented buttons (its index)."""
    value = parse_int(fields.get(name))
    if value is None or not 0 <= value < sides:
        raise RuleError(missing, name)
    return value


def follow(entered: list[int], total: int, miscounted: str) -> list[int]:
    """The entered counts plus the last side's, which is what the deck leaves.

    `miscounted` is the sentence for counts above `total`, with {count} and {total}.
    """
    if sum(entered) > total:
        raise RuleError(msg(miscounted, count=sum(entered), total=total), "hand")
    return [*entered, total - sum(entered)]


def to_fields(values: dict[str, Any]) -> MultiDict:
    """Form fields from plain values (lists become repeated fields)."""
    items: list[tuple[str, str]] = []
    for name, value in values.items():
        for item in value if isinstance(value, list) else [value]:
            items.append((name, "" if item is None else str(item)))
    return MultiDict(items)
