"""Hand entry: the entry form's fields turned into the API's hand dicts, and back.

Each game has a quick (count) form; the fishing games also have a points form (each player's
counted points, the fastest) and a card form where every card of the deck is assigned to the
side that captured it. Fields are plain strings, so a form refused for an impossible hand is
shown again exactly as the scorer left it.
"""

from __future__ import annotations

import re
from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules.messages import N_, NOTHING_ENTERED, Msg, RuleError, msg, naming
from ...rules.scores import HandScore
from ...rules.spec import GameSpec, QuickForm
from ...services.games import GameView, compute
from . import basra, cards, shelem
from .fields import nothing_entered
from .fishing import FishingForm
from .points import PointsForm

QUICK, CARDS, POINTS = "quick", "cards", "points"

Fields = MultiDict[str, str]


def _forms(spec: GameSpec[Any, Any], mode: str = QUICK) -> Any:
    """The reader of this game's entry forms, as its spec's hand form says."""
    form = spec.hand_form
    if mode == POINTS and form.has_points:
        assert form.values is not None and form.deck is not None  # a points form has both
        return PointsForm(form.values, form.deck, bool(form.points_exact))
    # Every kind of quick form has its reader (mypy checks that none is left out); a
    # fishing form is built from its spec's values.
    match form.quick:
        case QuickForm.BASRA:
            return basra
        case QuickForm.SHELEM:
            return shelem
        case QuickForm.FISHING:
            assert form.values is not None and form.deck is not None  # a fishing form has both
            return FishingForm(form.values, form.deck, form.follows)


def modes(spec: GameSpec[Any, Any]) -> tuple[str, ...]:
    """Ways to enter a hand, the quickest first; hands that are not captured cards (a bid)
    have no card form."""
    form = spec.hand_form
    return ((POINTS,) if form.has_points else ()) + ((QUICK, CARDS) if form.has_cards
                                                      else (QUICK,))


def pick_mode(spec: GameSpec[Any, Any], *wishes: str | None) -> str:
    """The first wished mode the game has, else its quickest."""
    return next((wish for wish in wishes if wish in modes(spec)), modes(spec)[0])


# How the mode switch names each way of entering a hand.
MODE_LABELS = {POINTS: N_("Points"), QUICK: N_("Counts"), CARDS: N_("Cards")}


def read_hand(game: GameView, mode: str, fields: Fields) -> dict[str, Any]:
    """The hand the form describes; RuleError naming the players when something is missing
    (RuleErrors when several things are)."""
    forms = _forms(game.spec, mode)
    if nothing_entered(fields, getattr(forms, "CHOICES", ()),
                       getattr(forms, "zero_entered", False)):
        raise RuleError(msg(NOTHING_ENTERED))
    read = forms.read_cards if mode == CARDS and mode in modes(game.spec) else forms.read_quick
    hand: dict[str, Any] = read(fields, game.sides, game.rules)
    return hand


def fields_for(game: GameView, hand: dict[str, Any]) -> tuple[str, Fields]:
    """(mode, fields) that show a stored hand in the form, for a correction."""
    if "points" in hand and POINTS in modes(game.spec):
        return POINTS, _forms(game.spec, POINTS).quick_fields(hand, game.sides, game.rules)
    forms = _forms(game.spec)
    if "captured" in hand and CARDS in modes(game.spec):
        return CARDS, forms.cards_fields(hand, game.sides)
    return QUICK, forms.quick_fields(hand, game.sides, game.rules)


def problems(game: GameView, error: RuleError) -> tuple[list[Msg], dict[str, list[Msg]]]:
    """The sentences of a refused form, players named, and those about each form field."""
    found = [(naming(problem.message, game.sides), form_field(problem.field))
             for problem in error.problems]
    by_field: dict[str, list[Msg]] = {}
    for message, name in found:
        if name:
            by_field.setdefault(name, []).append(message)
    return [message for message, _ in found], by_field


def form_field(field: str | None) -> str | None:
    """The form field an error is about: `hand.cards[1]` is `cards_1`, `hand` is none."""
    found = _ENGINE_FIELD.fullmatch(field or "")
    if found is None:
        return field or None
    key, index = found.group("key", "index")
    return None if key is None else key if index is None else f"{key}_{index}"


# `hand.cards[1]` from scoring a hand, `hands[3].cards[1]` from playing the game through.
_ENGINE_FIELD = re.compile(r"hands?(?:\[\d+\])?(?:\.(?P<key>\w+)(?:\[(?P<index>\d+)\])?)?")


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
    return cards.grid(deck(game.rules)) if deck is not None else []


def options(game: GameView, mode: str = QUICK) -> dict[str, Any]:
    """What the form of this game offers in `mode` (chips, steppers, who follows)."""
    offered: dict[str, Any] = _forms(game.spec, mode).options(len(game.sides), game.rules)
    return offered

