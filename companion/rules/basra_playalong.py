"""Basra play-along: a hand recorded card by card, captures taken by the referee's rules.

The hand in play (`HandInPlay`: rules, seats, the four floor cards and every play with what it
took) is a frozen value; `read` and `stored` are the one place it is read from and written as
the JSON stored for it. Where the hand stands is always recomputed by replaying it, which makes
undo a matter of dropping the last entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import combinations, product
from typing import Any

from .basra_capture import (
    SEVEN_OF_DIAMONDS,
    judge,
    legal_captures,
    read_capture,
    sweeps_floor,
)
from .basra_rules import BasraRules, resolve
from .cards import DECK_52, Card, parse_card, parse_cards
from .messages import N_, Msg, RuleError, msg, msgn

HAND_CARDS = 52
FLOOR_CARDS = 4


@dataclass(frozen=True)
class Play:
    """One card played, and the floor cards it took (none: it stayed on the floor)."""

    card: Card
    take: tuple[Card, ...] = ()


@dataclass(frozen=True)
class HandInPlay:
    """A hand being recorded: seats in playing order (`sides[seat]` is the seat's side),
    `first` plays the first card (`first_chosen`: the scorer picked it, else it follows the
    game's leader), the opening floor, the plays so far, and a card waiting for its capture."""

    rules: BasraRules
    players: int
    sides: tuple[int, ...]
    first: int
    first_chosen: bool = False
    floor: tuple[Card, ...] = ()
    plays: tuple[Play, ...] = ()
    pending: Card | None = None


def read(stored: Mapping[str, Any]) -> HandInPlay:
    """The hand in play from its stored JSON (a state stored before `first_chosen` existed
    has the game's leader play first); RuleError for a damaged one."""
    try:
        players, first, sides = stored["players"], stored["first"], stored["sides"]
        if not all(type(number) is int for number in (players, first, *sides)):
            raise TypeError
        pending = stored["pending"]
        return HandInPlay(
            resolve(stored["rules"]), players, tuple(sides), first,
            bool(stored.get("first_chosen")), tuple(parse_cards(stored["floor"])),
            tuple(Play(parse_card(play["card"]), tuple(parse_cards(play["take"])))
                  for play in stored["plays"]),
            parse_card(pending) if pending else None)
    except (KeyError, TypeError):
        raise RuleError(msg(N_("The game's play-along record is damaged.")),
                        "play_along") from None


def stored(state: HandInPlay) -> dict[str, Any]:
    """The hand in play as JSON, as it is stored (and exported)."""
    return {"rules": state.rules.as_dict(), "players": state.players,
            "sides": list(state.sides), "first": state.first,
            "first_chosen": state.first_chosen, "floor": [str(c) for c in state.floor],
            "plays": [{"card": str(play.card), "take": [str(c) for c in play.take]}
                      for play in state.plays],
            "pending": str(state.pending) if state.pending else None}


def new_state(rules: BasraRules, players: int, teams: list[list[int]] | None,
              first: int) -> HandInPlay:
    """A hand about to start; seats are in playing order, `first` plays the first card.

    `first` is the game's leader; `first_chosen` says the scorer picked another seat.
    """
    sides = [next(i for i, team in enumerate(teams) if seat in team) for seat in range(players)] \
        if teams else list(range(players))
    return HandInPlay(rules, players, tuple(sides), first)


def started(state: HandInPlay) -> bool:
    """A card has been played (dealing the floor is not playing)."""
    return bool(state.plays or state.pending)


def follow_leader(state: HandInPlay, leader: int) -> HandInPlay:
    """Until the first card, the game's leader plays first unless the scorer chose a seat.

    The leader moves whenever a hand is added or removed on the score sheet, however it was
    entered, so a hand not yet started always follows it.
    """
    if started(state) or state.first_chosen:
        return state
    return replace(state, first=leader)


def choose_first(state: HandInPlay, seat: Any) -> HandInPlay:
    """The scorer says who plays the first card; only before it is played."""
    if started(state):
        raise RuleError(msg(N_("The first card is already played: undo it to change who "
                               "plays first.")), "first")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise RuleError(msgn("Choose the {n} player to play first.",
                             "Choose one of the {n} players to play first.",
                             count_param="n", n=state.players), "first")
    return replace(state, first=seat, first_chosen=True)


@dataclass
class Progress:
    """Where the hand stands after the recorded plays."""

    floor: list[Card]
    previous_floor: list[Card] | None
    captured: list[list[Card]]
    basras: list[list[Card]]
    seen: set[Card]
    next_seat: int
    last_capturer: int | None = None
    last_reason: Msg | None = None
    pending: Card | None = None
    choices: list[list[Card]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return len(self.seen) == HAND_CARDS and self.pending is None

    @property
    def cards_left(self) -> int:
        return HAND_CARDS - len(self.seen)


def progress(state: HandInPlay) -> Progress:
    """Replay the hand: the floor, each side's captures and basras, whose turn it is."""
    rules, sides = state.rules, state.sides
    count = len(set(sides))
    floor = list(state.floor)
    now = Progress(floor, None, [[] for _ in range(count)], [[] for _ in range(count)],
                   set(floor), state.first)
    for number, play in enumerate(state.plays):
        card, take = play.card, list(play.take)
        verdict = judge(rules, read_capture(rules, now.floor, card, take, now.previous_floor))
        side = sides[_seat(state, number)]
        now.previous_floor = list(now.floor)  # for the next play's lone-card basra
        if take:
            now.floor = [c for c in now.floor if c not in take]
            now.captured[side] += take + [card]
            now.last_capturer = side
            if verdict.basra:
                now.basras[side].append(card)
        else:
            now.floor.append(card)
        now.seen.add(card)
        now.last_reason = verdict.reason
    now.next_seat = _seat(state, len(state.plays))
    if state.pending:
        now.pending = state.pending
        now.choices = choices(rules, now.floor, now.pending)
    if len(now.seen) == HAND_CARDS and now.pending is None and now.floor:
        # the last player to capture takes what is left; it is never a basra
        taker = now.last_capturer if now.last_capturer is not None else sides[
            (state.first - 1) % state.players]
        now.captured[taker] += now.floor
        now.floor = []
    return now


def _seat(state: HandInPlay, number: int) -> int:
    return (state.first + number) % state.players


def choices(rules: BasraRules, floor: list[Card], card: Card) -> list[list[Card]]:
    """Every concrete capture the card may make: the rule's captures, with each choice of
    which card of a rank is taken (it matters for the 2♣ and the 10♦)."""
    found: dict[frozenset[Card], list[Card]] = {}
    for option in legal_captures(rules, floor, card):
        by_rank: dict[str, list[Card]] = {}
        for c in option:
            by_rank.setdefault(c.rank, []).append(c)
        picks = [combinations([c for c in floor if c.rank == rank], len(taken))
                 for rank, taken in by_rank.items()]
        for chosen in product(*picks):
            cards = [c for group in chosen for c in group]
            found.setdefault(frozenset(cards), [c for c in floor if c in cards])
    return list(found.values())


def add_floor_card(state: HandInPlay, text: Any) -> HandInPlay:
    """Record one of the four opening floor cards."""
    card = parse_card(text, "card")
    DECK_52.check([card], "card")
    buried = buried_from_floor(state.rules, card)
    if buried is not None:
        raise RuleError(buried, "card")
    if card in state.floor:
        raise RuleError(msg(N_("The {card} is already on the floor."), card=card.label), "card")
    if len(state.floor) >= FLOOR_CARDS:
        raise RuleError(msgn("The floor starts with {n} card.", "The floor starts with {n} cards.",
                             count_param="n", n=FLOOR_CARDS), "card")
    return replace(state, floor=(*state.floor, card))


def buried_from_floor(rules: BasraRules, card: Card) -> Msg | None:
    """Why the dealer buries `card` if it is dealt to the opening floor; None if it stays.

    The cards buried are those that take the whole floor: every jack, and the 7♦ unless the
    rules make it an ordinary 7 (Lebanese Basra, where it stays on the floor).
    """
    if not sweeps_floor(rules, card):
        return None
    if card.rank == "J":
        return msg(N_("The dealer buries a jack dealt to the floor in the pack and deals a "
                      "replacement: tap the card dealt in place of the {card}."), card=card.label)
    return msg(N_("Under these rules the 7♦ takes the whole floor, so the dealer buries it in "
                  "the pack when it is dealt to the floor and deals a replacement: tap the "
                  "card dealt in its place."))


def floor_rule(rules: BasraRules) -> Msg:
    """Which cards dealt to the opening floor are buried and replaced, under these rules."""
    if sweeps_floor(rules, SEVEN_OF_DIAMONDS):
        return msg(N_("A jack or the 7♦ dealt to the floor is buried in the pack and replaced."))
    return msg(N_("A jack dealt to the floor is buried in the pack and replaced."))


def play_card(state: HandInPlay, text: Any) -> HandInPlay:
    """Record the next player's card; it captures by itself unless there is a choice."""
    now = progress(state)
    if len(state.floor) < FLOOR_CARDS:
        return add_floor_card(state, text)
    if now.pending is not None:
        raise RuleError(msg(N_("First say what the {card} took."), card=now.pending.label),
                        "card")
    if now.finished:
        raise RuleError(msg(N_("All 52 cards are played: the hand is over.")), "card")
    card = parse_card(text, "card")
    DECK_52.check([card], "card")
    if card in now.seen:
        raise RuleError(msg(N_("The {card} was already played in this hand."),
                            card=card.label), "card")
    options = choices(state.rules, now.floor, card)
    if len(options) > 1:
        return replace(state, pending=card)
    take = options[0] if options else []
    return replace(state, plays=(*state.plays, Play(card, tuple(take))))


def choose(state: HandInPlay, take: Any) -> HandInPlay:
    """Settle which capture the pending card made; it must be one of the legal ones."""
    now = progress(state)
    if now.pending is None:
        raise RuleError(msg(N_("No card is waiting for a choice.")), "take")
    taken = set(parse_cards(take, "take"))
    if not any(set(option) == taken for option in now.choices):
        raise RuleError(msg(N_("That is not one of the legal captures of the {card}."),
                            card=now.pending.label), "take")
    play = Play(now.pending, tuple(c for c in now.floor if c in taken))
    return replace(state, plays=(*state.plays, play), pending=None)


def undo(state: HandInPlay) -> HandInPlay:
    """Take back the last card recorded (or the pending one)."""
    if state.pending:
        return replace(state, pending=None)
    if state.plays:
        return replace(state, plays=state.plays[:-1])
    if state.floor:
        return replace(state, floor=state.floor[:-1])
    raise RuleError(msg(N_("There is nothing to undo.")))


def hand(state: HandInPlay) -> dict[str, Any]:
    """The finished hand in card form, as the game's score sheet takes it."""
    now = progress(state)
    if not now.finished:
        raise RuleError(msgn("{n} card is still to be played.", "{n} cards are still to be played.",
                             count_param="n", n=now.cards_left))
    return {"captured": [[str(c) for c in cards] for cards in now.captured],
            "basras": [[str(c) for c in cards] for cards in now.basras]}
