"""Which form field a refused hand's sentence is about."""

from __future__ import annotations

import re


def form_field(field: str | None) -> str | None:
    """The form field an error is about: `hand.cards[1]` is `cards_1`, `hand` is none."""
    found = _ENGINE_FIELD.fullmatch(field or "")
    if found is None:
        return field or None
    key, index = found.group("key", "index")
    return None if key is None else key if index is None else f"{key}_{index}"


# `hand.cards[1]` from scoring a hand, `hands[3].cards[1]` from playing the game through.
_ENGINE_FIELD = re.compile(r"hands?(?:\[\d+\])?(?:\.(?P<key>\w+)(?:\[(?P<index>\d+)\])?)?")
