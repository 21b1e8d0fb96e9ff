"""Basra's house rules and presets as data, and the typed rules they resolve to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .messages import N_
from .options import Option, OptionValue, Rules, resolve_rules


@dataclass(frozen=True)
class BasraRules(Rules):
    """A Basra game's rules, resolved from its preset and house rules."""

    majority_points: int
    majority_tie: Literal["carry", "none"]
    basra_value: Literal["flat", "double_face"]
    jack_on_lone_jack: Literal["none", "double", "single"]
    seven_of_diamonds: Literal["egyptian", "lobashev", "none"]
    basra_rule: Literal["clear_floor", "lone_card"]
    hand_size: Literal[4, 6]


OPTIONS = (
    Option("majority_points", 30, N_("Points for most cards"), {
        "*": N_("Most cards: the side with more cards than every other side scores "
                "{majority_points} points."),
    }, minimum=0),
    Option("majority_tie", "carry", N_("Tie for most cards"), {
        "carry": N_("Tie for most cards: the {majority_points} points carry to the next hand."),
        "none": N_("Tie for most cards: nobody scores the {majority_points} points."),
    }, ("carry", "none")),
    Option("basra_value", "flat", N_("Basra value"), {
        "flat": N_("Each basra scores 10 points."),
        "double_face": N_("A basra scores twice the face value of the card that makes it, "
                          "pictures counting 10: A 2, 7 14, Q 20."),
    }, ("flat", "double_face")),
    Option("jack_on_lone_jack", "none", N_("Jack on a lone jack"), {
        "none": N_("A jack never makes a basra, not even on a lone jack."),
        "double": N_("A jack taking a lone jack is a double basra: it counts as two basras."),
        "single": N_("A jack taking a lone jack is an ordinary basra."),
    }, ("none", "double", "single")),
    Option("seven_of_diamonds", "egyptian", N_("Seven of diamonds"), {
        "egyptian": N_("The 7♦ takes the whole floor; it is a basra when the floor is all "
                       "numerals adding up to 10 or less."),
        "lobashev": N_("The 7♦ takes the whole floor; it is a basra when the floor adds up to "
                       "less than 10, holds only 10s, queens and kings, or splits into two or "
                       "more groups of equal sum below 10."),
        "none": N_("The 7♦ is an ordinary 7."),
    }, ("egyptian", "lobashev", "none")),
    Option("basra_rule", "clear_floor", N_("What makes a basra"), {
        "clear_floor": N_("A basra is a capture that clears the floor, made with a card other "
                          "than a jack."),
        "lone_card": N_("A basra is taking a lone card by matching it, or taking a lone card and "
                        "the card played onto it with one card equal to their sum."),
    }, ("clear_floor", "lone_card")),
    Option("hand_size", 4, N_("Cards per deal"), {
        4: N_("Each player gets 4 cards per deal."),
        6: N_("Each player gets 6 cards per deal (4 with 3 players)."),
    }, (4, 6)),
    Option("target", 101, N_("Target"), {
        "*": N_("The game ends when a side reaches {target} points: the higher total wins, and "
                "a tie at the top plays on."),
    },
        # below one hand's points (16 in the Lebanese game, the least) one hand may settle
        # the game; above ten times the longest target named (150) is a typing slip
        # (docs/rulings-targets.md)
        minimum=16, maximum=1500),
)

_EGYPTIAN: dict[str, OptionValue] = {
    "majority_points": 30, "majority_tie": "carry", "basra_value": "flat",
    "jack_on_lone_jack": "none", "seven_of_diamonds": "egyptian",
    "basra_rule": "clear_floor", "hand_size": 4, "target": 101,
}
PRESETS: dict[str, dict[str, OptionValue]] = {
    "egyptian": _EGYPTIAN,
    "jordanian": {**_EGYPTIAN, "basra_value": "double_face"},
    "yemeni": {**_EGYPTIAN, "jack_on_lone_jack": "double", "seven_of_diamonds": "lobashev"},
    "lebanese": {**_EGYPTIAN, "majority_points": 3, "majority_tie": "none",
                 "jack_on_lone_jack": "single", "seven_of_diamonds": "none",
                 "basra_rule": "lone_card", "hand_size": 6},
}


def resolve(raw: object) -> BasraRules:
    """Basra rules from a request or from storage (`SPEC.resolve` is the same)."""
    return resolve_rules(BasraRules, OPTIONS, PRESETS, "egyptian", raw)
