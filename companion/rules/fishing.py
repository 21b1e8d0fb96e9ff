"""What Shlla'at and Ghârat share: reading a hand of captured cards, counting card values
by kind, and playing hands to a target score."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, Deck, parse_cards
from .messages import N_, Msg, RuleError, msg
from .progress import check_index
from .spec import HandScore, Line

Counts = dict[str, int]


@dataclass(frozen=True)
class Kind:
    """A kind of card that scores alike: `name` labels its count, `line` is for the breakdown.

    Its sentences are whole templates, one per kind, so that every language can make the
    words agree with the kind; `miscounted` says what the game's deck allows.
    """

    key: str                    # field of the count form, e.g. "jacks"
    name: str                   # "jacks"
    line: str                   # "jacks ×{count}"
    value: int
    holds: Callable[[Card], bool]
    not_a_count: str            # "Jacks of side {side} must be a whole number of 0 or more."
    miscounted: str             # "{count} jacks entered, the deck has {total}."


@dataclass(frozen=True)
class CardValues:
    """A game's card values: the first kind that holds a card gives its value."""

    kinds: tuple[Kind, ...]

    def count(self, cards: Sequence[Card]) -> Counts:
        counts = {kind.key: 0 for kind in self.kinds}
        for card in cards:
            counts[next(kind.key for kind in self.kinds if kind.holds(card))] += 1
        return counts

    def points(self, counts: Counts) -> int:
        return sum(counts[kind.key] * kind.value for kind in self.kinds)

    def score(self, counts_per_side: Sequence[Counts]) -> HandScore:
        """Points per side with a JSON breakdown and one line per kind of card held."""
        details: list[dict[str, Any]] = [
            {
                "counts": dict(counts),
                "points": {kind.key: counts[kind.key] * kind.value for kind in self.kinds},
                "total": self.points(counts),
            }
            for counts in counts_per_side
        ]
        lines = [
            [Line(msg(kind.line, count=counts[kind.key]), counts[kind.key] * kind.value)
             for kind in self.kinds if counts[kind.key]]
            for counts in counts_per_side
        ]
        return HandScore([detail["total"] for detail in details], details, lines)


def read_hand(
    hand: Any, lengths: Sequence[int], deck: Deck, values: CardValues, exact: bool
) -> list[Counts]:
    """Counts of each kind per entry from a hand in card form or count form.

    `lengths` are the accepted numbers of entries (the first is the number of sides);
    `exact` demands the whole deck, otherwise no more than the deck.
    """
    if not isinstance(hand, dict):
        raise RuleError(msg(N_("A hand must be an object with captured cards or card counts.")),
                        "hand")
    kinds = {kind.key for kind in values.kinds}
    fields = [kind.key for kind in values.kinds]
    for name in hand:
        if name != "captured" and name not in kinds:
            raise RuleError(
                msg(N_("There is no field '{name}' in a hand; enter captured cards, or the "
                       "counts {fields}."), name=str(name), fields=fields),
                f"hand.{name}",
            )
    if "captured" in hand and len(hand) > 1:
        raise RuleError(msg(N_("Enter either captured cards or card counts, not both.")), "hand")
    if not hand:
        raise RuleError(msg(N_("A hand needs captured cards or the counts {fields}."),
                            fields=fields), "hand")
    if "captured" in hand:
        return [values.count(cards) for cards in _read_captured(hand["captured"], lengths,
                                                                 deck, exact)]
    return _read_counts(hand, lengths, deck, values, exact)


def _check_length(items: Any, lengths: Sequence[int], what: Msg, field: str) -> int:
    if not isinstance(items, list) or len(items) not in lengths:
        given = len(items) if isinstance(items, list) else 0
        raise RuleError(
            msg(N_("{field} must hold {what}, one per side ({expected}); {given} given."),
                field=field, what=what, expected=lengths[0], given=given),
            f"hand.{field}",
        )
    return len(items)


def _read_captured(
    captured: Any, lengths: Sequence[int], deck: Deck, exact: bool
) -> list[list[Card]]:
    _check_length(captured, lengths, msg(N_("lists of cards")), "captured")
    per_side = [parse_cards(cards, f"hand.captured[{i}]") for i, cards in enumerate(captured)]
    every = [card for cards in per_side for card in cards]
    deck.check(every, "hand.captured")
    if exact and len(every) != deck.size:
        raise RuleError(msg(N_("{count} cards entered, a hand has {total}."),
                            count=len(every), total=deck.size), "hand.captured")
    return per_side


def _read_counts(
    hand: dict[str, Any], lengths: Sequence[int], deck: Deck, values: CardValues, exact: bool
) -> list[Counts]:
    entries = {_check_length(hand[key], lengths, msg(N_("numbers")), key) for key in hand}
    if len(entries) > 1:
        raise RuleError(msg(N_("Every count must list the same number of sides.")), "hand")
    size = entries.pop()
    counts: list[Counts] = [{} for _ in range(size)]
    for kind in values.kinds:
        column = hand.get(kind.key, [0] * size)
        for i, number in enumerate(column):
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise RuleError(msg(kind.not_a_count, side=i + 1), f"hand.{kind.key}[{i}]")
            counts[i][kind.key] = number
    in_deck = values.count(deck.cards())
    for kind in values.kinds:
        entered, expected = sum(c[kind.key] for c in counts), in_deck[kind.key]
        if entered > expected or (exact and entered != expected):
            raise RuleError(msg(kind.miscounted, count=entered, total=expected),
                            f"hand.{kind.key}")
    return counts


def read_claimed_piles(claimed: Any, empty: Sequence[bool]) -> list[int]:
    """Players whose piles a play claims: each once, none empty."""
    if not isinstance(claimed, list):
        raise RuleError(msg(N_("claimed.piles must be a list of player numbers.")),
                        "claimed.piles")
    owners: list[int] = []
    for i, owner in enumerate(claimed):
        field = f"claimed.piles[{i}]"
        check_index(owner, len(empty), field)
        if empty[owner]:
            raise RuleError(msg(N_("Player {player}'s pile is empty: there is nothing to take."),
                                player=owner + 1), field)
        if owner in owners:
            raise RuleError(msg(N_("Player {player}'s pile is claimed twice."),
                                player=owner + 1), field)
        owners.append(owner)
    return owners
