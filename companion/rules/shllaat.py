"""Shlla'at, the Sudanese fishing game: hand scores, game progression and the capture referee.

Rule numbers in verdicts are those of the seed text's summary of capture (NUMBERED_RULES,
shown numbered on the referee's rules page).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import MISSING, Field, RootModel

from ..shapes import (
    Answer,
    Body,
    CardName,
    CardNames,
    Count,
    Int,
    SituationBody,
    Verdict,
    WrittenForm,
)
from .cards import DECK_54, DECK_104, Card, Deck, parse_card, parse_cards
from .fishing import (
    CardValues,
    FishingCardForm,
    FishingHand,
    FishingPointsForm,
    Kind,
    read_claimed_piles,
    read_fishing_hand,
    score_fishing_hand,
)
from .messages import N_, Msg, N_plural, Problems, RuleError, msg
from .options import Option, Rules
from .progress import check_index, play_to_target
from .scores import GameState, HandScore
from .seats import SeatForm
from .situation import claimed, flag, required
from .spec import BoardKind, GameSpec, HandForm, QuickForm, Referee, Situation


@dataclass(frozen=True)
class ShllaatRules(Rules):
    """A Shlla'at game's rules, resolved from its preset and house rules."""

    deck: Literal["standard", "two-decks"]
    tie: Literal["play_on", "all_win"]


DECKS = {"standard": DECK_54, "two-decks": DECK_104}
TIE_RAISE = 500


def is_special(card: Card) -> bool:
    """Aces and Jokers are special cards; all others are normal."""
    return card.is_joker or card.rank == "A"


# A Shlla'at hand is the whole deck, so every count must match the deck's.
VALUES = CardValues((
    Kind("jokers", N_("Jokers"), N_("Jokers ×{count}"), 50, lambda card: card.is_joker,
         N_("The number of Jokers {side} took must be a whole number of 0 or more."),
         N_plural("{count} Joker entered, the deck has {total}.",
                  "{count} Jokers entered, the deck has {total}.")),
    Kind("aces", N_("aces"), N_("aces ×{count}"), 25, lambda card: card.rank == "A",
         N_("The number of aces {side} took must be a whole number of 0 or more."),
         N_plural("{count} ace entered, the deck has {total}.",
                  "{count} aces entered, the deck has {total}.")),
    Kind("jacks", N_("jacks"), N_("jacks ×{count}"), 2, lambda card: card.rank == "J",
         N_("The number of jacks {side} took must be a whole number of 0 or more."),
         N_plural("{count} jack entered, the deck has {total}.",
                  "{count} jacks entered, the deck has {total}.")),
    Kind("others", N_("other cards"), N_("other cards ×{count}"), 1, lambda card: True,
         N_("The number of other cards {side} took must be a whole number of 0 or more."),
         N_plural("{count} other card entered, the deck has {total}.",
                  "{count} other cards entered, the deck has {total}.")),
))


# The last capturer takes what is left, so a hand's points add up to the deck's exactly.
EXACT = True

# A Shlla'at hand: each player's counts of every kind of card, or each player's points.
ShllaatHand = FishingHand


# A written hand as the API describes it; `read_hand` reads it, refusing it in plain words.
class ShllaatCountForm(WrittenForm):
    """A Shlla'at hand in count form: per kind of card, how many each player took (every
    kind, since the hand is the whole deck)."""

    jokers: list[Count] = Field(description="Jokers, 50 points each.")
    aces: list[Count] = Field(description="Aces, 25 points each.")
    jacks: list[Count] = Field(description="Jacks, 2 points each.")
    others: list[Count] = Field(description="Every other card, 1 point each.")


class ShllaatHandBody(RootModel[FishingCardForm | ShllaatCountForm | FishingPointsForm]):
    """A Shlla'at hand (API.md), one entry per player, in one form: captured cards (together
    exactly the deck), counts (the deck's), or points (adding up to the deck's 252, or 304
    with two packs)."""


def read_hand(rules: ShllaatRules, hand: object, sides: int) -> ShllaatHand:
    """A hand as written: the whole deck shared out, one entry per player."""
    return read_fishing_hand(hand, (sides,), DECKS[rules.deck], VALUES, EXACT)


def score_hand(_rules: ShllaatRules, hand: ShllaatHand, sides: int) -> HandScore:
    """Each player's captured points; the hand is the whole deck, so they add up to its total."""
    return score_fishing_hand(hand, sides, VALUES)


def play(
    rules: ShllaatRules, hands: Sequence[ShllaatHand], sides: int, players: int,
    first_dealer: int
) -> GameState:
    """Totals after each hand; `first_dealer` is the seat that played first in hand one."""
    return play_to_target(
        rules, hands, sides, players, first_dealer,
        lambda hand, _previous: score_hand(rules, hand, sides), tie_raise=TIE_RAISE,
        all_win=rules.tie == "all_win", leader_after_dealer=False,
    )


# --- Referee -----------------------------------------------------------------------------

@dataclass(frozen=True)
class ShllaatVerdict:
    legal: bool
    reason: Msg
    burnt_pool: list[Card]      # what the played card could also have taken from the pool
    burnt_piles: list[int]      # players whose top unit it could also have taken
    plays_again: bool           # captured something while the draw pile lasts

    def answer(self) -> dict[str, object]:
        """The verdict as the API answers it (the reason and cards still to be written)."""
        return {"legal": self.legal, "reason": self.reason,
                "burnt": {"pool": self.burnt_pool, "piles": self.burnt_piles},
                "plays_again": self.plays_again}


@dataclass(frozen=True)
class _Unit:
    """The top unit of a player's pile: its cards and the rank of its normal cards."""

    owner: int
    cards: list[Card]
    rank: str


@dataclass(frozen=True)
class ShllaatCapture:
    """A disputed capture: the pool, every player's top unit, whose turn, the card played,
    what it claims from the pool and whose top units, and whether the draw pile is empty."""

    pool: list[Card]
    units: list[_Unit]
    player: int
    played: Card
    claimed_pool: list[Card]
    claimed_piles: list[int]
    draw_pile_empty: bool = False


def read_capture(
    rules: ShllaatRules,
    pool: object,
    piles: object,
    player: object,
    played: object,
    claimed_pool: object,
    claimed_piles: object,
    draw_pile_empty: bool = False,
) -> ShllaatCapture:
    """The situation from cards as text; RuleError naming the field for one no deal makes."""
    deck = DECKS[rules.deck]
    jokers = deck.has_jokers
    problems, no_cards = Problems(), list[Card]()  # every problem is said at once
    pool_cards = problems.read(no_cards, parse_cards, pool, "pool", jokers=jokers)
    card = problems.read(None, parse_card, played, "played", jokers=jokers)
    units = problems.read(list[_Unit](), _read_piles, piles, jokers)
    taken_pool = problems.read(no_cards, parse_cards, claimed_pool, "claimed.pool",
                               jokers=jokers)
    problems.check()  # the cards compared below are all read
    assert card is not None  # read, or refused just above
    seat = check_index(player, len(units), "player")
    taken_units = read_claimed_piles(claimed_piles, [not u.cards for u in units])
    _check_cards(deck, pool_cards, units, card, taken_pool)
    return ShllaatCapture(pool_cards, units, seat, card, taken_pool, taken_units,
                          draw_pile_empty)


def judge(_rules: ShllaatRules, situation: ShllaatCapture) -> ShllaatVerdict:
    """Is taking what the situation claims with its played card legal?"""
    pool_cards, units, seat, card = (situation.pool, situation.units, situation.player,
                                     situation.played)
    taken_pool, taken_units = situation.claimed_pool, situation.claimed_piles
    if seat in taken_units:
        # a player reaching for their own pile is a dispute to rule on, not a typo
        return _illegal(msg(
            N_("Player {player} cannot take the top set of their own pile: one play captures "
               "single cards from the pool and the top sets of the other players' piles, never "
               "anything from one's own pile (Shlla'at)."), player=seat + 1))
    for target in taken_pool:
        reason = _refuse_pool_card(card, target)
        if reason:
            return _illegal(reason)
    for owner in taken_units:
        reason = _refuse_unit(card, units[owner])
        if reason:
            return _illegal(reason)
    ranks = sorted({c.rank for c in taken_pool if not is_special(c)}
                   | {units[owner].rank for owner in taken_units})
    if len(ranks) > 1:
        return _illegal(msg(
            N_("A special card takes cards and sets of one rank only, and {card} claims ranks "
               "{ranks} (Shlla'at: one capture is all of the same rank)."),
            card=card.label, ranks=ranks))

    def joins(rank: str) -> bool:
        """Could an item of `rank` be added to this capture? A normal card fixes the rank."""
        return not ranks or rank in ranks or not is_special(card)

    left_in_pool = Counter(pool_cards) - Counter(taken_pool)
    burnt_pool = [c for c in left_in_pool.elements()
                  if _refuse_pool_card(card, c) is None and (is_special(c) or joins(c.rank))]
    burnt_piles = [unit.owner for unit in units
                   if unit.cards and unit.owner != seat and unit.owner not in taken_units
                   and _refuse_unit(card, unit) is None and joins(unit.rank)]
    captured = bool(taken_pool or taken_units)
    return ShllaatVerdict(
        legal=True,
        reason=_taken(card, taken_pool, taken_units),
        burnt_pool=burnt_pool,
        burnt_piles=burnt_piles,
        plays_again=captured and not situation.draw_pile_empty,
    )


def _illegal(reason: Msg) -> ShllaatVerdict:
    return ShllaatVerdict(False, reason, [], [], False)


def _refuse_pool_card(card: Card, target: Card) -> Msg | None:
    """Why `card` may not take `target` from the pool, or None if it may."""
    if is_special(card) and is_special(target):
        return msg(N_("A special card cannot take a special card lying in the pool: {card} "
                      "cannot take {target} (Shlla'at rule 4)."),
                   card=card.label, target=target.label)
    if not is_special(card) and not is_special(target) and target.rank != card.rank:
        return msg(N_("A normal card takes only cards of its own rank and special cards from "
                      "the pool: {card} cannot take {target} (Shlla'at rule 1)."),
                   card=card.label, target=target.label)
    return None


def _refuse_unit(card: Card, unit: _Unit) -> Msg | None:
    """Why `card` may not take the top unit `unit`, or None if it may."""
    if card.rank == "A" and any(c.is_joker for c in unit.cards):
        return msg(N_("An Ace cannot take a set that holds a Joker (Shlla'at rule 3)."))
    if not is_special(card) and unit.rank != card.rank:
        return msg(N_("A normal card takes only a set of its own rank: {card} cannot take the "
                      "set of rank {rank} on Player {player}'s pile (Shlla'at rule 1)."),
                   card=card.label, rank=unit.rank, player=unit.owner + 1)
    return None


def _taken(card: Card, taken_pool: list[Card], taken_units: list[int]) -> Msg:
    """The sentence for a legal play: what it took and under which rule."""
    if not taken_pool and not taken_units:
        return msg(N_("{card} captures nothing and stays in the pool; nobody must capture."),
                   card=card.label)
    players = [owner + 1 for owner in taken_units]
    from_pool = msg(N_("{cards} from the pool"), cards=[c.label for c in taken_pool])
    from_piles = (msg(N_("the top set of Player {players}'s pile"), players=players)
                  if len(taken_units) == 1
                  else msg(N_("the top sets of the piles of Players {players}"), players=players))
    if not taken_units:
        what = from_pool
    elif not taken_pool:
        what = from_piles
    else:
        what = msg(N_("{pool} and {piles}"), pool=from_pool, piles=from_piles)
    if card.is_joker:
        rule = 2
    elif card.rank == "A":
        rule = 3
    else:
        rule = 4 if any(is_special(c) for c in taken_pool) else 1
    return msg(N_("{card} takes {what} (Shlla'at rule {rule})."),
               card=card.label, what=what, rule=rule)


def _read_piles(piles: object, jokers: bool) -> list[_Unit]:
    """Every player's top unit, with its rank; RuleError for a unit no play can build."""
    if not isinstance(piles, list) or not 2 <= len(piles) <= max(SPEC.player_counts):
        raise RuleError(msg(N_("piles must list the top set of every player's pile, "
                               "[] for an empty pile: {low} to {high} players."),
                            low=min(SPEC.player_counts), high=max(SPEC.player_counts)), "piles")
    units = []
    for owner, pile in enumerate(piles):
        field = f"piles[{owner}]"
        cards = parse_cards(pile, field, jokers=jokers)
        ranks = sorted({c.rank for c in cards if not is_special(c)})
        if cards and not ranks:
            # every set holds the normal card that made or met the capture
            raise RuleError(msg(N_("Player {player}'s top set holds no normal card; every "
                                   "captured set holds at least one."), player=owner + 1), field)
        if len(ranks) > 1:
            raise RuleError(msg(N_("Player {player}'s top set mixes the ranks {ranks}; only sets "
                                   "of the same rank stack into one unit."),
                                player=owner + 1, ranks=ranks), field)
        units.append(_Unit(owner, cards, ranks[0] if ranks else ""))
    return units


def _check_cards(deck: Deck, pool: list[Card], units: list[_Unit], card: Card,
                 taken_pool: list[Card]) -> None:
    """RuleError unless the cards on the table could all be in the deck at once."""
    if card in pool and pool.count(card) >= deck.copies.get(card, 0):
        raise RuleError(msg(N_("The played card {card} is also in the pool; a card cannot be "
                               "in two places."), card=card.label), "played")
    deck.check(pool + [card] + [c for unit in units for c in unit.cards])
    missing = Counter(taken_pool) - Counter(pool)
    if missing:
        wrong = next(iter(missing))
        raise RuleError(msg(N_("{card} is claimed from the pool, but the pool does not hold it."),
                            card=wrong.label), "claimed.pool")


# The seed text's summary of capture, in its order: verdicts cite these as "rule 1" to "rule 4".
NUMBERED_RULES = (
    N_("A normal card takes a card or a set of its own rank, whether or not the set holds "
       "special cards."),
    N_("A Joker takes a normal card or a set, whether or not the set holds special cards."),
    N_("An Ace never takes a set that holds a Joker; it takes a set of normal cards or a set "
       "that holds Aces."),
    N_("A special card (Ace or Joker) lying in the pool falls only to a normal card."),
)

# The referee page's summary of the rules it applies: (heading, sentences) sections.
REFEREE_SUMMARY = (
    (N_("Capturing"), (
        N_("A normal card takes pool cards of its rank, special cards lying in the pool, and the "
           "top sets of other players' piles of its rank."),
        N_("A Joker takes pool normal cards and other players' top sets, all of one rank the "
           "player chooses."),
        N_("An Ace takes like a Joker, but never a set that holds a Joker."),
        N_("Sets of the same rank stacked on each other count as one unit; a capture takes a "
           "whole unit, never part of one, and never from one's own pile."),
        N_("Nobody must capture: what the card could have taken but did not is burnt, which is "
           "not an illegal play."),
        N_("A play that captured lets the player draw and play again while the draw pile lasts."),
        N_("Values: Joker 50, Ace 25, Jack 2, every other card 1."),
    )),
)


def read_capture_body(rules: ShllaatRules, body: Mapping[str, object]) -> ShllaatCapture:
    """A disputed capture as the API states it: pool, piles, whose turn, the card, the claim."""
    pool, piles, player, played, _ = required(body, "pool", "piles", "player", "played",
                                              "claimed")
    taken = claimed(body)
    return read_capture(rules, pool, piles, player, played, taken.get("pool", []),
                        taken.get("piles", []), flag(body, "draw_pile_empty"))


class ShllaatClaimBody(Body):
    pool: CardNames | MISSING = MISSING
    piles: list[Int] | MISSING = MISSING


class ShllaatCaptureBody(SituationBody):
    """A capture as `POST /api/v1/referee/shllaat/capture` takes it."""

    pool: CardNames
    piles: list[CardNames]
    player: Int
    played: CardName
    claimed: ShllaatClaimBody
    draw_pile_empty: bool | MISSING = MISSING


class Burnt(Answer):
    pool: CardNames
    piles: list[Int]


class ShllaatCaptureAnswer(Verdict):
    """The capture's verdict as the API answers it (ShllaatVerdict.answer, written)."""

    burnt: Burnt
    plays_again: bool


referee_capture = Situation(
    read_capture_body, judge, ShllaatCaptureBody, ShllaatCaptureAnswer,
    "judge a capture: legality, burnt, plays again",
    {"pool": ["5S", "9H"], "piles": [[], ["5H"]], "player": 0, "played": "5D",
     "claimed": {"pool": ["5S"], "piles": [1]}})


SPEC = GameSpec(
    name="shllaat",
    title=N_("Shlla'at"),
    options=(
        Option("deck", "standard", N_("Pack"), {
            "standard": N_("One pack with two Jokers: 54 cards worth 252 points."),
            "two-decks": N_("Two packs without Jokers: 104 cards worth 304 points."),
        }, values=("standard", "two-decks")),
        Option("target", 500, N_("Target"), {
            "*": N_("The game ends when someone reaches or passes {target} points; the highest "
                    "total wins."),
        },
            # below one hand's points (252 in one pack, 304 in two) one hand may settle the
            # game; above ten times the usual 500 is a typing slip (docs/rulings-targets.md)
            minimum=252, maximum=5000),
        Option("tie", "play_on", N_("Tie for most points"), {
            "play_on": N_("The target rises by 500 and the tied game goes on."),
            "all_win": N_("All the tied players win."),
        }, values=("play_on", "all_win")),
    ),
    presets={"standard": {}, "two-decks": {"deck": "two-decks"}},
    default_preset="standard",
    rules_type=ShllaatRules,
    player_counts=(2, 3, 4, 5),
    partnerships="never",
    direction="clockwise",
    read_hand=read_hand,
    hand_body=ShllaatHandBody,
    score_hand=score_hand,
    play=play,
    dealer_matters=False,  # "It doesn't matter who deals": the first player rotates
    # The last player's other cards are what the deck leaves.
    hand_form=HandForm(QuickForm.FISHING, deck=lambda rules: DECKS[rules.deck], values=VALUES,
                       follows="others", points_exact=EXACT, seat=SeatForm.POINTS),
    blurb=N_("Sudanese fishing game: capture from the pool and from the other players' "
             "piles."),
    referee_title=N_("Shlla'at referee"),
    referee=Referee(BoardKind.POOL, {"capture": referee_capture}, REFEREE_SUMMARY, seats=3,
                    numbered=NUMBERED_RULES),
)
