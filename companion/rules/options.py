"""House-rule options and presets as data, and how a request's rules are resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from ..digits import parse_int, too_long
from .messages import N_, Msg, RuleError, msg

# What a house rule can be: a choice named by text, a number, or a switch.
OptionValue = str | int | bool


@dataclass(frozen=True)
class Option:
    """One named house rule.

    `values` lists the allowed choices; None means a whole number of at least `minimum`.
    `label` names the option for people; `explain` maps a value to a plain sentence for
    the rules card (`"*"` is the fallback). Templates may use `{value}` and any other
    option's name, e.g. "Tie for most cards: the {majority_points} points carry over".
    """

    name: str
    default: OptionValue
    label: str
    explain: Mapping[OptionValue, str]
    values: tuple[OptionValue, ...] | None = None
    minimum: int = 1
    maximum: int = 100_000  # no table plays to more; a bigger number is a typing slip

    def check(self, value: object) -> OptionValue:
        field = f"rules.{self.name}"
        if self.values is None:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(msg(N_("{option}: enter a whole number."),
                                    option=Msg(self.label)), field)
            return self._in_range(value)
        if not isinstance(value, OptionValue) or value not in self.values or (
                isinstance(value, bool) != isinstance(self.default, bool)):
            raise RuleError(
                msg(N_("{value} is not a choice for {option}; choose one of: {choices}."),
                    value=repr(value), option=self.name,
                    choices=[str(v) for v in self.values]),
                field,
            )
        return value

    def text(self, value: OptionValue) -> str:
        """The one text form of a value, in forms and links: "true"/"false" for switches."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def parse(self, text: str) -> OptionValue:
        """The value a form or a link writes as `text` (any digits), checked like `check`.

        Refusals name the option as people read it ("Target: enter a whole number.").
        """
        field, option = f"rules.{self.name}", Msg(self.label)
        if self.values is None:
            number = parse_int(text)
            if too_long(text):  # a whole number, just too big: said as the API says it
                number = self.maximum + 1
            if number is None:
                raise RuleError(msg(N_("{option}: enter a whole number."), option=option), field)
            return self._in_range(number)
        written = text.strip().casefold()  # "True" from older forms reads as "true"
        for value in self.values:
            if self.text(value) == written:
                return value
        raise RuleError(msg(N_("{option}: choose one of the choices shown."), option=option),
                        field)

    def _in_range(self, number: int) -> int:
        """`number` if it lies within the bounds; pages and the API word a refusal alike."""
        field, option = f"rules.{self.name}", Msg(self.label)
        if number < self.minimum:
            raise RuleError(msg(N_("{option} must be at least {minimum}."),
                                option=option, minimum=self.minimum), field)
        if number > self.maximum:
            raise RuleError(msg(N_("{option} can be at most {maximum}."),
                                option=option, maximum=self.maximum), field)
        return number

    def value_in(self, rules: Rules) -> OptionValue:
        """This option's value in `rules`: for code that goes through every option."""
        value: OptionValue = getattr(rules, self.name)
        return value

    def describe(self, rules: Rules, value: OptionValue | None = None) -> Msg:
        """The rules-card sentence for this option's value in `rules` (or for `value`, the
        other rules as they are)."""
        value = self.value_in(rules) if value is None else value
        text = self.explain.get(value, self.explain.get("*", "{value}"))
        return Msg(text, {**rules.as_dict(), "value": value})

    def catalogue(self) -> dict[str, object]:
        if self.values is None:
            return {"default": self.default, "type": "int", "minimum": self.minimum,
                    "maximum": self.maximum}
        return {"default": self.default, "values": list(self.values)}


@dataclass(frozen=True)
class Rules:
    """A game's resolved rules, frozen: the preset they start from and every option's value.

    Each game declares its own subclass with one typed attribute per option (`BasraRules`);
    only `resolve_rules` (through `GameSpec.resolve`) makes them, so they are always valid.
    Stored and answered as JSON through `as_dict`.
    """

    preset: str
    target: int  # the points that end the game: every game has one

    def as_dict(self) -> dict[str, Any]:
        """The rules as JSON stores them: the preset and each option by name."""
        return {item.name: getattr(self, item.name) for item in fields(self)}


R = TypeVar("R", bound=Rules)


def resolve_rules(
    rules_type: type[R],
    options: tuple[Option, ...],
    presets: Mapping[str, Mapping[str, OptionValue]],
    default_preset: str,
    raw: object,
) -> R:
    """Preset values overridden by explicit options; RuleError for anything unknown."""
    if raw is None:
        raw = {}
    if isinstance(raw, Rules):
        raw = raw.as_dict()
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
    resolved: dict[str, Any] = {"preset": preset}  # checked: the class matches the options
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
    return rules_type(**resolved)


def check_rules_type(rules_type: type[Rules], options: tuple[Option, ...]) -> None:
    """A game's rules class has exactly an attribute per option, besides the preset."""
    names = {item.name for item in fields(rules_type)} - {"preset"}
    if names != {option.name for option in options}:
        raise TypeError(f"{rules_type.__name__} does not match the game's options")
