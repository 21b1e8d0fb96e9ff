"""Shlla'at and Ghârat hands from the entry form: counts of each kind of card per side,
or every card by side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules.cards import Deck
from ...rules.fishing import CardValues, Kind
from ...rules.messages import Problems
from ...rules.options import Rules
from . import cards
from .fields import all_blank, number, to_fields


def held(values: CardValues, deck: Deck) -> list[tuple[Kind, int]]:
    """The kinds this deck holds, each with how many the deck has."""
    in_deck = values.count(deck.cards())
    return [(kind, in_deck[kind.key]) for kind in values.kinds if in_deck[kind.key]]


def kinds(values: CardValues, deck: Deck) -> list[dict[str, Any]]:
    """The kinds this deck holds, each with its label and how many the deck has."""
    return [{"key": kind.key, "label": kind.name, "total": total,
             "miscounted": kind.miscounted} for kind, total in held(values, deck)]


def read_counts(fields: MultiDict[str, str], sides: int, values: CardValues, deck: Deck,
                follows: str | None = None) -> dict[str, Any]:
    """Counts per side; the last side's `follows` kind is what the deck leaves."""
    problems = Problems()
    entered = {}
    for kind, _ in held(values, deck):
        last = sides - 1 if kind.key == follows else sides
        entered[kind.key] = [problems.read(0, number, fields, f"{kind.key}_{i}",
                                           kind.not_counted(i)) for i in range(last)]
    problems.check()
    hand = {}
    for kind, total in held(values, deck):
        key = kind.key
        # Too many of the following kind: its last count is 0, so that the rules refuse its
        # total along with every other kind's, all at once.
        hand[key] = ([*entered[key], max(total - sum(entered[key]), 0)] if key == follows
                     else entered[key])
    return hand


def read_cards(fields: MultiDict[str, str], sides: int) -> dict[str, Any]:
    return {"captured": cards.captured(fields, sides)}


def count_fields(hand: dict[str, Any], sides: int) -> MultiDict[str, str]:
    """Fields from a count hand; lists given per player of a team are added up per side."""
    values: dict[str, int] = {}
    for key, column in hand.items():
        if isinstance(column, list):
            for i, count in enumerate(column):
                name = f"{key}_{i % sides}"
                values[name] = values.get(name, 0) + count
    return to_fields(values)


def cards_fields(hand: dict[str, Any], sides: int) -> MultiDict[str, str]:
    piles: list[list[str]] = [[] for _ in range(sides)]
    for i, pile in enumerate(hand["captured"]):
        piles[i % sides].extend(pile)
    return to_fields(cards.assignments(piles))


@dataclass(frozen=True)
class FishingForm:
    """A fishing game's entry form: its card values, its deck, which count follows."""

    values: CardValues
    deck: Callable[[Rules], Deck]
    follows: str | None = None

    def nothing_entered(self, fields: MultiDict[str, str]) -> bool:
        return all_blank(fields)

    def options(self, _sides: int, rules: Rules) -> dict[str, Any]:
        return {"kinds": kinds(self.values, self.deck(rules)), "follows": self.follows}

    def read_quick(self, fields: MultiDict[str, str], names: list[str],
                   rules: Rules) -> dict[str, Any]:
        return read_counts(fields, len(names), self.values, self.deck(rules), self.follows)

    def read_cards(self, fields: MultiDict[str, str], names: list[str],
                   _rules: Rules) -> dict[str, Any]:
        return read_cards(fields, len(names))

    def quick_fields(self, hand: dict[str, Any], names: list[str],
                     _rules: Rules) -> MultiDict[str, str]:
        return count_fields(hand, len(names))

    def cards_fields(self, hand: dict[str, Any], names: list[str]) -> MultiDict[str, str]:
        return cards_fields(hand, len(names))
