"""Each game's entry-form readers, as its spec's hand form says.

Every `QuickForm` member is matched here, the last case `assert_never`: a member added without
its reader fails mypy (tests/test_entry_forms_typed.py adds one to see it).
"""

from __future__ import annotations

from typing import Any, assert_never

from ...rules.spec import HandForm, QuickForm
from . import basra, shelem
from .fishing import FishingForm
from .points import PointsForm
from .reader import CardReader, Reader


def quick_reader(form: HandForm[Any]) -> Reader[Any]:
    """The reader of the game's quick (counts) form."""
    match form.quick:
        case QuickForm.BASRA:
            return basra
        case QuickForm.SHELEM:
            return shelem
        case QuickForm.FISHING:
            return _fishing(form)
        case _:
            assert_never(form.quick)


def card_reader(form: HandForm[Any]) -> CardReader[Any] | None:
    """The reader of the game's card form; None where hands are not captured cards."""
    if not form.has_cards:
        return None
    match form.quick:
        case QuickForm.BASRA:
            return basra
        case QuickForm.FISHING:
            return _fishing(form)
        case QuickForm.SHELEM:
            return None  # a bid and points: no cards to enter
        case _:
            assert_never(form.quick)


def points_reader(form: HandForm[Any]) -> Reader[Any] | None:
    """The reader of each player's counted points; None where the game has no points form."""
    if not form.has_points:
        return None
    assert form.values is not None and form.deck is not None  # a points form has both
    return PointsForm(form.values, form.deck, bool(form.points_exact))


def _fishing(form: HandForm[Any]) -> FishingForm:
    assert form.values is not None and form.deck is not None  # a fishing form has both
    return FishingForm(form.values, form.deck, form.follows)
