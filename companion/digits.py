"""Digits: Latin (123), Arabic-Indic (١٢٣) and Persian (۱۲۳), for reading and writing numbers.

Pure functions; companion/i18n.py picks the reader's digits. Whatever a user types, in any
of the three sets, reads as the same number.
"""

from __future__ import annotations

import re
from typing import Any

SYSTEMS = {"latn": "0123456789", "arab": "٠١٢٣٤٥٦٧٨٩", "arabext": "۰۱۲۳۴۵۶۷۸۹"}
# What each choice looks like in the switcher: 4, 5 and 6, since ١٢٣ and ۱۲۳ look the same.
SAMPLES = {system: "".join(digits[i] for i in (4, 5, 6)) for system, digits in SYSTEMS.items()}
# The decimal and thousands separators written with Eastern digits (Arabic and Persian alike).
_EASTERN_SEPARATORS = {".": "\u066b", ",": "\u066c"}
_SEPARATOR_IN_NUMBER = re.compile(r"(?<=[0-9])[.,](?=[0-9])")
EASTERN = SYSTEMS["arab"] + SYSTEMS["arabext"]
_TO_ASCII = str.maketrans(EASTERN, "0123456789" * 2)
_FROM_ASCII = {system: str.maketrans("0123456789", digits) for system, digits in SYSTEMS.items()}
# At most 15 digits: more than any real count or score, and never near Python's 4,300-digit limit.
_WHOLE_NUMBER = re.compile(r"[+\-\u2212]?[0-9]{1,15}")
_LONG_NUMBER = re.compile(r"\+?[0-9]{16,}")
_TYPED_NUMBER = re.compile(rf"\s*[+\-\u2212]?[0-9{EASTERN}]+\s*")
# A number standing alone in prose: not part of a card label (10♦, 10D), a word or a name.
_STANDALONE = re.compile(r"(?<![A-Za-z0-9_])[0-9]+(?:\.[0-9]+)?(?![0-9A-Za-z_♠♥♦♣])")


def to_ascii(text: str) -> str:
    """The same text with the 20 Eastern digit characters replaced by 0-9, nothing else."""
    return text.translate(_TO_ASCII)


def parse_int(text: str | None) -> int | None:
    """A whole number typed in any of the three digit sets ("۱۲۰", "١٢٠", "120"), else None."""
    raw = to_ascii(text or "").strip()
    if not _WHOLE_NUMBER.fullmatch(raw):
        return None
    return int(raw.replace("\u2212", "-"))


def too_long(text: str | None) -> bool:
    """A whole number with more digits than `parse_int` reads: too big for anything here."""
    raw = to_ascii(text or "").strip()
    return bool(_LONG_NUMBER.fullmatch(raw))


def looks_numeric(value: str) -> bool:
    """A form value that is just a whole number, perhaps in Eastern digits."""
    return bool(_TYPED_NUMBER.fullmatch(value))


def show(value: Any, system: str) -> str:
    """`value` as text with its digits in `system` (None shows as nothing)."""
    if value is None:
        return ""
    text = str(value)
    if system != "latn" and system in SYSTEMS:
        text = _SEPARATOR_IN_NUMBER.sub(lambda match: _EASTERN_SEPARATORS[match.group()], text)
    return text.translate(_FROM_ASCII.get(system, _FROM_ASCII["latn"]))


def show_in_prose(text: str, system: str) -> str:
    """Numbers standing alone in a sentence in `system`; card labels like 10♦ stay as printed."""
    if system == "latn":
        return text
    return _STANDALONE.sub(lambda match: show(match.group(), system), text)


class Number:
    """A number parameter of a message that formats itself in the reader's digits."""

    __slots__ = ("value", "system")

    def __init__(self, value: int | float, system: str):
        self.value = value
        self.system = system

    def __format__(self, spec: str) -> str:
        return show(format(self.value, spec), self.system)

    def __str__(self) -> str:
        return self.__format__("")
