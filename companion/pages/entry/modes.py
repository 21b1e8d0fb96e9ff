"""The ways to enter a hand: each player's points, counts, or card by card."""

from __future__ import annotations

from typing import Any

from ...rules.messages import N_
from ...rules.spec import GameSpec

QUICK, CARDS, POINTS = "quick", "cards", "points"

# How the mode switch names each way of entering a hand.
MODE_LABELS = {POINTS: N_("Points"), QUICK: N_("Counts"), CARDS: N_("Cards")}


def modes(spec: GameSpec[Any, Any]) -> tuple[str, ...]:
    """Ways to enter a hand, the quickest first; hands that are not captured cards (a bid)
    have no card form."""
    form = spec.hand_form
    return ((POINTS,) if form.has_points else ()) + ((QUICK, CARDS) if form.has_cards
                                                      else (QUICK,))


def pick_mode(spec: GameSpec[Any, Any], *wishes: str | None) -> str:
    """The first wished mode the game has, else its quickest."""
    return next((wish for wish in wishes if wish in modes(spec)), modes(spec)[0])
