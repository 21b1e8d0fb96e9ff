"""Cards, their notation (`10D`, `T♦`, `jk`) and the decks each game uses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .messages import N_, RuleError, msg

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
JOKER_RANK = "JK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_ALIASES = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: str = ""  # empty for a Joker

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_numeral(self) -> bool:
        """Ace to ten: the cards with a capture value in fishing games."""
        return self.rank in RANKS[:10]

    @property
    def value(self) -> int | None:
        """Capture value: A = 1, 2..10 face value; None for J, Q, K and Joker."""
        return RANKS.index(self.rank) + 1 if self.is_numeral else None

    @property
    def label(self) -> str:
        """Display form with a suit symbol, e.g. `10♦`."""
        return "JK" if self.is_joker else self.rank + SUIT_SYMBOLS[self.suit]


JOKER = Card(JOKER_RANK)


def parse_card(text: object, field: str | None = None, *, jokers: bool = False) -> Card:
    """Read one card in any accepted notation; RuleError if it is no card. `JK` always
    reads as a Joker (the deck refuses it where there is none), but the sentence for a
    misspelt card offers it only to a game played `jokers`."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise RuleError(msg(N_("A card must be written as text, like 10D or QS.")), field)
    raw = text.strip().upper()
    if raw in ("JK", "JOKER"):
        return JOKER
    rank, suit = raw[:-1], _SUIT_ALIASES.get(raw[-1:]) if raw else None
    rank = "10" if rank == "T" else rank
    if rank == "1" or rank not in RANKS or suit is None:
        raise RuleError(msg(NOT_A_CARD_OR_JOKER if jokers else NOT_A_CARD, text=text.strip()),
                        field)
    return Card(rank, suit)


NOT_A_CARD = N_("'{text}' is not a card: write a rank (A, 2-10, J, Q, K) and a suit "
                "(S, H, D, C).")
# JOKER, not JK: pages name a JK in the reader's words, which would make this "Joker for a
# Joker"; both spellings read as the Joker.
NOT_A_CARD_OR_JOKER = N_("'{text}' is not a card: write a rank (A, 2-10, J, Q, K) and a suit "
                         "(S, H, D, C), or JOKER for a Joker.")


def parse_cards(items: object, field: str | None = None, *, jokers: bool = False) -> list[Card]:
    """Read a list of cards; RuleError names the position of a bad one."""
    if not isinstance(items, list):
        raise RuleError(msg(N_("A list of cards was expected.")), field)
    return [parse_card(item, f"{field}[{i}]" if field else None, jokers=jokers)
            for i, item in enumerate(items)]


@dataclass(frozen=True)
class Deck:
    """A pack as data: how many copies of each card it holds."""

    name: str
    counts: tuple[tuple[Card, int], ...]

    @property
    def copies(self) -> dict[Card, int]:
        return dict(self.counts)

    @property
    def has_jokers(self) -> bool:
        return JOKER in self.copies

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    def cards(self) -> list[Card]:
        return [card for card, n in self.counts for _ in range(n)]

    def check(self, cards: Iterable[Card], field: str | None = None) -> None:
        """RuleError if a card is not in this deck or appears more often than it allows."""
        copies = self.copies
        for card, seen in Counter(cards).items():
            allowed = copies.get(card, 0)
            if allowed == 0:
                raise RuleError(msg(N_("There is no {card} in this deck."), card=card.label),
                                field)
            if seen > allowed:
                # one way to name a card everywhere: "The 5♠ is entered twice." as in Basra
                said = (msg(N_("The {card} is entered twice."), card=card.label)
                        if (seen, allowed) == (2, 1) else
                        msg(N_("The {card} is entered {seen} times, but the deck has only "
                               "{allowed}."), card=card.label, seen=seen, allowed=allowed))
                raise RuleError(said, field)


def _standard(copies: int = 1) -> list[tuple[Card, int]]:
    return [(Card(rank, suit), copies) for suit in SUITS for rank in RANKS]


DECK_52 = Deck("standard", tuple(_standard()))
DECK_54 = Deck("jokers", tuple(_standard() + [(JOKER, 2)]))
DECK_104 = Deck("two-decks", tuple(_standard(2)))
