"""The card form: every card of the deck assigned to the side that captured it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from ...digits import parse_int
from ...rules.cards import JOKER, RANKS, SUITS, Card, Deck, parse_cards


@dataclass(frozen=True)
class Cell:
    """One tappable card: its field name, label and which copy of it this is."""

    card: Card
    copy: int

    @property
    def name(self) -> str:
        return "card_" + str(self.card)

    @property
    def red(self) -> bool:
        return self.card.suit in ("H", "D")


def grid(deck: Deck) -> list[list[list[Cell]]]:
    """Packs of rows: a row per rank with a cell per suit, and a row for the Jokers."""
    copies = deck.copies
    packs = max(copies.get(Card(rank, suit), 0) for rank in RANKS for suit in SUITS)
    result = []
    for copy in range(packs):
        rows = [[Cell(Card(rank, suit), copy) for suit in SUITS] for rank in RANKS]
        if copy == 0 and copies.get(JOKER):
            rows.append([Cell(JOKER, n) for n in range(copies[JOKER])])
        result.append(rows)
    return result


def captured(fields: MultiDict[str, str], sides: int) -> list[list[str]]:
    """Cards per side from the `card_<card>` fields (one field per copy of a card)."""
    piles: list[list[str]] = [[] for _ in range(sides)]
    for name in fields:
        if not name.startswith("card_"):
            continue
        for value in fields.getlist(name):
            owner = parse_int(value)
            if owner is not None and 0 <= owner < sides:
                piles[owner].append(name.removeprefix("card_"))
    return piles


def assignments(piles: list[Any]) -> dict[str, list[str]]:
    """`card_<card>` fields from captured piles, for a stored hand shown again."""
    fields: dict[str, list[str]] = {}
    for side, pile in enumerate(piles):
        for card in parse_cards(pile):
            fields.setdefault("card_" + str(card), []).append(str(side))
    return fields


def card_count(detail: dict[str, Any]) -> int | None:
    """Cards a side holds, from a Basra or fishing-game score detail (None: points only)."""
    if "cards" in detail:
        return int(detail["cards"])
    if "counts" in detail:
        return sum(int(count) for count in detail["counts"].values())
    return None
