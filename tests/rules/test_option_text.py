"""Option values have one text form (forms and links), read and refused in one place."""

from __future__ import annotations

import pytest

from companion.rules import gharat, shllaat
from companion.rules.messages import RuleError

PAIRS = next(option for option in gharat.SPEC.options if option.name == "pairs")
TARGET = next(option for option in shllaat.SPEC.options if option.name == "target")
DECK = next(option for option in shllaat.SPEC.options if option.name == "deck")


@pytest.mark.parametrize(("text", "value"), [("true", True), ("True", True), ("false", False)])
def test_switch_reads_true_or_false_in_any_capitals(text: str, value: bool) -> None:
    assert PAIRS.parse(text) is value


def test_switch_is_written_true_or_false() -> None:
    assert [PAIRS.text(True), PAIRS.text(False)] == ["true", "false"]


@pytest.mark.parametrize("text", ["500", "٥٠٠", "۵۰۰"])
def test_target_reads_in_any_digits(text: str) -> None:
    assert TARGET.parse(text) == 500


@pytest.mark.parametrize(("text", "sentence"), [
    ("abc", "Target: enter a whole number."),
    # one pack of Shlla'at holds 252 points; ten times the usual 500 is the most
    ("251", "Target must be at least 252."),
    ("5001", "Target can be at most 5000."),
])
def test_bad_target_text_is_refused_with_the_option_label(text: str, sentence: str) -> None:
    with pytest.raises(RuleError) as refused:
        TARGET.parse(text)
    assert (str(refused.value.message), refused.value.field) == (sentence, "rules.target")


def test_unknown_choice_text_is_refused_with_the_option_label() -> None:
    with pytest.raises(RuleError) as refused:
        DECK.parse("three-decks")
    assert str(refused.value.message) == "Pack: choose one of the choices shown."
