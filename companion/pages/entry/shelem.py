"""Shelem hands from the entry form: the bidding team, its bid and the points it took."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules.messages import N_, Problems, msg
from ...rules.shelem import (
    BID_STEP,
    MIN_BID,
    MIN_BIDDER_POINTS,
    NOT_A_BID,
    SHELEM_DOUBLE,
    ShelemRules,
    cheating_rule,
    missing_field,
    not_points,
    pack_total,
)
from .fields import all_blank, number, side, to_fields

# Fields choosing a side: "0" there is the first team, not nothing.
CHOICES = ("bidder", "cheating")


def nothing_entered(fields: MultiDict[str, str]) -> bool:
    return all_blank(fields, CHOICES)


def options(_sides: int, rules: ShelemRules) -> dict[str, Any]:
    total = pack_total(rules)
    # Every possible points figure is a chip, so any outcome (Yâsâ, Shelem...) is one tap.
    return {"bids": list(range(MIN_BID, total + 1, BID_STEP)), "total": total,
            "step": BID_STEP, "low": MIN_BID, "points_low": MIN_BIDDER_POINTS,
            "points": list(range(MIN_BIDDER_POINTS, total + 1, BID_STEP)),
            "cheating_rule": cheating_rule(rules)}


def read_quick(fields: MultiDict[str, str], names: list[str],
               rules: ShelemRules) -> dict[str, Any]:
    """The hand; a number is handed to the rules as typed (a negative bid included), so that
    they refuse it in the API's sentence."""
    if fields.get("all_passed"):
        return {"all_passed": True}
    problems = Problems()
    bidder = problems.read(0, side, fields, "bidder", len(names), missing_field("bidder"))
    bid: int | str = SHELEM_DOUBLE
    if not fields.get("double"):
        bid = problems.read(0, number, fields, "bid", msg(NOT_A_BID), missing_field("bid"),
                            True)
    # The points start at the bid: a bid made exactly needs no more taps. A Shelem Double
    # has no such start: every trick (the pack's points) or not is a chip to tap.
    points: int | str = bid
    if (fields.get("bidder_points") or "").strip() or bid == SHELEM_DOUBLE:
        points = problems.read(0, number, fields, "bidder_points", not_points(rules),
                               missing_field("bidder_points"), True)
    cheater = None
    if (fields.get("cheating") or "").strip():
        cheater = problems.read(None, side, fields, "cheating", len(names),
                                msg(N_("Choose the team caught cheating.")))
    problems.check()
    hand: dict[str, Any] = {"bidder": bidder, "bid": bid, "bidder_points": points}
    return hand if cheater is None else {**hand, "cheating": cheater}


def quick_fields(hand: dict[str, Any], _names: list[str],
                 _rules: ShelemRules) -> MultiDict[str, str]:
    if hand.get("all_passed"):
        return to_fields({})
    double = hand.get("bid") == SHELEM_DOUBLE
    return to_fields({"bidder": hand.get("bidder"), "double": "1" if double else "",
                      "bid": "" if double else hand.get("bid"),
                      "bidder_points": hand.get("bidder_points"),
                      "cheating": hand.get("cheating")})
