"""Plain-language, translatable messages produced by the rules engine.

The engine cannot call a translation library (it stays pure Python), so it returns
`Msg` objects: an English template marked with `N_` for extraction plus its parameters.
`str(msg)` gives English; the web layer translates `msg.text` and formats it itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def N_(text: str) -> str:
    """Mark a string for translation catalogues without translating it here."""
    return text


@dataclass(frozen=True)
class Msg:
    """A sentence a player can read aloud: template text plus named parameters."""

    text: str
    params: dict[str, Any] = field(default_factory=dict)

    def format(self, translate=lambda s: s) -> str:
        """Render with `translate` applied to the template and to nested messages."""
        params = {
            key: value.format(translate) if isinstance(value, Msg) else value
            for key, value in self.params.items()
        }
        return translate(self.text).format(**params)

    def __str__(self) -> str:
        return self.format()


def msg(text: str, /, **params: Any) -> Msg:
    return Msg(text, params)


class RuleError(ValueError):
    """Input that cannot describe a real hand or situation; `field` says where."""

    def __init__(self, message: Msg | str, field: str | None = None):
        self.message = message if isinstance(message, Msg) else Msg(message)
        self.field = field
        super().__init__(str(self.message))
