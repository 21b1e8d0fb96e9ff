"""Results confirmed by the other side: who confirms, and whether a result still waits.

A confirmation (or dispute) is kept with the result it was about: once a correction changes
the result, the word given on the old one no longer counts and the new one waits again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

CONFIRMED, DISPUTED = "confirmed", "disputed"


def result_key(places: Sequence[int], points: Sequence[int]) -> dict[str, list[int]]:
    """The result as a confirmation records it."""
    return {"places": list(places), "points": list(points)}


def confirmers(places: Sequence[int]) -> list[int]:
    """The sides that confirm: every side not alone in first place (a draw: every side)."""
    best = min(places)
    if places.count(best) > 1:
        return list(range(len(places)))
    return [side for side, place in enumerate(places) if place != best]


def standing(word: Mapping[str, Any] | None, places: Sequence[int],
             points: Sequence[int]) -> str | None:
    """CONFIRMED or DISPUTED when the word on record is about this very result, else None."""
    if not word or word.get("result") != result_key(places, points):
        return None
    state = word.get("state")
    return state if state in (CONFIRMED, DISPUTED) else None
