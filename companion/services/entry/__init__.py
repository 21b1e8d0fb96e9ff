"""Hand entry: the entry form's fields turned into the API's hand dicts, and back.

Each game has a quick (count) form; the fishing games also have a card form where every card
of the deck is assigned to the side that captured it. Fields are plain strings, so a form
refused for an impossible hand is shown again exactly as the scorer left it.
"""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules.spec import GameSpec, HandScore
from ..games import GameView, compute
from . import basra, cards, shelem
from .fishing import FishingForm

QUICK, CARDS = "quick", "cards"
# Readers of the quick forms the specs name; a fishing form is built from its spec's values.
_READERS: dict[str, Any] = {"basra": basra, "shelem": shelem}

Fields = MultiDict


def _forms(spec: GameSpec) -> Any:
    """The reader of this game's entry forms, as its spec's hand form says."""
    form = spec.hand_form
    if form.values is not None and form.deck is not None:
        return FishingForm(form.values, form.deck, form.follows)
    return _READERS[form.quick]


def modes(spec: GameSpec) -> tuple[str, ...]:
    """Ways to enter a hand; hands that are not captured cards (a bid) have no card form."""
    return (QUICK, CARDS) if spec.hand_form.has_cards else (QUICK,)


def pick_mode(spec: GameSpec, *wishes: str | None) -> str:
    """The first wished mode the game has, else the quick form."""
    return next((wish for wish in wishes if wish in modes(spec)), QUICK)


def read_hand(game: GameView, mode: str, fields: Fields) -> dict[str, Any]:
    """The hand the form describes; RuleError with a sentence when a field is missing."""
    forms = _forms(game.spec)
    if mode == CARDS and mode in modes(game.spec):
        return forms.read_cards(fields, game.sides, game.row.rules)
    return forms.read_quick(fields, game.sides, game.row.rules)


def fields_for(game: GameView, hand: dict[str, Any]) -> tuple[str, Fields]:
    """(mode, fields) that show a stored hand in the form, for a correction."""
    forms = _forms(game.spec)
    if "captured" in hand and CARDS in modes(game.spec):
        return CARDS, forms.cards_fields(hand, game.sides)
    return QUICK, forms.quick_fields(hand, game.sides, game.row.rules)


def preview(game: GameView, number: int, hand: dict[str, Any]) -> HandScore:
    """The hand scored as hand `number` of the game (Basra carries count), nothing saved."""
    hands = game.hands[: number - 1] + [hand]
    return compute(game.spec, game.row, hands).hands[-1]


def tallies(game: GameView, score: HandScore) -> list[int | None]:
    """Per side, how many cards the hand gives it (the numbers that follow from others)."""
    if not game.spec.hand_form.has_cards:
        return [None for _ in score.scores]
    return [cards.card_count(detail) for detail in score.details]


def deck_grid(game: GameView) -> list[list[list[cards.Cell]]]:
    """The card form's grid: packs of rows of cells (one row per rank, one cell per suit)."""
    deck = game.spec.hand_form.deck
    return cards.grid(deck(game.row.rules)) if deck is not None else []


def options(game: GameView) -> dict[str, Any]:
    """What the quick form of this game offers (chips, steppers, who follows)."""
    return _forms(game.spec).options(len(game.sides), game.row.rules)

