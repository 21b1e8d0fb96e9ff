"""House-rule options and presets as data, and how a request's rules are resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from ..digits import parse_int
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
    values: tuple[Any, ...] | None = None
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

    def text(self, value: Any) -> str:
        """The one text form of a value, in forms and links: "true"/"false" for switches."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def parse(self, text: str) -> Any:
        """The value a form or a link writes as `text` (any digits), checked like `check`.

        Refusals name the option as people read it ("Target: enter a whole number.").
        """
        field, option = f"rules.{self.name}", Msg(self.label)
        if self.values is None:
            number = parse_int(text)
            if number is None:
                raise RuleError(msg(N_("{option}: enter a whole number."), option=option), field)
            if number < self.minimum:
                raise RuleError(msg(N_("{option} must be at least {minimum}."),
                                    option=option, minimum=self.minimum), field)
            if number > self.maximum:
                raise RuleError(msg(N_("{option} can be at most {maximum}."),
                                    option=option, maximum=self.maximum), field)
            return number
        written = text.strip().casefold()  # "True" from older forms reads as "true"
        for value in self.values:
            if self.text(value) == written:
                return value
        raise RuleError(msg(N_("{option}: choose one of the choices shown."), option=option),
                        field)

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


class Rules(dict[str, Any]):
    """A game's resolved rules, frozen: every option's value and the preset they start from.

    Only `resolve_rules` (through `GameSpec.resolve`) makes them. It is a dict so it still
    serialises to JSON and is stored as it is; changing it raises TypeError, so new rules are
    resolved from the spec instead.
    """

    @property
    def preset(self) -> str:
        """The preset the rules start from."""
        return str(self["preset"])

    @property
    def target(self) -> int:
        """The points that end the game."""
        return int(self["target"])

    def _refuse(self) -> NoReturn:
        raise TypeError("Rules are frozen: resolve new rules from the game's spec.")

    def __setitem__(self, key: str, value: Any) -> NoReturn:
        self._refuse()

    def __delitem__(self, key: str) -> NoReturn:
        self._refuse()

    def __ior__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        self._refuse()

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        self._refuse()

    def setdefault(self, *args: Any) -> NoReturn:
        self._refuse()

    def pop(self, *args: Any) -> NoReturn:
        self._refuse()

    def popitem(self) -> NoReturn:
        self._refuse()

    def clear(self) -> NoReturn:
        self._refuse()

    def __reduce__(self) -> tuple[type[Rules], tuple[dict[str, Any]]]:
        # copy and pickle rebuild from a plain dict rather than by setting keys one by one
        return Rules, (dict(self),)


def resolve_rules(
    options: tuple[Option, ...],
    presets: Mapping[str, Mapping[str, Any]],
    default_preset: str,
    raw: Any,
) -> Rules:
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
    return Rules(resolved)
