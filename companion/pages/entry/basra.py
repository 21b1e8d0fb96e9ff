"""Basra hands from the entry form: counts (quick) or every card by side."""

from __future__ import annotations

from collections import Counter
from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules.basra import (
    HAND_CARDS,
    HOLDERS,
    MISCOUNTED,
    cards_missing,
    holder_missing,
    not_a_count,
)
from ...rules.basra_capture import jack_basra_times
from ...rules.basra_rules import BasraRules
from ...rules.cards import RANKS, parse_card
from ...rules.messages import N_, Msg, Problems, RuleError, msg
from . import cards
from .fields import all_blank, follow, number, side, to_fields

HONOURS = ("jacks", "aces")
BASRA_SLOTS = 8  # rank pickers per side when basras are valued by their card
CHIP_SPREAD = 6
# Fields choosing a side: "0" there is the first side, not nothing.
CHOICES = ("two_of_clubs", "ten_of_diamonds")
# Suits given to a basra entered by rank alone: the 2♣ and 10♦ last, as they score apart.
_SUITS = {"2": "SHDC", "10": "SHCD"}


def by_card(rules: BasraRules) -> bool:
    """Basras are worth different points by their card, so the form asks for it."""
    return rules.basra_value == "double_face" or jack_basra_times(rules) == 2


def nothing_entered(fields: MultiDict[str, str]) -> bool:
    return all_blank(fields, CHOICES)


def options(sides: int, rules: BasraRules) -> dict[str, Any]:
    middle = HAND_CARDS // sides
    ranks = [rank for rank in RANKS if rank != "J" or jack_basra_times(rules)]
    return {"chips": list(range(middle - CHIP_SPREAD, middle + CHIP_SPREAD + 1)),
            "by_card": by_card(rules), "rank_choices": [(rank, rank) for rank in ranks],
            "basra_max": BASRA_SLOTS if by_card(rules) else HAND_CARDS // 2}


def read_quick(fields: MultiDict[str, str], names: list[str], rules: BasraRules) -> dict[str, Any]:
    """The hand in counts; every missing or unreadable field is reported at once."""
    last, problems = len(names) - 1, Problems()

    def counted(key: str, i: int, missing: Msg | None = None) -> int:
        return problems.read(0, number, fields, f"{key}_{i}", not_a_count(key, i), missing)

    cards = [counted("cards", i, cards_missing(i)) for i in range(last)]
    honours = {key: [counted(key, i) for i in range(last)] for key in HONOURS}
    holders = {key: problems.read(0, side, fields, key, len(names), holder_missing(key))
               for key in HOLDERS}
    counts = [counted("basras", i) for i in range(len(names))]
    problems.check()
    hand: dict[str, Any] = {"cards": follow(cards, HAND_CARDS, MISCOUNTED["cards"])}
    for key in HONOURS:
        hand[key] = follow(honours[key], 4, MISCOUNTED[key])
    hand.update(holders)
    hand["basras"] = _named_basras(fields, names, counts) if by_card(rules) else counts
    return hand


def _named_basras(fields: MultiDict[str, str], names: list[str],
                  counts: list[int]) -> list[list[str]]:
    """The card of each basra from its rank, each rank's suits handed out in turn."""
    if max(counts) > BASRA_SLOTS:
        raise RuleError(msg(N_("At most {count} basras per side can be entered here."),
                            count=BASRA_SLOTS), "basras")
    used: Counter[str] = Counter()
    named = []
    for i, count in enumerate(counts):
        pile = []
        for k in range(count):
            rank = fields.get(f"basra_rank_{i}_{k}", "")
            if rank not in RANKS:
                raise RuleError(msg(N_("Choose the card that made each basra of {side}."),
                                    side=names[i]), f"basra_rank_{i}_{k}")
            suits = _SUITS.get(rank, "SHDC")
            pile.append(rank + suits[used[rank] % len(suits)])
            used[rank] += 1
        named.append(pile)
    return named


def read_cards(fields: MultiDict[str, str], names: list[str], _rules: BasraRules) -> dict[str, Any]:
    piles = cards.captured(fields, len(names))
    return {"captured": piles,
            "basras": [[card for card in pile if fields.get("basra_" + card)] for pile in piles]}


def quick_fields(hand: dict[str, Any], names: list[str], _rules: BasraRules) -> MultiDict[str, str]:
    values: dict[str, Any] = {}
    for key in ("cards", "jacks", "aces"):
        for i, count in enumerate(hand.get(key, [])[:-1]):
            values[f"{key}_{i}"] = count
    values["two_of_clubs"] = hand.get("two_of_clubs")
    values["ten_of_diamonds"] = hand.get("ten_of_diamonds")
    for i, entry in enumerate(hand.get("basras", [])):
        named = entry if isinstance(entry, list) else []
        values[f"basras_{i}"] = len(named) if isinstance(entry, list) else entry
        for k, card in enumerate(named):
            values[f"basra_rank_{i}_{k}"] = parse_card(card).rank
    return to_fields(values)


def cards_fields(hand: dict[str, Any], _names: list[str]) -> MultiDict[str, str]:
    values: dict[str, Any] = cards.assignments(hand["captured"])
    for entry in hand.get("basras", []):
        for card in entry if isinstance(entry, list) else []:
            values["basra_" + str(parse_card(card))] = "1"
    return to_fields(values)
