"""Reading whole numbers and side choices out of the entry form's text fields."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from ...digits import parse_int, too_long
from ...inputs import TOO_LARGE
from ...rules.messages import Msg, Plural, RuleError, msg, msgn

# Fields the form always sends: they say nothing about the hand.
CONTROL_FIELDS = {"csrf_token", "mode", "key", "version", "number", "reason", "tool"}


def number(fields: MultiDict[str, str], name: str, wrong: Msg, missing: Msg | None = None,
           signed: bool = False) -> int:
    """A whole number of 0 or more (any whole number when `signed`: the rules judge it); a
    blank field is 0, or `missing` when it must be given. Anything else is refused with
    `wrong`, the sentence the rules give the API for the same field."""
    raw = (fields.get(name) or "").strip()
    if not raw:
        if missing is not None:
            raise RuleError(missing, name)
        return 0
    value = parse_int(raw)
    if too_long(raw):  # a whole number, just too big: the sentence the API gives
        raise RuleError(msg(TOO_LARGE, name=raw), name)
    if value is None or (value < 0 and not signed):
        raise RuleError(wrong, name)
    return value


def side(fields: MultiDict[str, str], name: str, sides: int, missing: Msg) -> int:
    """A side chosen with segmented buttons (its index)."""
    value = parse_int(fields.get(name))
    if value is None or not 0 <= value < sides:
        raise RuleError(missing, name)
    return value


def follow(entered: list[int], total: int, miscounted: Plural) -> list[int]:
    """The entered counts plus the last side's, which is what the deck leaves.

    `miscounted` is the sentence (both forms) for counts above `total`, with {count} and {total}.
    """
    if sum(entered) > total:
        raise RuleError(msgn(*miscounted, count=sum(entered), total=total), "hand")
    return [*entered, total - sum(entered)]


def to_fields(values: dict[str, Any]) -> MultiDict[str, str]:
    """Form fields from plain values (lists become repeated fields)."""
    items: list[tuple[str, str]] = []
    for name, value in values.items():
        for item in value if isinstance(value, list) else [value]:
            items.append((name, "" if item is None else str(item)))
    return MultiDict(items)


def all_blank(fields: MultiDict[str, str], choices: tuple[str, ...] = (),
                    zero_entered: bool = False) -> bool:
    """Nothing about the hand is filled in yet: every field is blank or 0, and no side is
    chosen in `choices` (where 0 is the first side, not nothing). With `zero_entered` a typed
    0 is an entry (points where the last player has the rest: Ali 0, Badr 0, Hassan 252)."""
    return all(_blank(value, zero_entered) and not (name in choices and value)
               for name, value in fields.items(multi=True) if name not in CONTROL_FIELDS)


def _blank(value: str | None, zero_entered: bool = False) -> bool:
    text = (value or "").strip()
    return not text or (not zero_entered and parse_int(text) == 0)
