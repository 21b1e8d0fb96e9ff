"""Who is acting in this request, and what the change may do, for the services' records.

The pages and the API say it (the director's key opened a table's game, the director asked
for a cascade); the services read it where they write the history, and leave sentences the
answer should carry (`warnings`). Reset at the start of every request: a thread serves many.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field

from ..rules.messages import Msg

DIRECTOR, SCORER, SIDE, SYSTEM = "director", "scorer", "side", "system"
SEATS = "seats"  # a hand every seat entered its own part of (services/seats.py)


@dataclass
class Acting:
    by: str = SCORER  # a game changed with its own key is the scorer's change
    cascade: bool = False  # the director confirmed reopening the later matches a change touches
    warnings: list[Msg] = field(default_factory=list)


_ACTING: ContextVar[Acting | None] = ContextVar("acting", default=None)


def current() -> Acting:
    """This request's actor (a scorer until told otherwise)."""
    value = _ACTING.get()
    if value is None:
        value = Acting()
        _ACTING.set(value)
    return value


def reset() -> None:
    _ACTING.set(None)


def warn(sentence: Msg) -> None:
    """A sentence the answer to this change should carry."""
    if sentence not in current().warnings:
        current().warnings.append(sentence)
