"""One hand being entered or corrected, as one object: built once from the game, the mode and
the submitted fields, it has the hand, its problems, the preview, the options and the grid."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...rules.messages import NOTHING_ENTERED, Msg, RuleError, msg, naming
from ...rules.scores import HandScore
from ...services.games import GameView, compute
from . import cards
from .forms import card_reader, points_reader, quick_reader
from .modes import CARDS, POINTS, QUICK, modes, pick_mode
from .problems import form_field
from .reader import CardReader, Fields, Hand, Reader


@dataclass
class HandEntry:
    """The form for hand `number` (None: a new hand) of `game`, in `mode`, as filled in."""

    game: GameView
    mode: str
    fields: Fields
    number: int | None = None
    refusal: RuleError | None = None  # why a save of these fields was refused
    reader: Reader[Any] = field(init=False)
    card_form: CardReader[Any] | None = field(init=False)

    def __post_init__(self) -> None:
        self.mode = pick_mode(self.game.spec, self.mode)
        form = self.game.spec.hand_form
        points = points_reader(form) if self.mode == POINTS else None
        self.reader = points or quick_reader(form)
        self.card_form = card_reader(form)

    @classmethod
    def correcting(cls, game: GameView, number: int, wish: str | None) -> HandEntry:
        """The form showing stored hand `number`, in the wished mode if the game has it."""
        hand = game.hands[number - 1]
        mode, fields = stored_fields(game, hand)
        wanted = pick_mode(game.spec, wish, mode)
        return cls(game, wanted, fields if wanted == mode else Fields(), number)

    def refuse(self, error: RuleError, fields: Fields | None = None) -> HandEntry:
        """This entry, shown again saying why its save was refused (with `fields` if given)."""
        return HandEntry(self.game, self.mode, self.fields if fields is None else fields,
                         self.number, error)

    @property
    def hand_number(self) -> int:
        """The number the hand has in the game: the corrected one's, else the next."""
        return self.number or len(self.game.hands) + 1

    @property
    def modes(self) -> tuple[str, ...]:
        return modes(self.game.spec)

    @cached_property
    def _read(self) -> tuple[Hand | None, RuleError | None]:
        try:
            return self.read(), None
        except RuleError as problem:
            return None, problem

    def read(self) -> Hand:
        """The hand the fields describe; RuleError naming the players when something is
        missing (RuleErrors when several things are)."""
        if self.reader.nothing_entered(self.fields):
            raise RuleError(msg(NOTHING_ENTERED))
        game = self.game
        if self.mode == CARDS and self.card_form is not None:
            return self.card_form.read_cards(self.fields, game.sides, game.rules)
        return self.reader.read_quick(self.fields, game.sides, game.rules)

    @property
    def hand(self) -> Hand | None:
        """The hand, or None when the fields do not describe one (see `problems`)."""
        return self._read[0]

    def checked(self) -> Hand:
        """The hand, for a save; the RuleError of what the fields lack or get wrong."""
        hand, problem = self._read
        if problem is not None:
            raise problem
        assert hand is not None  # read, or refused with a problem
        return hand

    @cached_property
    def _scored(self) -> tuple[HandScore | None, RuleError | None]:
        hand, problem = self._read
        if self.refusal is not None or hand is None:
            return None, self.refusal or problem
        try:
            return preview(self.game, self.hand_number, hand), None
        except RuleError as refused:
            return None, refused

    @property
    def preview(self) -> HandScore | None:
        """The hand scored as hand `hand_number` of the game (Basra carries count)."""
        return self._scored[0]

    @cached_property
    def _problems(self) -> tuple[list[Msg], dict[str, list[Msg]]]:
        return problems(self.game, self._scored[1])

    @property
    def problems(self) -> list[Msg]:
        """The sentences of what is missing or impossible, players named."""
        return self._problems[0]

    @property
    def invalid(self) -> dict[str, list[Msg]]:
        """Those sentences by the form field they are about."""
        return self._problems[1]

    @property
    def tallies(self) -> list[int | None]:
        """Per side, how many cards the hand gives it (the numbers that follow from others)."""
        score = self.preview
        if score is None:
            return []
        if not self.game.spec.hand_form.has_cards:
            return [None for _ in score.scores]
        return [cards.card_count(detail) for detail in score.details]

    @property
    def options(self) -> dict[str, Any]:
        """What the form offers in this mode (chips, steppers, who follows)."""
        return self.reader.options(len(self.game.sides), self.game.rules)

    @property
    def grid(self) -> list[list[list[cards.Cell]]] | None:
        """The card form's grid, packs of rows of cells; None in the other modes."""
        deck = self.game.spec.hand_form.deck
        if self.mode != CARDS or deck is None:
            return None
        return cards.grid(deck(self.game.rules))

    def shown(self) -> dict[str, Any]:
        """What the form's templates show of this entry."""
        return {"game": self.game, "mode": self.mode, "modes": self.modes,
                "fields": self.fields, "number": self.number, "hand_number": self.hand_number,
                "options": self.options, "grid": self.grid, "score": self.preview,
                "tallies": self.tallies, "problems": self.problems, "invalid": self.invalid,
                "refused": self.refusal is not None}


def stored_fields(game: GameView, hand: Hand) -> tuple[str, Fields]:
    """(mode, fields) that show a stored hand in the form."""
    form = game.spec.hand_form
    points, card_form = points_reader(form), card_reader(form)
    if "points" in hand and points is not None:
        return POINTS, points.quick_fields(hand, game.sides, game.rules)
    if "captured" in hand and card_form is not None:
        return CARDS, card_form.cards_fields(hand, game.sides)
    return QUICK, quick_reader(form).quick_fields(hand, game.sides, game.rules)


def preview(game: GameView, number: int, hand: Hand) -> HandScore:
    """The hand scored as hand `number` of the game, nothing saved."""
    hands = game.hands[: number - 1] + [hand]
    return compute(game.spec, game.row, hands).hands[-1]


def problems(game: GameView,
             error: RuleError | None) -> tuple[list[Msg], dict[str, list[Msg]]]:
    """The sentences of a refused form, players named, and those about each form field."""
    if error is None:
        return [], {}
    found = [(naming(problem.message, game.sides), form_field(problem.field))
             for problem in error.problems]
    by_field: dict[str, list[Msg]] = {}
    for message, name in found:
        if name:
            by_field.setdefault(name, []).append(message)
    return [message for message, _ in found], by_field
