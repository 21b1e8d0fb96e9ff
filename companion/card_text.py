"""Card labels inside text a reader sees: the Joker named in their language, indices kept LTR.

Pure functions; companion/i18n.py applies them to pages (never to the JSON API or exports).
"""

from __future__ import annotations

import re

# A card label as the engine writes it (10♦, A♠, JK), not part of a longer word or number.
_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:(?:10|[2-9AJQK])[♠♥♦♣]|JK)(?![\w♠♥♦♣])")
_JOKER = "JK"
# Left-to-right isolate: "3♠" keeps its order in a right-to-left sentence instead of "♠3".
_LRI, _PDI = "\u2066", "\u2069"


def for_reader(text: str, joker: str, rtl: bool) -> str:
    """`text` with every Joker called `joker` and, in right-to-left text, each card isolated."""
    def label(match: re.Match[str]) -> str:
        card = joker if match.group() == _JOKER else match.group()
        return f"{_LRI}{card}{_PDI}" if rtl and card != joker else card

    return _CARD.sub(label, text)
