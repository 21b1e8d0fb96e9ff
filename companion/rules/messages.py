"""Plain-language, translatable messages produced by the rules engine.

The engine cannot call a translation library (it stays pure Python), so it returns
`Msg` objects: an English template marked with `N_` for extraction plus its parameters.
A parameter may be a list (of strings, numbers or messages): the reader's language joins it.
`str(msg)` gives English; the web layer translates `msg.text` and formats it itself.
A sentence whose noun agrees with a count (`msgn`) carries its plural template too, and
each language picks the form for the count (Arabic has six).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

T = TypeVar("T")

Translate = Callable[[str], str]
# (items, of_teams) -> the items as one text; a list of partnerships (`of_teams`) is written so
# that each partnership's own "and" still reads apart from the list's.
JoinList = Callable[[list[str], bool], str]
# (singular, plural, count) -> the template for that count; the count is the parameter as
# the message holds it (the web layer may have wrapped it to show it in the reader's digits).
TranslatePlural = Callable[[str, str, object], str]
# A template with a count in it: (singular, plural), as N_plural marks it.
Plural = tuple[str, str]


def N_(text: str) -> str:
    """Mark a string for translation catalogues without translating it here."""
    return text


def N_plural(singular: str, plural: str, /) -> Plural:
    """Mark both forms of a counted template for the catalogues, like ngettext."""
    return singular, plural


def english_plural(singular: str, plural: str, count: object) -> str:
    """English: the singular for exactly one, the plural for any other count."""
    return singular if count == 1 else plural


@dataclass(frozen=True)
class Msg:
    """A sentence a player can read aloud: template text plus named parameters.

    `more` are whole sentences read after this one, each translated on its own.
    `plural` is (plural template, name of the count parameter) when `text` is the singular
    of a sentence whose words agree with that count.
    """

    text: str
    params: dict[str, object] = field(default_factory=dict)
    more: tuple[Msg, ...] = ()
    plural: tuple[str, str] | None = None

    def format(self, translate: Translate = lambda s: s,
               join: JoinList = lambda items, _of_teams: ", ".join(items),
               translate_plural: TranslatePlural = english_plural) -> str:
        """Render with `translate` (or `translate_plural`, for a counted sentence) applied to
        every template; `join` turns a list into text."""
        params = {key: _formatted(value, translate, join, translate_plural)
                  for key, value in self.params.items()}
        first = self._template(translate, translate_plural).format(**params)
        return " ".join([first, *(sentence.format(translate, join, translate_plural)
                                  for sentence in self.more)])

    def _template(self, translate: Translate, translate_plural: TranslatePlural) -> str:
        if self.plural is None:
            return translate(self.text)
        plural, count = self.plural
        return translate_plural(self.text, plural, self.params[count])

    def __str__(self) -> str:
        return self.format()


# TRANSLATORS: two partners' names as one side in a sentence; "&" in English.
PARTNERS = N_("{first} & {second}")
# A partnership's name as stored and as the API answers it, whatever the reader's language.
PARTNERS_JOINED = " & "


class Team(str):
    """A partnership's name: "Ali & Bahar" in English; in a sentence each language joins the
    partners its own way (`as_msg`)."""

    members: tuple[str, ...]

    def __new__(cls, members: list[str] | tuple[str, ...]) -> Team:
        team = super().__new__(cls, PARTNERS_JOINED.join(members))
        team.members = tuple(members)
        return team

    def __getnewargs__(self) -> tuple[tuple[str, ...]]:  # type: ignore[override]
        # copy and pickle rebuild a Team from its partners, not from the joined text
        return (self.members,)

    def as_msg(self) -> Msg | list[str]:
        """The partners joined by the language's "and" (any other count: as a list)."""
        if len(self.members) != 2:
            return list(self.members)
        return msg(PARTNERS, first=self.members[0], second=self.members[1])


def _formatted(value: object, translate: Translate, join: JoinList,
               translate_plural: TranslatePlural) -> object:
    if isinstance(value, Team):
        value = value.as_msg()
    if isinstance(value, Msg):
        return value.format(translate, join, translate_plural)
    if isinstance(value, list | tuple):
        return join([str(_formatted(item, translate, join, translate_plural))
                     for item in value], any(isinstance(item, Team) for item in value))
    return value


def msg(text: str, /, **params: object) -> Msg:
    return Msg(text, params)


def msgn(singular: str, plural: str, /, *, count_param: str = "count", **params: object) -> Msg:
    """A sentence whose words agree with the count `params[count_param]`."""
    if count_param not in params:
        raise TypeError(f"msgn needs the count parameter {count_param!r}")
    return Msg(singular, params, plural=(plural, count_param))


def sentences(first: Msg, *more: Msg | None) -> Msg:
    """`first` followed by the other sentences given (None: nothing to add)."""
    return replace(first, more=first.more + tuple(m for m in more if m is not None))


SIDE = N_("Side {number}")
# A hand, or a form, with nothing in it yet: every count 0, no card, no points.
NOTHING_ENTERED = N_("Nothing entered yet.")


def side_label(index: int) -> Msg:
    """How the engine names side `index` (from 0); pages that know the players' names put the
    name in its place (`naming`)."""
    return msg(SIDE, number=index + 1)


def naming(message: Msg, names: list[str]) -> Msg:
    """The message with every side label in it replaced by that side's name."""
    def named(value: object) -> object:
        number = value.params["number"] if isinstance(value, Msg) and value.text == SIDE else None
        if isinstance(number, int) and number <= len(names):
            return names[number - 1]
        if isinstance(value, Msg):
            return naming(value, names)
        if isinstance(value, list | tuple):
            return [named(item) for item in value]
        return value

    return replace(message, params={key: named(value) for key, value in message.params.items()},
                   more=tuple(naming(sentence, names) for sentence in message.more))


class RuleError(ValueError):
    """Input that cannot describe a real hand or situation; `field` says where."""

    def __init__(self, message: Msg | str, field: str | None = None):
        self.message = message if isinstance(message, Msg) else Msg(message)
        self.field = field
        super().__init__(str(self.message))

    @property
    def problems(self) -> list[RuleError]:
        """Every problem this error stands for: itself alone."""
        return [self]


class RuleErrors(RuleError):
    """Several problems found at once: the first one leads (the API answers its field, and
    its sentence, or every sentence where `every_sentence` is asked), pages list them all."""

    def __init__(self, problems: list[RuleError]):
        self._problems = problems
        super().__init__(problems[0].message, problems[0].field)

    @property
    def problems(self) -> list[RuleError]:
        return self._problems


def every_sentence(error: RuleError) -> RuleError:
    """One error saying each problem of `error` in turn, at the first one's field: where a
    single sentence is answered (the API's `error`), none of them is left unsaid."""
    problems = error.problems
    if len(problems) == 1:
        return error
    return RuleError(sentences(*(problem.message for problem in problems)), error.field)


class Problems:
    """Reads fields one by one, noting each problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.found: list[RuleError] = []

    def read(self, default: T, reader: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """What `reader(*args, **kwargs)` reads, or `default` with its problem(s) noted."""
        try:
            return reader(*args, **kwargs)
        except RuleError as problem:
            self.found.extend(problem.problems)
            return default

    def check(self) -> None:
        """Every problem noted, at once (RuleErrors when there are several)."""
        refuse(self.found)


def refuse(problems: list[RuleError]) -> None:
    """Raise every problem found at once (none: nothing to refuse)."""
    if problems:
        raise problems[0] if len(problems) == 1 else RuleErrors(problems)


def each_problem(error: RuleError, change: Callable[[RuleError], RuleError]) -> RuleError:
    """The error with `change` made to each of its problems (a field moved, players named)."""
    changed = [change(problem) for problem in error.problems]
    return changed[0] if len(changed) == 1 else RuleErrors(changed)
