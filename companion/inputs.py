"""The boundary every input crosses: no control characters in text, no absurdly long numbers.

PostgreSQL cannot store a NUL character, and Python refuses to turn a number of more than
4,300 digits into text: either would be a 500 deep inside. Checked here once, on the way in
(JSON bodies, forms, query strings, addresses, imports), a bad value is a 400 naming its field.
Plain Python, so services check imported files with it too; companion/arrival.py checks every
request with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .rules.messages import N_, Msg, RuleError, msg
from .shapes import MAX_NUMBER

# C0 and C1 controls (tab, line feed and carriage return are ordinary in typed text) and lone
# UTF-16 surrogates, which no database encoding can hold.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
# A game's target and house rules are checked against their option's own range before any use,
# with the sentence the pages give ("Target can be at most 1500."): here only a number too
# long to handle is refused.
_OPTION_NUMBER = re.compile(r"target|rules\.\w+")
MAX_OPTION_NUMBER = 10**100
# The one sentence for a number too big to be anything, naming it (the field is beside it
# on a page, and in the API's answer).
TOO_LARGE = N_("'{name}' is too large a number.")


def check(value: Any, field: str = "") -> None:
    """RuleError (a 400) naming the field of the first control character or huge number."""
    for where, item in _leaves(value, field):
        name = CONTROL.sub("?", where)  # the name is shown: without the character it names
        if isinstance(item, str) and CONTROL.search(item):
            raise RuleError(msg(N_("'{name}' contains a control character: remove it and try "
                                   "again."), name=name or "body"), name or None)
        largest = MAX_OPTION_NUMBER if _OPTION_NUMBER.fullmatch(where) else MAX_NUMBER
        if isinstance(item, int | float) and not isinstance(item, bool) \
                and not -largest < item < largest:
            # the number itself, as the pages name the number typed in a field
            raise RuleError(msg(TOO_LARGE, name=str(item)), name or None)


def _leaves(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    """Every key and scalar in a JSON-like value, with its path: players[1], rules.target.
    A loop, not recursion: JSON as deep as the parser takes must not exhaust the stack."""
    pending = [(where, value)]
    while pending:
        path, item = pending.pop()
        if isinstance(item, dict):
            inside = [(f"{path}.{key}" if path else str(key), key, inner)
                      for key, inner in item.items()]
            yield from ((inner_path, key) for inner_path, key, _ in inside)
            pending.extend((inner_path, inner) for inner_path, _, inner in reversed(inside))
        elif isinstance(item, list | tuple):
            pending.extend(reversed([(f"{path}[{index}]", inner)
                                     for index, inner in enumerate(item)]))
        else:
            yield path, item


MAX_NAME_LENGTH = 80  # a tournament's or a season's name


def event_name(name: Any, missing: Msg) -> str:
    """A tournament's or a season's name, its spaces made single; `missing` said when empty."""
    title = " ".join(name.split()) if isinstance(name, str) else ""
    if not title:
        raise RuleError(missing, "name")
    if len(title) > MAX_NAME_LENGTH:
        raise RuleError(msg(N_("A name can be at most {n} characters."), n=MAX_NAME_LENGTH),
                        "name")
    return title
