"""Engine sentences with a count in Arabic (six forms) and Persian, in the reader's digits."""

from __future__ import annotations

import pytest

from companion.i18n import render_msg
from companion.rules.basra import MISCOUNTED
from companion.rules.messages import msgn

from .helpers import in_locale as _in

pytestmark = pytest.mark.store_blind  # no database can change what this checks


def _jacks(count: int):
    return msgn(*MISCOUNTED["jacks"], count=count, total=4)


@pytest.mark.parametrize(("count", "arabic"), [
    (0, "لم يُدخَل أي ولد، والجولة فيها ٤."),
    (1, "أُدخل ولد واحد، والجولة فيها ٤."),
    (2, "أُدخل ولدان، والجولة فيها ٤."),
    (3, "أُدخل ٣ أولاد، والجولة فيها ٤."),
    (11, "أُدخل ١١ ولدًا، والجولة فيها ٤."),
    (100, "أُدخل ١٠٠ ولد، والجولة فيها ٤."),
])
def test_arabic_picks_the_form_for_the_count(app, count, arabic):
    with _in(app, "ar"):
        assert render_msg(_jacks(count)) == arabic


def test_the_count_chooses_the_form_whatever_the_digits(app):
    with _in(app, "ar", "latn"):
        assert render_msg(_jacks(11)) == "أُدخل 11 ولدًا، والجولة فيها 4."
    with _in(app, "ar", "arabext"):
        assert render_msg(_jacks(3)) == "أُدخل ۳ أولاد، والجولة فيها ۴."


@pytest.mark.parametrize("count", [1, 2, 11])
def test_persian_has_one_form(app, count):
    with _in(app, "fa", "latn"):
        assert render_msg(_jacks(count)) == f"{count} سرباز وارد شد، یک دور 4 سرباز دارد."


def test_english_reads_one_jack_and_two_jacks(app):
    with _in(app, "en"):
        assert render_msg(_jacks(1)) == "1 jack entered, a hand has 4."
        assert render_msg(_jacks(2)) == "2 jacks entered, a hand has 4."


def test_the_floor_in_arabic_starts_with_four_cards(app):
    floor = msgn("The floor starts with {n} card.", "The floor starts with {n} cards.",
                 count_param="n", n=4)
    with _in(app, "ar"):
        assert render_msg(floor) == "الأرض تبدأ بـ ٤ أوراق."
