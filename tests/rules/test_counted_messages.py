"""Sentences whose words agree with a count: "1 jack entered", "2 jacks entered"."""

from __future__ import annotations

import pytest

from companion.rules import basra, shllaat
from companion.rules.messages import N_, RuleError, msg, msgn, sentences


def _basra_counts(cards, jacks, aces, two_of_clubs=1, ten_of_diamonds=1):
    return {"cards": cards, "jacks": jacks, "aces": aces, "two_of_clubs": two_of_clubs,
            "ten_of_diamonds": ten_of_diamonds}


def _basra_error(hand: dict) -> str:
    with pytest.raises(RuleError) as error:
        basra.SPEC.score_written(basra.SPEC.resolve({}), hand, 2)
    return str(error.value.message)


@pytest.mark.parametrize(("jacks", "sentence"), [
    ([1, 0], "1 jack entered, a hand has 4."),
    ([1, 1], "2 jacks entered, a hand has 4."),
    ([0, 0], "0 jacks entered, a hand has 4."),
])
def test_a_jack_count_reads_in_the_singular_only_for_one(jacks, sentence):
    assert _basra_error(_basra_counts([26, 26], jacks, [2, 2])) == sentence


def test_a_side_with_one_card_has_one_card_not_one_cards():
    # side 1 holds the 2♣ and the 10♦ besides 2 jacks and 2 aces: 6 cards at least
    assert _basra_error(_basra_counts([1, 51], [2, 2], [2, 2], 0, 0)).startswith(
        "Side 1 has 1 card, fewer than the 6 that")


def test_one_captured_card_is_one_card_entered():
    with pytest.raises(RuleError, match=r"^1 card entered, a hand has 54\.$"):
        shllaat.SPEC.score_written(shllaat.SPEC.resolve({}), {"captured": [["AS"], []]}, 2)


def test_counted_sentences_inside_others_and_after_them_agree_too():
    jacks = msgn("{count} jack", "{count} jacks", count=1)
    cards = msgn("{n} card is left.", "{n} cards are left.", count_param="n", n=3)
    told = sentences(msg(N_("Found {what}."), what=jacks), cards)
    assert str(told) == "Found 1 jack. 3 cards are left."
