"""Plain-language, translatable messages produced by the rules engine.

The engine cannot call a translation library (it stays pure Python), so it returns
`Msg` objects: an English template marked with `N_` for extraction plus its parameters.
A parameter may be a list (of strings, numbers or messages): the reader's language joins it.
`str(msg)` gives English; the web layer translates `msg.text` and formats it itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Translate = Callable[[str], str]
JoinList = Callable[[list[str]], str]


def N_(text: str) -> str:
    """Mark a string for translation catalogues without translating it here."""
    return text


@dataclass(frozen=True)
class Msg:
    """A sentence a player can read aloud: template text plus named parameters.

    `more` are whole sentences read after this one, each translated on its own.
    """

    text: str
    params: dict[str, Any] = field(default_factory=dict)
    more: tuple[Msg, ...] = ()

    def format(self, translate: Translate = lambda s: s, join: JoinList = ", ".join) -> str:
        """Render with `translate` applied to every template; `join` turns a list into text."""
        params = {key: _formatted(value, translate, join) for key, value in self.params.items()}
        first = translate(self.text).format(**params)
        return " ".join([first, *(sentence.format(translate, join) for sentence in self.more)])

    def __str__(self) -> str:
        return self.format()


def _formatted(value: Any, translate: Translate, join: JoinList) -> Any:
    if isinstance(value, Msg):
        return value.format(translate, join)
    if isinstance(value, list | tuple):
        return join([str(_formatted(item, translate, join)) for item in value])
    return value


def msg(text: str, /, **params: Any) -> Msg:
    return Msg(text, params)


def sentences(first: Msg, *more: Msg | None) -> Msg:
    """`first` followed by the other sentences given (None: nothing to add)."""
    return Msg(first.text, first.params, first.more + tuple(m for m in more if m is not None))


SIDE = N_("Side {number}")
# A hand, or a form, with nothing in it yet: every count 0, no card, no points.
NOTHING_ENTERED = N_("Nothing entered yet.")


def side_label(index: int) -> Msg:
    """How the engine names side `index` (from 0); pages that know the players' names put the
    name in its place (`naming`)."""
    return msg(SIDE, number=index + 1)


def naming(message: Msg, names: list[str]) -> Msg:
    """The message with every side label in it replaced by that side's name."""
    def named(value: Any) -> Any:
        if isinstance(value, Msg) and value.text == SIDE and value.params["number"] <= len(names):
            return names[value.params["number"] - 1]
        if isinstance(value, Msg):
            return naming(value, names)
        if isinstance(value, list | tuple):
            return [named(item) for item in value]
        return value

    return Msg(message.text, {key: named(value) for key, value in message.params.items()},
               tuple(naming(sentence, names) for sentence in message.more))


class RuleError(ValueError):
    """Input that cannot describe a real hand or situation; `field` says where."""

    def __init__(self, message: Msg | str, field: str | None = None):
        self.message = message if isinstance(message, Msg) else Msg(message)
        self.field = field
        super().__init__(str(self.message))
