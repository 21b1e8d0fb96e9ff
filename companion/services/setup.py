"""The new-game form: what it shows for a game and its preset, and what it creates."""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from ..digits import parse_int
from ..rules.messages import N_, Msg, RuleError, msg
from ..rules.options import Option, Rules
from ..rules.spec import GameSpec
from . import games
from .seating import OPPOSITE_PARTNERS

TEAMS_OPPOSITE, TEAMS_NONE = "opposite", "none"
DEFAULT_PLAYERS = 4
# The engine names presets by key; people read these.
PRESET_TITLES = {
    "egyptian": N_("Egyptian"), "jordanian": N_("Jordanian"), "yemeni": N_("Yemeni"),
    "lebanese": N_("Lebanese"), "standard": N_("Standard"), "easy": N_("Easy (pairs)"),
    "two-decks": N_("Two packs"),
}


# Short names of house-rule values, for chips where a whole sentence does not fit.
VALUE_TITLES = {
    "carry": N_("carry over"), "none": N_("none"), "flat": N_("flat 10"),
    "double_face": N_("twice the card"), "double": N_("double"), "single": N_("single"),
    "egyptian": N_("Egyptian"), "lobashev": N_("Lobashev"), "clear_floor": N_("clear the floor"),
    "lone_card": N_("lone card"), "standard": N_("Standard"), "two-decks": N_("Two packs"),
    "play_on": N_("play on"), "all_win": N_("all tied win"), "whole_pile": N_("whole pile"),
    "top_card": N_("top card"), "compulsory": N_("compulsory"), "optional": N_("optional"),
    "points": N_("points taken"), "bid": N_("the bid"), "total": N_("pack total"),
    "double_bid": N_("twice the bid"), "deduct": N_("bid deducted too"),
    "instead": N_("minus the bid instead"), True: N_("on"), False: N_("off"),
}


def preset_title(name: str) -> Msg:
    return Msg(PRESET_TITLES.get(name, name))


def value_title(value: Any) -> Msg:
    """A house-rule value in a word or two: "carry over", "twice the card", "on"."""
    if isinstance(value, bool):
        return Msg(VALUE_TITLES[value])
    if isinstance(value, int):  # a number (1 would otherwise read as True: "on")
        return Msg(str(value))
    return Msg(VALUE_TITLES.get(value, str(value)))


def rules_title(spec: GameSpec[Any, Any], rules: Rules) -> Msg:
    """The preset, and every house rule that differs from it: "Egyptian, with Seven of
    diamonds: Lobashev", so a title never names a preset its rules do not follow."""
    preset = spec.presets.get(rules.preset, {})
    changes = [msg(N_("{option}: {value}"), option=Msg(option.label),
                   value=value_title(option.value_in(rules)))
               for option in spec.options
               if option.value_in(rules) != preset.get(option.name, option.default)]
    title = preset_title(rules.preset)
    return msg(N_("{preset}, with {changes}"), preset=title, changes=changes) if changes \
        else title


@dataclass(frozen=True)
class Choice:
    value: str
    sentence: Msg
    checked: bool


@dataclass(frozen=True)
class OptionField:
    """One house rule as the form shows it: choices, or a number with its sentence."""

    name: str
    label: str
    value: str
    sentence: Msg
    choices: list[Choice]

    @property
    def is_number(self) -> bool:
        return not self.choices


@dataclass
class Setup:
    """Everything the form holds, exactly as typed, so an error loses nothing."""

    spec: GameSpec[Any, Any]
    preset: str
    values: dict[str, str]
    players: list[str]
    teams: str = TEAMS_OPPOSITE
    first_dealer: str = "0"
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def shows_teams(self) -> bool:
        return self.spec.partnerships == "optional" and len(self.players) == 4

    @property
    def fixed_teams(self) -> bool:
        return self.spec.partnerships == "always"

    @property
    def can_add_player(self) -> bool:
        return len(self.players) < max(self.spec.player_counts)

    @property
    def can_remove_player(self) -> bool:
        return len(self.players) > min(self.spec.player_counts)

    @property
    def house_rule_error(self) -> bool:
        """An error in a rule inside the folded house rules, which must then open."""
        return any(name.startswith("rules.") and name != "rules.target" for name in self.errors)

    def option_fields(self, skip: tuple[str, ...] = ()) -> list[OptionField]:
        rules = self._rules_for_sentences()
        return [_option_field(option, self.values[option.name], rules)
                for option in self.spec.options if option.name not in skip]

    def option_field(self, name: str) -> OptionField:
        option = next(option for option in self.spec.options if option.name == name)
        return _option_field(option, self.values[name], self._rules_for_sentences())

    def _rules_for_sentences(self) -> Rules:
        """The preset's rules with every value typed so far that makes sense."""
        typed: dict[str, Any] = {}
        for option in self.spec.options:
            with suppress(RuleError):  # a half-typed value keeps the preset's sentence
                typed[option.name] = option.parse(self.values[option.name])
        rules: Rules = self.spec.resolve({"preset": self.preset, **typed})
        return rules


def _option_field(option: Option, raw: str, rules: Rules) -> OptionField:
    choices = [Choice(option.text(value), option.describe(rules, value),
                      option.text(value) == raw) for value in option.values or ()]
    return OptionField(option.name, option.label, raw, option.describe(rules), choices)


def blank(spec: GameSpec[Any, Any], preset: str | None = None) -> Setup:
    """A fresh form for `spec` showing `preset`'s values (the default preset if unknown)."""
    if preset is None or preset not in spec.presets:
        preset = spec.default_preset
    count = DEFAULT_PLAYERS if DEFAULT_PLAYERS in spec.player_counts else min(spec.player_counts)
    return Setup(spec, preset, _preset_values(spec, preset), [""] * count)


def _preset_values(spec: GameSpec[Any, Any], preset: str) -> dict[str, str]:
    """The preset's option values in their text form, as the form shows them."""
    rules = spec.resolve({"preset": preset})
    return {option.name: option.text(option.value_in(rules)) for option in spec.options}


def read(spec: GameSpec[Any, Any], form: Mapping[str, Any], players: list[str]) -> Setup:
    """The form as posted; `players_action` add/remove changes the number of name boxes."""
    preset = str(form.get("preset", ""))
    defaults = _preset_values(spec, preset if preset in spec.presets else spec.default_preset)
    values = {option.name: str(form.get(f"rules.{option.name}", defaults[option.name])).strip()
              for option in spec.options}
    setup = Setup(spec, preset, values, list(players), str(form.get("teams", TEAMS_OPPOSITE)),
                  str(form.get("first_dealer", "0")))
    action = form.get("players_action")
    if action == "add" and setup.can_add_player:
        setup.players.append("")
    elif action == "remove" and setup.can_remove_player:
        setup.players.pop()
    return setup


def create(session: Session, setup: Setup) -> tuple[games.GameView, str]:
    """Create the game the form describes; RuleError (with the form's field) if it can't be."""
    rules: dict[str, Any] = {"preset": setup.preset}
    for option in setup.spec.options:
        rules[option.name] = option.parse(setup.values[option.name])
    dealer = parse_int(setup.first_dealer)
    return games.create_game(session, setup.spec.name, rules, setup.players, _teams(setup),
                             first_dealer=dealer)


def _teams(setup: Setup) -> list[list[int]] | None:
    """The form offers partners opposite or no teams; anything else is refused, not guessed."""
    if not setup.shows_teams:
        return None  # fixed teams (Shelem) are seated opposite by the game itself
    if setup.teams not in (TEAMS_OPPOSITE, TEAMS_NONE):
        raise RuleError(msg(N_("{option}: choose one of the choices shown."),
                            option=Msg(N_("Partnerships"))), "teams")
    return OPPOSITE_PARTNERS if setup.teams == TEAMS_OPPOSITE else None


def field_of(error: RuleError) -> str:
    """The form field an error belongs beside ("" for the top of the form)."""
    name = error.field or ""
    if name in ("rules", "rules.preset"):
        return "preset"
    if name.startswith("rules.") or name in ("players", "teams", "first_dealer"):
        return name
    return ""
