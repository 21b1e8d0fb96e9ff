"""What reads one kind of entry form: a `Reader` for counts or points, a `CardReader` for the
card form. Each game's readers are chosen in forms.py."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from werkzeug.datastructures import MultiDict

Fields = MultiDict[str, str]
Hand = dict[str, Any]
R = TypeVar("R", contravariant=True)


class Reader(Protocol[R]):
    """A form read as counts or points: what it offers, the hand it describes, and back."""

    def nothing_entered(self, fields: Fields, /) -> bool:
        """Nothing about the hand is filled in yet (a side chosen counts as something)."""
        ...

    def options(self, sides: int, rules: R, /) -> dict[str, Any]:
        """What the form offers (chips, steppers, who follows)."""
        ...

    def read_quick(self, fields: Fields, names: list[str], rules: R, /) -> Hand:
        """The hand the fields describe; RuleError (or several) naming what is wrong."""
        ...

    def quick_fields(self, hand: Hand, names: list[str], rules: R, /) -> Fields:
        """The fields that show a stored hand again, for a correction."""
        ...


class CardReader(Protocol[R]):
    """The card form: every card of the deck assigned to the side that captured it."""

    def read_cards(self, fields: Fields, names: list[str], rules: R, /) -> Hand:
        """The hand the assigned cards describe."""
        ...

    def cards_fields(self, hand: Hand, names: list[str], /) -> Fields:
        """The fields that show a stored hand's cards again."""
        ...
