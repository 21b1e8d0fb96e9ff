"""What Shlla'at and Ghârat share: reading a hand of captured cards, counting card values
by kind, and playing hands to a target score."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import gcd
from typing import Any

from pydantic import Field

from ..shapes import CardNames, Count, WrittenForm
from .cards import Card, Deck, parse_cards
from .messages import N_, NOTHING_ENTERED, Msg, Plural, RuleError, msg, msgn, refuse, side_label
from .progress import check_index
from .scores import HandScore, Line
from .shares import shareable

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
    not_a_count: str            # "The number of jacks {side} took must be a whole number…"
    miscounted: Plural          # "{count} jack(s) entered, the deck has {total}."

    def not_counted(self, side: int) -> Msg:
        """The sentence for side `side`'s count of this kind when it is no whole number of
        0 or more (the API's and the entry form's)."""
        return msg(self.not_a_count, side=side_label(side))


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

    @property
    def step(self) -> int:
        """Every pile's points are a multiple of this (5 in Ghârat, 1 in Shlla'at)."""
        return gcd(*(kind.value for kind in self.kinds))

    def in_pack(self, deck: Deck) -> int:
        """The points the whole deck holds."""
        return self.points(self.count(deck.cards()))

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

    def score_points(self, points_per_side: Sequence[int]) -> HandScore:
        """Points per side as the players counted them."""
        return HandScore(list(points_per_side),
                         [{"total": points} for points in points_per_side],
                         [[Line(msg(N_("points counted")), points)] if points else []
                          for points in points_per_side])


@dataclass(frozen=True)
class CountedHand:
    """A hand as each entry's count of every kind of card it captured (card and count forms
    both come to this)."""

    counts: tuple[Counts, ...]


@dataclass(frozen=True)
class PointsHand:
    """A hand as each entry's points, as the players counted their piles."""

    points: tuple[int, ...]


# A fishing game's hand (Shlla'at's and Ghârat's): counts of each kind, or points.
FishingHand = CountedHand | PointsHand


# A fishing game's written hand as the API describes it, in the forms both games share; each
# game adds its count form (`read_fishing_hand` reads them, refusing them in plain words).
class FishingCardForm(WrittenForm):
    """A hand in card form: the cards each player captured."""

    captured: list[CardNames] = Field(description="Per player, the cards they captured.")


class FishingPointsForm(WrittenForm):
    """A hand in points form: each player's points, as the players counted their piles."""

    points: list[Count] = Field(description="Per player, the points of their pile.")


def read_fishing_hand(hand: object, lengths: Sequence[int], deck: Deck, values: CardValues,
                      exact: bool) -> FishingHand:
    """A hand in card, count or points form, read and checked against the deck.

    `lengths` are the accepted numbers of entries (the first is the number of sides).
    """
    if isinstance(hand, dict) and "points" in hand:
        return PointsHand(tuple(read_points(hand, lengths, deck, values, exact)))
    return CountedHand(tuple(read_hand(hand, lengths, deck, values, exact)))


def score_fishing_hand(hand: FishingHand, sides: int, values: CardValues) -> HandScore:
    """Points per side; with more entries than sides, entry i belongs to side i % sides
    (partners sit opposite)."""
    if isinstance(hand, PointsHand):
        return values.score_points([sum(hand.points[side::sides]) for side in range(sides)])
    return values.score([_add(list(hand.counts[side::sides])) for side in range(sides)])


def _add(counts: list[Counts]) -> Counts:
    return {key: sum(c[key] for c in counts) for key in counts[0]}


def not_points(side: Msg | str) -> Msg:
    """The sentence for points of `side` that are no whole number of 0 or more."""
    return msg(N_("The points of {side} must be a whole number of 0 or more."), side=side)


def too_many_points(count: int, total: int) -> Msg:
    """The sentence for points that add up to more than the pack holds."""
    return msg(N_("The points add up to {count}, but the whole pack holds only {total}."),
               count=count, total=total)


def points_problem(number: object, step: int, side: Msg | str) -> Msg | None:
    """Why `number` cannot be the points `side` counted, or None if it can."""
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        return not_points(side)
    if number % step:
        return msg(N_("The points of {side} must be a multiple of {step}: {points} is not."),
                   side=side, step=step, points=number)
    return None


def read_points(hand: dict[str, Any], lengths: Sequence[int], deck: Deck, values: CardValues,
                exact: bool) -> list[int]:
    """Each player's points, as counted: multiples of the values' step that add up to the
    pack's points (`exact`) or to no more than them."""
    _check_names(hand, values)
    if len(hand) > 1:
        raise RuleError(msg(N_("Enter either points or cards or counts, not several.")), "hand")
    points = hand["points"]
    _check_length(points, lengths, msg(N_("numbers")), "points")
    for i, number in enumerate(points):
        problem = points_problem(number, values.step, side_label(i))
        if problem is not None:
            raise RuleError(problem, f"hand.points[{i}]")
    total, entered = values.in_pack(deck), sum(points)
    if not entered:
        raise RuleError(msg(NOTHING_ENTERED), "hand.points")
    if entered > total:
        raise RuleError(too_many_points(entered, total), "hand.points")
    if exact and entered != total:
        raise RuleError(msg(N_("The points add up to {count}, but every hand's points add up "
                               "to the pack's {total}."), count=entered, total=total),
                        "hand.points")
    in_deck = values.count(deck.cards())
    if not shareable(points, [(kind.value, in_deck[kind.key]) for kind in values.kinds], exact):
        raise RuleError(msg(N_("No deal ends with these points: the pack's cards cannot be "
                               "shared out as {points}."), points=list(points)), "hand.points")
    return list(points)


def read_hand(
    hand: object, lengths: Sequence[int], deck: Deck, values: CardValues, exact: bool
) -> list[Counts]:
    """Counts of each kind per entry from a hand in card form or count form.

    `lengths` are the accepted numbers of entries (the first is the number of sides);
    `exact` demands the whole deck, otherwise no more than the deck.
    """
    if not isinstance(hand, dict):
        raise RuleError(msg(N_("A hand must be an object with captured cards or card counts.")),
                        "hand")
    fields = [kind.key for kind in values.kinds]
    _check_names(hand, values)
    if "captured" in hand and len(hand) > 1:
        raise RuleError(msg(N_("Enter either captured cards or card counts, not both.")), "hand")
    if not hand:
        raise RuleError(msg(N_("A hand needs captured cards or the counts {fields}."),
                            fields=fields), "hand")
    if "captured" in hand:
        return [values.count(cards) for cards in _read_captured(hand["captured"], lengths,
                                                                 deck, exact)]
    return _read_counts(hand, lengths, deck, values, exact)


def _check_names(hand: dict[str, Any], values: CardValues) -> None:
    """RuleError naming the first field that is in no form of a hand (cards, counts, points)."""
    fields = [kind.key for kind in values.kinds]
    for name in hand:
        if name not in ("captured", "points", *fields):
            raise RuleError(
                msg(N_("There is no field '{name}' in a hand; enter captured cards, the counts "
                       "{fields}, or points."), name=str(name), fields=fields),
                f"hand.{name}",
            )


def _check_length(items: object, lengths: Sequence[int], what: Msg, field: str) -> list[object]:
    """`items`, a list of one of the accepted lengths."""
    if not isinstance(items, list) or len(items) not in lengths:
        given = len(items) if isinstance(items, list) else 0
        raise RuleError(
            msg(N_("{field} must hold {what}, one per side ({expected}); {given} given."),
                field=field, what=what, expected=lengths[0], given=given),
            f"hand.{field}",
        )
    return items


def _read_captured(
    captured: object, lengths: Sequence[int], deck: Deck, exact: bool
) -> list[list[Card]]:
    per_side = [parse_cards(cards, f"hand.captured[{i}]", jokers=deck.has_jokers)
                for i, cards in enumerate(_check_length(captured, lengths,
                                                        msg(N_("lists of cards")), "captured"))]
    every = [card for cards in per_side for card in cards]
    if not every:
        raise RuleError(msg(NOTHING_ENTERED), "hand.captured")
    deck.check(every, "hand.captured")
    if exact and len(every) != deck.size:
        raise RuleError(msgn("{count} card entered, a hand has {total}.",
                             "{count} cards entered, a hand has {total}.",
                             count=len(every), total=deck.size), "hand.captured")
    return per_side


def _read_counts(
    hand: dict[str, Any], lengths: Sequence[int], deck: Deck, values: CardValues, exact: bool
) -> list[Counts]:
    entries = {len(_check_length(hand[key], lengths, msg(N_("numbers")), key)) for key in hand}
    if len(entries) > 1:
        raise RuleError(msg(N_("Every count must list the same number of sides.")), "hand")
    size = entries.pop()
    counts: list[Counts] = [{} for _ in range(size)]
    for kind in values.kinds:
        column = hand.get(kind.key, [0] * size)
        for i, number in enumerate(column):
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise RuleError(kind.not_counted(i), f"hand.{kind.key}[{i}]")
            counts[i][kind.key] = number
    if not any(any(entry.values()) for entry in counts):
        raise RuleError(msg(NOTHING_ENTERED), "hand")
    in_deck = values.count(deck.cards())
    miscounted = []  # every kind the deck disagrees with, not just the first
    for kind in values.kinds:
        entered, expected = sum(c[kind.key] for c in counts), in_deck[kind.key]
        if entered > expected or (exact and entered != expected):
            miscounted.append(RuleError(msgn(*kind.miscounted, count=entered, total=expected),
                                        f"hand.{kind.key}"))
    refuse(miscounted)
    return counts


def read_claimed_piles(claimed: object, empty: Sequence[bool]) -> list[int]:
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
