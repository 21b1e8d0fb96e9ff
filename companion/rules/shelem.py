"""Shelem: four players in two partnerships bid for the right to name trumps.

Seats are listed in playing order (anticlockwise at the table); seats 0 and 2 form team 0,
seats 1 and 3 team 1. A hand is entered as the bid and the points the bidding team took
(widow included), or as a redeal after three passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, TypeGuard

import pydantic

from ..shapes import (
    CardNames,
    HandExtras,
    Int,
    Side,
    SituationBody,
    Text,
    Verdict,
    WrittenForm,
)
from .cards import DECK_52, RANKS, SUIT_SYMBOLS, Card, parse_cards
from .messages import N_, Msg, Problems, RuleError, msg, side_label
from .options import Option, Rules
from .progress import play_to_target
from .scores import GameState, HandScore, Line
from .seats import SeatForm
from .situation import flag, require, required
from .spec import (
    BoardKind,
    GameSpec,
    HandForm,
    QuickForm,
    RecordColumn,
    Referee,
    Situation,
)

PLAYERS = 4
TEAMS = 2
TRICK_POINTS = 5
TRICKS = 13  # twelve played tricks plus the Hâkem's four discards, counted as a trick
# The discards are the bidding team's thirteenth trick, so it never ends a hand below 5.
MIN_BIDDER_POINTS = TRICK_POINTS
MIN_BID = 100
BID_STEP = 5
SHELEM_DOUBLE = "shelem_double"
PASS = "pass"
SHELEM_DOUBLE_POINTS = 700
RANK_ORDER = RANKS[1:] + RANKS[:1]  # 2 3 .. 10 J Q K A: the ace ranks highest
_SUIT_BY_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_HAND_KEYS = ("bidder", "bid", "bidder_points")
CHEATING = "cheating"  # optional: the team caught cheating in the hand
HAND_FIELDS = (*_HAND_KEYS, "all_passed", CHEATING)  # every field a hand may have
# A hand without one of its fields (a blank on the entry form, a missing or null field in the
# API) is told what to give; the form says the same.
MISSING = {"bidder": N_("Choose the team that won the bid."), "bid": N_("Choose the bid."),
           "bidder_points": N_("Enter the points the bidding team took.")}
NOT_A_BID = N_("The bid must be a number like 120, or \"shelem_double\".")

@dataclass(frozen=True)
class ShelemRules(Rules):
    """A Shelem game's rules, resolved from its preset and house rules."""

    ace_points: Literal[10, 15]
    made: Literal["points", "bid"]
    yasa_penalty: Literal["total", "double_bid"]
    three_passes_redeal: bool
    cheating: Literal["deduct", "instead"]


OPTIONS = (
    Option(
        "ace_points", 10, N_("Ace points"),
        {10: N_("Each ace is worth 10 points, like a ten: the pack holds 165 points."),
         15: N_("Each ace is worth 15 points: the pack holds 185 points.")},
        values=(10, 15),
    ),
    Option(
        "made", "points", N_("A made bid scores"),
        {"points": N_("A team that makes its bid scores all the points it took."),
         "bid": N_("A team that makes its bid scores exactly the bid, however many points "
                   "it took.")},
        values=("points", "bid"),
    ),
    Option(
        "yasa_penalty", "total", N_("Yâsâ penalty"),
        {"total": N_("Yâsâ (the bidding team took half the pack or less) costs the bidding "
                     "team the pack total: 165, or 185 with 15-point aces."),
         "double_bid": N_("Yâsâ (the bidding team took half the pack or less) costs the "
                          "bidding team twice its bid.")},
        values=("total", "double_bid"),
    ),
    Option(
        "three_passes_redeal", True, N_("Three passes"),
        {True: N_("If the first three players pass, the hand is cancelled and the deal "
                  "moves to the next player."),
         False: N_("Three passes do not cancel the hand: the fourth player must bid at "
                   "least 100.")},
        values=(True, False),
    ),
    Option(
        "cheating", "deduct", N_("Caught cheating"),
        {"deduct": N_("A team caught cheating has the bid deducted from its total; the hand "
                      "is otherwise scored as played."),
         "instead": N_("A team caught cheating scores minus the bid for the hand, instead of "
                       "what the hand would have given it.")},
        values=("deduct", "instead"),
    ),
    Option(
        "target", 1200, N_("Target"),
        {"*": N_("The first team to reach {value} points wins; if both reach it in the same "
                 "hand the higher total wins, and a tie plays on. Usual targets: 1200, 330, "
                 "660 or 1165.")},
        # below one hand's pack (165) the first hand made would end the game
        minimum=165,
    ),
)


def card_points(rules: ShelemRules, card: Card) -> int:
    """Châgh cards: each ace per `ace_points`, each ten 10, each five 5; others nothing."""
    return _rank_points(rules.ace_points).get(card.rank, 0)


def _rank_points(ace_points: int) -> dict[str, int]:
    return {"A": ace_points, "10": 10, "5": 5}


@cache
def _pack_total(ace_points: int) -> int:
    points = _rank_points(ace_points)
    return sum(points.get(card.rank, 0) for card in DECK_52.cards()) + TRICKS * TRICK_POINTS


def pack_total(rules: ShelemRules) -> int:
    """Points in one hand: card points of the pack plus 5 for each of the 13 tricks."""
    # Cached: a game page scores every hand again, and each score needs the total.
    return _pack_total(rules.ace_points)


# ---------------------------------------------------------------- hand scores


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _normal(value: object) -> object:
    """Calls written as text are read without regard to case or spaces."""
    return value.strip().lower() if isinstance(value, str) else value


def bid_problem(rules: ShelemRules, bid: int) -> Msg | None:
    """Why a numeric bid is not a bid at this table, or None if it is one."""
    total = pack_total(rules)
    if not MIN_BID <= bid <= total:
        return msg(N_("A bid is from {low} to {high}: {bid} is not a bid."),
                   low=MIN_BID, high=total, bid=bid)
    if bid % BID_STEP:
        return msg(N_("A bid goes up in steps of 5: {bid} is not a bid."), bid=bid)
    return None


def _read_bid(rules: ShelemRules, bid: object) -> int | Literal["shelem_double"]:
    bid = _normal(bid)
    if bid == SHELEM_DOUBLE:
        return "shelem_double"
    if not _is_int(bid):
        raise RuleError(msg(NOT_A_BID), "hand.bid")
    problem = bid_problem(rules, bid)
    if problem:
        raise RuleError(problem, "hand.bid")
    return bid


@dataclass(frozen=True)
class BidHand:
    """A hand that was bid and played: the bidding team, its bid and the points it took
    (widow included), and the team caught cheating, if any."""

    bidder: int
    bid: int | Literal["shelem_double"]
    bidder_points: int
    cheating: int | None = None


@dataclass(frozen=True)
class Redeal:
    """A hand the first three players passed: cancelled and dealt again."""


# A Shelem hand read: bid and played, or dealt again after three passes.
ShelemDeal = BidHand | Redeal


def read_hand(rules: ShelemRules, hand: object, sides: int) -> ShelemDeal:
    """A hand as written: {bidder, bid, bidder_points[, cheating]} or {all_passed: true}."""
    _check_sides(sides)
    if not isinstance(hand, dict):
        raise RuleError(msg(N_("A Shelem hand is an object like {example}."),
                            example='{"bidder": 0, "bid": 120, "bidder_points": 125}'), "hand")
    for key in hand:
        if key not in HAND_FIELDS:
            raise RuleError(
                msg(N_("'{key}' is not part of a Shelem hand: give bidder, bid and "
                       "bidder_points (and cheating), or all_passed."), key=str(key)),
                f"hand.{key}",
            )
    all_passed = hand.get("all_passed", False)
    if not isinstance(all_passed, bool):
        raise RuleError(msg(N_("all_passed must be true or false.")), "hand.all_passed")
    if all_passed:
        _check_redeal(rules, hand)
        return Redeal()
    missing = [key for key in _HAND_KEYS if hand.get(key) is None]
    if missing:
        raise RuleError(missing_field(missing[0]), f"hand.{missing[0]}")
    bidder = hand["bidder"]
    if bidder not in (0, 1) or not _is_int(bidder):
        raise RuleError(msg(N_("The bidder is team 0 (seats 0 and 2) or team 1 (seats 1 "
                               "and 3).")), "hand.bidder")
    bid = _read_bid(rules, hand["bid"])
    points = _read_bidder_points(rules, hand["bidder_points"])
    return BidHand(bidder, bid, points, _read_cheating(hand))


def _read_bidder_points(rules: ShelemRules, points: object) -> int:
    """The bidding team's points: the discards alone give it 5, the pack caps it."""
    total = pack_total(rules)
    if _is_int(points) and points < MIN_BIDDER_POINTS:
        raise RuleError(msg(N_("The bidding team has at least 5 points, not {points}: the "
                               "Hâkem's four discards are its thirteenth trick, worth 5 points "
                               "plus their card points."), points=points), "hand.bidder_points")
    if not _is_int(points) or points > total or points % TRICK_POINTS:
        raise RuleError(not_points(rules), "hand.bidder_points")
    return points


def missing_field(key: str) -> Msg:
    """What a hand without `key` (a blank on the form) is told to give."""
    return msg(MISSING[key])


def not_points(rules: ShelemRules) -> Msg:
    """The sentence for bidding team's points that are no points a hand can give it."""
    return msg(N_("Points come in steps of 5 from 5 to {total}."), total=pack_total(rules))


def _check_redeal(rules: ShelemRules, hand: dict[Any, object]) -> None:
    """A redeal is allowed only under the three-passes rule, and carries no bid."""
    if not rules.three_passes_redeal:
        raise RuleError(
            msg(N_("At this table three passes do not cancel the hand: the fourth player "
                   "must bid, so enter the bid and the points.")),
            "hand.all_passed",
        )
    extra = [key for key in _HAND_KEYS + (CHEATING,) if key in hand]
    if extra:
        raise RuleError(msg(N_("A redealt hand has no {key}: nobody bid."), key=extra[0]),
                        f"hand.{extra[0]}")


def _outcome(rules: ShelemRules, bid: int | str, points: int) -> tuple[str, int, Msg]:
    """(outcome, bidding team's score, line label) for the bidding team."""
    total = pack_total(rules)
    every_trick = points == total  # the others took no trick, so not even 5 points
    if bid == SHELEM_DOUBLE:
        if every_trick:
            return "shelem_double_made", SHELEM_DOUBLE_POINTS, msg(N_("Shelem Double made"))
        return ("shelem_double_failed", -SHELEM_DOUBLE_POINTS,
                msg(N_("Shelem Double lost: the other team took a trick")))
    assert isinstance(bid, int)  # shelem_double is the only bid that is not a number
    if every_trick:
        return "shelem", 2 * bid, msg(N_("Shelem: every trick, twice the bid of {bid}"), bid=bid)
    if points >= bid:
        if rules.made == "points":  # the line's figure is the points: not said twice
            return "made", points, msg(N_("bid of {bid} made"), bid=bid)
        return "made", bid, msg(N_("bid of {bid} made with {points}"), bid=bid, points=points)
    if 2 * points <= total:
        score = -total if rules.yasa_penalty == "total" else -2 * bid
        return "yasa", score, msg(N_("Yâsâ: {points} is half the pack or less"), points=points)
    return "failed", -bid, msg(N_("bid of {bid} failed with {points}"), bid=bid, points=points)


def _check_sides(sides: object) -> None:
    if sides != TEAMS or not _is_int(sides):
        raise RuleError(msg(N_("Shelem is played by two teams, not {sides}."), sides=str(sides)),
                        "sides")


Team = Annotated[Side, pydantic.Field(le=1)]
ShelemDouble = Annotated[str, pydantic.Field(json_schema_extra={"const": SHELEM_DOUBLE})]


# A written hand as the API describes it; `read_hand` reads it, refusing it in plain words.
class ShelemHand(WrittenForm):
    """A Shelem hand (API.md); `cheating` is Companion's addition."""

    bidder: Team | pydantic.MISSING = pydantic.Field(default=pydantic.MISSING, description=(
        "The bidding team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."))
    bid: Int | ShelemDouble | pydantic.MISSING = pydantic.Field(
        default=pydantic.MISSING,
        description="100 up to the pack total in steps of 5, or \"shelem_double\".")
    bidder_points: Int | pydantic.MISSING = pydantic.Field(default=pydantic.MISSING, description=(
        "The points the bidding team ended with, widow included: 5 to the pack total in steps "
        "of 5."))
    all_passed: bool | pydantic.MISSING = pydantic.Field(default=pydantic.MISSING, description=(
        "true for a hand redealt after three passes (then nothing else)."))
    cheating: Team | pydantic.MISSING = pydantic.Field(default=pydantic.MISSING, description=(
        "Optional: the team caught cheating (shelem.txt, Cheating). The bid (700 for a Shelem "
        "Double) is deducted from that team's total: on top of its score for the hand, or "
        "instead of it with the house rule cheating: instead (docs/rulings-cheating.md)."))


class ShelemExtras(HandExtras):
    """What a Shelem hand's score adds: what came of the bid, who bid and what."""

    outcome: str = pydantic.Field(description=(
        "made, failed, yasa, shelem, shelem_double_made, shelem_double_failed or redeal."))
    bidder: Side | None = pydantic.Field(description="The bidding team; null for a redeal.")
    bid: Int | str | None = pydantic.Field(description=(
        "The bid, or \"shelem_double\"; null for a redeal."))
    cheating: Side | pydantic.MISSING = pydantic.Field(default=pydantic.MISSING, description=(
        "The team caught cheating, if any."))


def score_hand(rules: ShelemRules, hand: ShelemDeal, _sides: int) -> HandScore:
    """Score one hand: the bidding team per its outcome, the other team its points."""
    if isinstance(hand, Redeal):
        line = [Line(msg(N_("redeal after three passes")), 0)]
        return HandScore(
            scores=[0, 0],
            details=[{"points": 0, "bidder": False, "score": 0} for _ in range(TEAMS)],
            lines=[list(line), list(line)],
            extras={"outcome": "redeal", "bidder": None, "bid": None},
            headline=msg(N_("All passed: redeal")),
        )
    bidder, bid, points, cheater = hand.bidder, hand.bid, hand.bidder_points, hand.cheating
    outcome, score, label = _outcome(rules, bid, points)
    other_points = pack_total(rules) - points
    scores = [0, 0]
    scores[bidder], scores[1 - bidder] = score, other_points
    details: list[dict[str, Any]] = [{}, {}]
    details[bidder] = {"points": points, "bidder": True, "score": score,
                       "bid": bid, "outcome": outcome}
    details[1 - bidder] = {"points": other_points, "bidder": False, "score": other_points}
    lines: list[list[Line]] = [[], []]
    lines[bidder] = [Line(label, score)]
    lines[1 - bidder] = [Line(msg(N_("points taken")), other_points)]
    headline = _headline(bidder, bid, outcome)
    if cheater is not None:
        headline = _penalise(rules, cheater, bid, (scores, details, lines), headline)
    return HandScore(scores, details, lines,
                     extras={"outcome": outcome, "bidder": bidder, "bid": bid,
                             **({} if cheater is None else {"cheating": cheater})},
                     headline=headline)


def _read_cheating(hand: dict[Any, object]) -> int | None:
    """The team caught cheating in the hand, if any."""
    cheater = hand.get(CHEATING)
    if cheater is None:
        return None
    if cheater not in (0, 1) or not _is_int(cheater):
        raise RuleError(msg(N_("cheating is the team caught cheating: 0 (seats 0 and 2) or 1 "
                               "(seats 1 and 3).")), "hand.cheating")
    return cheater


def cheating_rule(rules: ShelemRules) -> Msg:
    """The table's reading of the Cheating rule, as its rules card says it."""
    option = next(option for option in OPTIONS if option.name == CHEATING)
    # games created before the house rule existed resolve to its default, the text's reading
    return option.describe(rules)


def _penalise(rules: ShelemRules, cheater: int, bid: int | str,
              sheet: tuple[list[int], list[dict[str, Any]], list[list[Line]]],
              headline: Msg) -> Msg:
    """Deduct the bid (700 for a Shelem Double) from the team caught cheating, on top of its
    score for the hand or instead of it (`cheating` house rule); the headline says so."""
    scores, details, lines = sheet
    penalty = SHELEM_DOUBLE_POINTS if bid == SHELEM_DOUBLE else int(bid)
    # games created before the house rule existed resolve to "deduct": the text's reading
    if rules.cheating == "instead":
        scores[cheater], lines[cheater] = 0, []
    scores[cheater] -= penalty
    details[cheater] = {**details[cheater], "score": scores[cheater], "cheating": -penalty}
    lines[cheater].append(Line(msg(N_("caught cheating: the bid of {bid} deducted"),
                               bid=penalty), -penalty))
    return msg(N_("{headline}; {side} caught cheating"), headline=headline,
               side=side_label(cheater))


# The outcome in a word, for the scoresheet's row.
OUTCOME_WORDS = {"made": N_("made"), "failed": N_("failed"), "yasa": N_("Yâsâ"),
                 "shelem": N_("Shelem"), "shelem_double_made": N_("made"),
                 "shelem_double_failed": N_("lost")}


def _headline(bidder: int, bid: int | str, outcome: str) -> Msg:
    """"Side 1 bid 120: made": who bid what, and what came of it."""
    word = msg(OUTCOME_WORDS[outcome])
    if bid == SHELEM_DOUBLE:
        return msg(N_("{side} bid Shelem Double: {outcome}"), side=side_label(bidder),
                   outcome=word)
    return msg(N_("{side} bid {bid}: {outcome}"), side=side_label(bidder), bid=bid,
               outcome=word)


# ---------------------------------------------------------------- game progression


def _check_table(players: object, first_dealer: object) -> None:
    if players != PLAYERS or not _is_int(players):
        raise RuleError(msg(N_("Shelem is played by four players, not {players}."),
                            players=str(players)), "players")
    if not _is_int(first_dealer) or not 0 <= first_dealer < PLAYERS:
        raise RuleError(msg(N_("The first dealer is a seat from 0 to 3.")), "first_dealer")


def play(rules: ShelemRules, hands: Sequence[ShelemDeal], sides: int, players: int,
         first_dealer: int) -> GameState:
    """Score the hands in order; the first team to the target wins, the higher total if both.

    Every hand passes the deal on, a redeal after three passes included.
    """
    _check_sides(sides)
    _check_table(players, first_dealer)
    return play_to_target(rules, hands, sides, PLAYERS, first_dealer,
                          lambda hand, _previous: score_hand(rules, hand, sides))


# ---------------------------------------------------------------- referee: tricks


@dataclass(frozen=True)
class TrickVerdict:
    """Who takes a trick, what it is worth, and whether everyone followed suit."""

    winner: int  # index into the trick's cards, leader first
    points: int
    legal: bool
    reason: Msg
    revoke: int | None = None  # the player (index into the cards) who could follow and did not

    def answer(self) -> dict[str, object]:
        """The verdict as the API answers it (the reason still to be written)."""
        return {"winner": self.winner, "points": self.points, "legal": self.legal,
                "reason": self.reason}


def _read_trump(trump: object) -> str:
    suit = trump.strip() if isinstance(trump, str) else ""
    suit = _SUIT_BY_SYMBOL.get(suit, suit.upper())
    if suit not in SUIT_SYMBOLS:
        raise RuleError(msg(N_("The trump is a suit: S, H, D or C.")), "trump")
    return suit


def _read_trick(cards: object) -> list[Card]:
    trick = parse_cards(cards, "cards")
    if len(trick) != PLAYERS:
        raise RuleError(msg(N_("A trick has 4 cards, one from each player: {count} entered."),
                            count=len(trick)), "cards")
    DECK_52.check(trick, "cards")
    return trick


def _read_trick_hands(hands: object, trick: list[Card]) -> list[list[Card] | None]:
    """The hands held before the trick, None where not known; each given hand must hold the
    card its player played and none another player played."""
    if not isinstance(hands, list) or len(hands) != PLAYERS:
        raise RuleError(msg(N_("Give the 4 hands held before the trick, in the order the "
                               "cards were played; null for a hand that is not known.")),
                        "hands")
    read = [None if held is None else parse_cards(held, f"hands[{i}]")
            for i, held in enumerate(hands)]
    DECK_52.check([card for held in read if held for card in held], "hands")
    for i, held in enumerate(read):
        if held is not None:
            _check_trick_hand(i, held, trick)
    return read


def _check_trick_hand(player: int, held: list[Card], trick: list[Card]) -> None:
    """RuleError unless `held` could be the hand of `player` (counted from 0) before the trick."""
    field = f"hands[{player}]"
    if len(held) > 12:
        raise RuleError(msg(N_("A player holds at most 12 cards in play: {count} given for "
                               "player {player}."), count=len(held), player=player + 1), field)
    if trick[player] not in held:
        raise RuleError(msg(N_("Player {player} played {card}, which is not in the hand given "
                               "for them."), player=player + 1, card=trick[player].label), field)
    for other, card in enumerate(trick):
        if other != player and card in held:
            # with that player's hand unknown, only this check sees the card twice
            raise RuleError(msg(N_("The hand given for player {player} holds {card}, which "
                                   "player {other} played in this trick."),
                                player=player + 1, card=card.label, other=other + 1), field)


def _trick_winner(trump: str, trick: list[Card]) -> int:
    """Highest trump, else highest card of the suit led."""
    suit = trump if any(card.suit == trump for card in trick) else trick[0].suit
    return max((i for i, card in enumerate(trick) if card.suit == suit),
               key=lambda i: RANK_ORDER.index(trick[i].rank))


def _revoker(trick: list[Card], hands: list[list[Card] | None]) -> int | None:
    """The first player whose known hand could follow the suit led and who did not."""
    led = trick[0].suit
    return next((i for i, (card, held) in enumerate(zip(trick, hands, strict=True))
                 if held and card.suit != led and any(c.suit == led for c in held)), None)


def _revoke_reason(trick: list[Card], hands: list[list[Card] | None], player: int) -> Msg:
    led = trick[0].suit
    follower = next(card for card in hands[player] or () if card.suit == led)
    return msg(N_("Player {player} played {card} while holding {held} of the suit led, {suit}: "
                  "a player must follow suit if able."),
               player=player + 1, card=trick[player].label, held=follower.label,
               suit=SUIT_SYMBOLS[led])


@dataclass(frozen=True)
class ShelemTrick:
    """A disputed trick: the trump suit, the four cards leader first, the hands held before
    it (None where not known), and whether it is the hand's first trick."""

    trump: str
    cards: list[Card]
    hands: list[list[Card] | None]
    first_trick: bool = False


def read_trick(_rules: ShelemRules, trump: object, cards: object, hands: object = None,
               first_trick: bool = False) -> ShelemTrick:
    """The trick from cards as text; RuleError naming the field for one no deal makes."""
    problems = Problems()  # every problem is said at once
    suit = problems.read("", _read_trump, trump)
    trick = problems.read(list[Card](), _read_trick, cards)
    problems.check()  # the hands are checked against the trick: once it reads
    held: list[list[Card] | None] = (
        [None] * PLAYERS if hands is None else _read_trick_hands(hands, trick))
    return ShelemTrick(suit, trick, held, first_trick)


def judge(rules: ShelemRules, situation: ShelemTrick) -> TrickVerdict:
    """Referee one trick; players are counted from 1 in play order, the leader first.

    Every known hand is checked for following suit. On the first trick the Hâkem's opening
    lead must be a trump: it announces the trump.
    """
    suit, trick, held, first_trick = (situation.trump, situation.cards, situation.hands,
                                      situation.first_trick)
    winner = _trick_winner(suit, trick)
    points = TRICK_POINTS + sum(card_points(rules, card) for card in trick)
    if first_trick and trick[0].suit != suit:
        return TrickVerdict(winner, points, False, msg(
            N_("The Hâkem led {card}, but the first card of the hand must be a trump, {suit}: "
               "it announces the trump."), card=trick[0].label, suit=SUIT_SYMBOLS[suit]))
    revoker = _revoker(trick, held)
    if revoker is not None:
        return TrickVerdict(winner, points, False, _revoke_reason(trick, held, revoker),
                            revoke=revoker)
    if trick[winner].suit == suit:
        reason = msg(N_("{card} takes the trick as the highest trump; the trick is worth "
                        "{points} points."), card=trick[winner].label, points=points)
    else:
        reason = msg(N_("{card} takes the trick as the highest card of the suit led, with no "
                        "trump played; the trick is worth {points} points."),
                     card=trick[winner].label, points=points)
    return TrickVerdict(winner, points, True, reason)


# ---------------------------------------------------------------- referee: bidding


@dataclass(frozen=True)
class AuctionVerdict:
    """Whether the calls so far are legal, and who became Hâkem for what contract."""

    legal: bool
    reason: Msg
    hakem: int | None = None  # seat, counted from 0 = the player after the dealer
    contract: int | str | None = None
    redeal: bool = False

    def answer(self) -> dict[str, object]:
        """The verdict as the API answers it (the reason still to be written)."""
        return {"legal": self.legal, "reason": self.reason, "hakem": self.hakem,
                "contract": self.contract, "redeal": self.redeal}


@dataclass
class _Auction:
    """The bidding as it stands: who is still in, whose turn, the highest bid."""

    rules: ShelemRules
    active: list[int]
    turn: int = 0  # index into active
    high: int | str | None = None
    high_seat: int | None = None

    @property
    def seat(self) -> int:
        return self.active[self.turn]

    @property
    def three_passed(self) -> bool:
        """The first three players passed and the last has not bid yet."""
        return self.active == [PLAYERS - 1] and self.high is None

    @property
    def closed(self) -> bool:
        return self.high == SHELEM_DOUBLE or (len(self.active) == 1 and self.high is not None)

    def problem(self, call: int | str) -> Msg | None:
        """Why `call` cannot be made now, or None."""
        if self.closed:
            return msg(N_("The bidding is already over."))
        if self.three_passed and not self.rules.three_passes_redeal and call == PASS:
            return msg(N_("The first three players passed and three passes do not cancel the "
                          "hand here, so the last player must bid at least 100."))
        if isinstance(call, str):  # "pass" or "shelem_double": _read_call allows no other
            return None
        if isinstance(self.high, int) and call <= self.high:  # a Shelem Double closed it
            return msg(N_("A bid must be above the last bid, {high}."), high=self.high)
        return bid_problem(self.rules, call)

    def apply(self, call: int | str) -> None:
        if call == PASS:
            self.active.pop(self.turn)
            self.turn %= len(self.active)
            return
        self.high, self.high_seat = call, self.seat
        if call != SHELEM_DOUBLE:
            self.turn = (self.turn + 1) % len(self.active)


def _read_call(call: object, index: int) -> int | str:
    call = _normal(call)
    if _is_int(call) or (isinstance(call, str) and call in (PASS, SHELEM_DOUBLE)):
        return call
    raise RuleError(msg(N_("Call {call} must be a bid (a number like 105), \"pass\" or "
                           "\"shelem_double\"."), call=index + 1), f"bids[{index}]")


@dataclass(frozen=True)
class ShelemBids:
    """A disputed auction: the calls in turn order, seat 0 (the player after the dealer)
    first; a call is a bid, "pass" or "shelem_double"."""

    calls: list[int | str]


def read_bids(_rules: ShelemRules, bids: object) -> ShelemBids:
    """The calls from the API's list; RuleError naming the call that is none."""
    if not isinstance(bids, list):
        raise RuleError(msg(N_("The bids must be a list of calls like [100, \"pass\", 105].")),
                        "bids")
    return ShelemBids([_read_call(call, i) for i, call in enumerate(bids)])


def judge_auction(rules: ShelemRules, situation: ShelemBids) -> AuctionVerdict:
    """Referee the calls in turn order, seat 0 (the player after the dealer) first."""
    calls = situation.calls
    auction = _Auction(rules, list(range(PLAYERS)))
    for i, call in enumerate(calls):
        problem = auction.problem(call)
        if problem:
            return AuctionVerdict(False, msg(N_("Call {call} ({said}) is not allowed. "
                                                "{problem}"),
                                             call=i + 1, said=str(call), problem=problem))
        auction.apply(call)
        if auction.three_passed and rules.three_passes_redeal:
            return _redeal_verdict(calls, i + 1)
    return _verdict(auction)


def _redeal_verdict(calls: list[int | str], count: int) -> AuctionVerdict:
    """Three passes cancel the hand, so no call may follow them."""
    if count < len(calls):
        return AuctionVerdict(False, msg(
            N_("Call {call} ({said}) is not allowed: the first three players passed, so the "
               "hand is cancelled and dealt again."), call=count + 1, said=str(calls[count])))
    return AuctionVerdict(True, msg(N_("The first three players passed: the hand is cancelled "
                                       "and the next player deals.")), redeal=True)


def _verdict(auction: _Auction) -> AuctionVerdict:
    if auction.high is None or auction.high_seat is None:
        return _unbid_verdict(auction)
    hakem = auction.high_seat
    if auction.high == SHELEM_DOUBLE:
        return AuctionVerdict(True, msg(N_("Player {player} bid Shelem Double and is Hâkem: "
                                           "the team must win every trick."),
                                        player=hakem + 1),
                              hakem=hakem, contract=SHELEM_DOUBLE)
    if auction.closed:
        return AuctionVerdict(True, msg(N_("Player {player} is Hâkem with a bid of {bid}: "
                                           "the other players passed."),
                                        player=hakem + 1, bid=auction.high),
                              hakem=hakem, contract=auction.high)
    return AuctionVerdict(True, msg(N_("The auction is still open: player {player} calls next; "
                                       "the bid stands at {bid} by player {high_player}."),
                                    player=auction.seat + 1, bid=auction.high,
                                    high_player=hakem + 1))


def _unbid_verdict(auction: _Auction) -> AuctionVerdict:
    """The auction before anybody bid: still open."""
    if auction.three_passed:
        return AuctionVerdict(True, msg(N_("The auction is still open: the first three players "
                                           "passed, and player 4 must bid at least 100.")))
    return AuctionVerdict(True, msg(N_("The auction is still open: player {player} calls "
                                       "next, and nobody has bid yet."),
                                    player=auction.seat + 1))


# The referee page's summary of the rules it applies: (heading, sentences) sections.
REFEREE_SUMMARY = (
    (N_("Tricks"), (
        N_("Follow suit if able; otherwise play any card."),
        N_("The highest trump wins the trick, else the highest card of the suit led (A K Q J 10 "
           "… 2)."),
        N_("Each trick is worth 5 points plus its card points: aces and tens 10 (or aces 15), "
           "fives 5."),
        N_("The Hâkem's first lead must be a trump: it announces the trump."),
    )),
    (N_("Bidding"), (
        N_("Bids start at 100 and go up in steps of 5 to the pack total, each above the last; a "
           "pass is final."),
        N_("Shelem Double may be bid instead, and ends the bidding."),
        N_("The last player left with a bid is the Hâkem and names the trump."),
        N_("Three passes: by the house rule below, the hand is dealt again or the fourth player "
           "must bid."),
    )),
)


def read_trick_body(rules: ShelemRules, body: Mapping[str, object]) -> ShelemTrick:
    """A disputed trick as the API states it: trump, cards leader first, hands if known."""
    trump, cards = required(body, "trump", "cards")
    return read_trick(rules, trump, cards, body.get("hands"), flag(body, "first_trick"))


def read_bids_body(rules: ShelemRules, body: Mapping[str, object]) -> ShelemBids:
    """A disputed auction as the API states it: the calls in turn order."""
    return read_bids(rules, require(body, "bids"))


class ShelemTrickBody(SituationBody):
    """A trick as `POST /api/v1/referee/shelem/trick` takes it."""

    trump: Text
    cards: CardNames
    hands: list[CardNames | None] | None | pydantic.MISSING = pydantic.MISSING
    first_trick: bool | pydantic.MISSING = pydantic.MISSING


class ShelemTrickAnswer(Verdict):
    """The trick's verdict as the API answers it (TrickVerdict.answer, written)."""

    winner: Int | None
    points: Int


class ShelemBidsBody(SituationBody):
    """The calls so far as `POST /api/v1/referee/shelem/bids` takes them."""

    bids: list[Int | Text]


class ShelemBidsAnswer(Verdict):
    """The auction's verdict as the API answers it (AuctionVerdict.answer, written)."""

    hakem: Int | None
    contract: Int | str | None
    redeal: bool


referee_trick = Situation(
    read_trick_body, judge, ShelemTrickBody, ShelemTrickAnswer,
    "a trick: winner, points, revoke check", {"trump": "S", "cards": ["AH", "KH", "2S", "QH"]})
referee_bids = Situation(
    read_bids_body, judge_auction, ShelemBidsBody, ShelemBidsAnswer,
    "the auction: Hâkem, contract, redeal", {"bids": [100, "pass", 105, "pass", "pass"]})


SPEC = GameSpec(
    name="shelem",
    title=N_("Shelem"),
    options=OPTIONS,
    presets={"standard": {option.name: option.default for option in OPTIONS}},
    default_preset="standard",
    rules_type=ShelemRules,
    player_counts=(PLAYERS,),
    partnerships="always",
    direction="anticlockwise",
    read_hand=read_hand,
    score_hand=score_hand,
    play=play,
    hand_body=ShelemHand,
    extras=ShelemExtras,
    leader_role=N_("Bids first"),
    # a bid and points: no cards to enter
    hand_form=HandForm(QuickForm.SHELEM, seat=SeatForm.SHELEM, pack=pack_total),
    blurb=N_("Iranian bidding trick-taking game for two teams: made and failed bids, Yâsâ, "
             "Shelem."),
    referee_title=N_("Shelem referee"),
    referee_hints={
        "bids": N_("Tap the calls in turn order, starting with the player after the dealer."),
        "*": N_("Choose the trump and the four cards of the trick, leader first."),
    },
    record_columns=(RecordColumn("made", N_("Bids made")),
                    RecordColumn("failed", N_("Bids failed")),
                    RecordColumn("yasa", N_("Yâsâ")), RecordColumn("shelem", N_("Shelem"))),
    referee=Referee(BoardKind.TABLE, {"trick": referee_trick, "bids": referee_bids},
                    REFEREE_SUMMARY),
)
