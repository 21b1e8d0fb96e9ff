"""Hand entry: the entry form's fields turned into the API's hand dicts, and back.

Each game has a quick (count) form; the fishing games also have a card form where every card
of the deck is assigned to the side that captured it. Fields are plain strings, so a form
refused for an impossible hand is shown again exactly as the scorer left it.
"""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules import gharat, shllaat
from ...rules.cards import DECK_52
from ...rules.spec import GameSpec, HandScore
from ..games import Table, compute
from . import basra, cards, shelem
from .fishing import FishingForm

QUICK, CARDS = "quick", "cards"
_GAMES: dict[str, Any] = {
    "basra": basra,
    "shelem": shelem,
    # The last player's other cards are what the deck leaves; Ghârat hands need not use
    # every card (what stays in the play pile scores for nobody), so nothing follows there.
    "shllaat": FishingForm(shllaat.VALUES, lambda rules: shllaat.DECKS[rules["deck"]],
                           "others"),
    "gharat": FishingForm(gharat.VALUES, lambda _rules: DECK_52),
}

Fields = MultiDict


def modes(spec: GameSpec) -> tuple[str, ...]:
    """Ways to enter a hand; Shelem hands are a bid and points, so they have no card form."""
    return (QUICK,) if spec.name == "shelem" else (QUICK, CARDS)


def pick_mode(spec: GameSpec, *wishes: str | None) -> str:
    """The first wished mode the game has, else the quick form."""
    return next((wish for wish in wishes if wish in modes(spec)), QUICK)


def read_hand(table: Table, mode: str, fields: Fields) -> dict[str, Any]:
    """The hand the form describes; RuleError with a sentence when a field is missing."""
    game = _GAMES[table.spec.name]
    if mode == CARDS and mode in modes(table.spec):
        return game.read_cards(fields, table.sides, table.row.rules)
    return game.read_quick(fields, table.sides, table.row.rules)


def fields_for(table: Table, hand: dict[str, Any]) -> tuple[str, Fields]:
    """(mode, fields) that show a stored hand in the form, for a correction."""
    game = _GAMES[table.spec.name]
    if "captured" in hand and CARDS in modes(table.spec):
        return CARDS, game.cards_fields(hand, table.sides)
    return QUICK, game.quick_fields(hand, table.sides, table.row.rules)


def preview(table: Table, number: int, hand: dict[str, Any]) -> HandScore:
    """The hand scored as hand `number` of the game (Basra carries count), nothing saved."""
    hands = table.hands[: number - 1] + [hand]
    return compute(table.spec, table.row, hands).hands[-1]


def tallies(table: Table, score: HandScore) -> list[int | None]:
    """Per side, how many cards the hand gives it (the numbers that follow from others)."""
    if table.spec.name == "shelem":
        return [None for _ in score.scores]
    return [cards.card_count(detail) for detail in score.details]


def deck_grid(table: Table) -> list[list[list[cards.Cell]]]:
    """The card form's grid: packs of rows of cells (one row per rank, one cell per suit)."""
    return cards.grid(_GAMES[table.spec.name].deck(table.row.rules))


def options(table: Table) -> dict[str, Any]:
    """What the quick form of this game offers (chips, steppers, who follows)."""
    return _GAMES[table.spec.name].options(len(table.sides), table.row.rules)

