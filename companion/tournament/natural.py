"""Names in the order people expect: "Player 2" before "Player 10"."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"(\d+)")


def natural_key(name: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key comparing runs of digits by their value and the rest without case.

    Each part is (kind, number, text) so a number and a word never meet as unlike types;
    any decimal digits count (Arabic-Indic and Persian too).
    """
    parts = _DIGITS.split(" ".join(name.split()).casefold())
    return tuple((0, int(part), part) if index % 2 else (1, 0, part)
                 for index, part in enumerate(parts) if part)
