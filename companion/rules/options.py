"""House-rule options and presets as data, and how a request's rules are resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .messages import N_, Msg, RuleError, msg


@dataclass(frozen=True)
class Option:
    """One named house rule.

    `values` lists the allowed choices; None means a whole number of at least `minimum`.
    `label` names the option for people; `explain` maps a value to a plain sentence for
    the rules card (`"*"` is the fallback). Templates may use `{value}` and any other
    option's name, e.g. "Tie for most cards: the {majority_points} points carry over".
    """

    name: str
    default: Any
    label: str
    explain: Mapping[Any, str]
    values: tuple | None = None
    minimum: int = 1
    maximum: int = 100_000  # no table plays to more; a bigger number is a typing slip

    def check(self, value: Any) -> Any:
        field = f"rules.{self.name}"
        if self.values is None:
            if isinstance(value, bool) or not isinstance(value, int) or value < self.minimum:
                raise RuleError(
                    msg(N_("{option} must be a whole number of at least {minimum}."),
                        option=self.name, minimum=self.minimum),
                    field,
                )
            if value > self.maximum:
                raise RuleError(
                    msg(N_("{option} can be at most {maximum}."),
                        option=self.name, maximum=self.maximum),
                    field,
                )
            return value
        if value not in self.values or isinstance(value, bool) != isinstance(self.default, bool):
            raise RuleError(
                msg(N_("{value} is not a choice for {option}; choose one of: {choices}."),
                    value=repr(value), option=self.name,
                    choices=[str(v) for v in self.values]),
                field,
            )
        return value

    def describe(self, rules: Mapping[str, Any]) -> Msg:
        """The rules-card sentence for this option's value in `rules`."""
        value = rules[self.name]
        text = self.explain.get(value, self.explain.get("*", "{value}"))
        return Msg(text, {**rules, "value": value})

    def catalogue(self) -> dict[str, Any]:
        if self.values is None:
            return {"default": self.default, "type": "int", "minimum": self.minimum,
                    "maximum": self.maximum}
        return {"default": self.default, "values": list(self.values)}


def resolve_rules(
    options: tuple[Option, ...],
    presets: Mapping[str, Mapping[str, Any]],
    default_preset: str,
    raw: Any,
) -> dict[str, Any]:
    """Preset values overridden by explicit options; RuleError for anything unknown."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleError(msg(N_("rules must be an object like {example}."),
                            example='{"preset": "egyptian"}'), "rules")
    preset = raw.get("preset", default_preset)
    if not isinstance(preset, str) or preset not in presets:
        raise RuleError(
            msg(N_("There is no preset '{preset}'; choose one of: {choices}."),
                preset=str(preset), choices=list(presets)),
            "rules.preset",
        )
    by_name = {option.name: option for option in options}
    resolved: dict[str, Any] = {"preset": preset}
    resolved.update({option.name: option.default for option in options})
    resolved.update(presets[preset])
    for name, value in raw.items():
        if name == "preset":
            continue
        if name not in by_name:
            raise RuleError(
                msg(N_("There is no house rule '{option}' in this game."), option=str(name)),
                f"rules.{name}",
            )
        resolved[name] = by_name[name].check(value)
    return resolved
