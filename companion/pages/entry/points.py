"""Shlla'at and Ghârat hands as each player's counted points.

Where a hand's points add up to the pack's exactly (Shlla'at), the last player's follow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from ...rules.cards import Deck
from ...rules.fishing import CardValues, not_points, points_problem, too_many_points
from ...rules.messages import Msg, Problems, RuleError
from ...rules.options import Rules
from .fields import all_blank, number, to_fields


def field(i: int) -> str:
    return f"points_{i}"


@dataclass(frozen=True)
class PointsForm:
    """A fishing game's points form: its card values and deck give the pack's total."""

    values: CardValues
    deck: Callable[[Rules], Deck]
    exact: bool  # the points add up to the pack's total, so the last player's follow

    def nothing_entered(self, fields: MultiDict[str, str]) -> bool:
        """A typed 0 is an entry where the last player's points follow (they have it all)."""
        return all_blank(fields, zero_entered=self.exact)

    def options(self, _sides: int, rules: Rules) -> dict[str, Any]:
        return {"total": self.values.in_pack(self.deck(rules)), "step": self.values.step,
                "follows": self.exact}

    def read_quick(self, fields: MultiDict[str, str], names: list[str],
                   rules: Rules) -> dict[str, Any]:
        """{"points": [...]}: each entered field, blank as 0, and the follower's share."""
        problems = Problems()
        entered = names[:-1] if self.exact else names
        points = [problems.read(0, self._one, fields, i, name)
                  for i, name in enumerate(entered)]
        problems.check()
        if self.exact:
            total = self.values.in_pack(self.deck(rules))
            if sum(points) > total:
                raise RuleError(too_many_points(sum(points), total), field(0))
            points.append(total - sum(points))
        return {"points": points}

    def _one(self, fields: MultiDict[str, str], i: int, name: str) -> int:
        points = number(fields, field(i), not_points(name))
        problem: Msg | None = points_problem(points, self.values.step, name)
        if problem is not None:
            raise RuleError(problem, field(i))
        return points

    def quick_fields(self, hand: dict[str, Any], names: list[str],
                     _rules: Rules) -> MultiDict[str, str]:
        """Fields from a stored points hand; partners' points are added up per side."""
        values: dict[str, int] = {}
        for i, points in enumerate(hand["points"]):
            name = field(i % len(names))
            values[name] = values.get(name, 0) + points
        return to_fields(values)
