"""Basra, the Middle Eastern fishing game: options, hand scores, games, matches, referee.

A hand's basras are listed per side by the card that made each one ("7S"), or as a plain
number of 10-point basras. A jack listed as a basra card is a jack that took a lone jack:
under `jack_on_lone_jack: double` it counts as two basras (20 with flat basras), under
`single` as one, and under `none` no jack can be listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import MISSING, Field, RootModel

from ..shapes import (
    CardName,
    CardNames,
    Count,
    HandExtras,
    Int,
    Side,
    SituationBody,
    Verdict,
    WrittenForm,
)
from . import basra_playalong
from .basra_capture import (
    TEN_OF_DIAMONDS,
    TWO_OF_CLUBS,
    BasraCapture,
    CaptureVerdict,
    basra_points,
    jack_basra_times,
    judge,
    legal_captures,
    read_capture,
)
from .basra_rules import OPTIONS, PRESETS, BasraRules
from .cards import DECK_52, Card, parse_cards
from .messages import N_, Msg, N_plural, RuleError, msg, msgn, side_label
from .progress import check_index, play_to_target
from .scores import GameState, HandScore, Line
from .seats import SeatForm
from .situation import required
from .spec import BoardKind, GameSpec, HandForm, QuickForm, RecordColumn, Referee, Situation

__all__ = ["SPEC", "BasraCapture", "BasraHand", "CaptureVerdict", "judge", "legal_captures",
           "play", "read_capture", "read_hand", "referee_capture", "score_hand"]

HAND_CARDS = 52
# The fields of a hand in each form; carry_in is optional in both.
CARD_FIELDS = frozenset({"captured", "basras", "carry_in"})
COUNT_FIELDS = frozenset({"cards", "jacks", "aces", "two_of_clubs", "ten_of_diamonds", "basras",
                          "carry_in"})
# A count that does not add up to a hand: a whole sentence per count, so words can agree.
MISCOUNTED = {
    "cards": N_plural("{count} card entered, a hand has {total}.",
                      "{count} cards entered, a hand has {total}."),
    "jacks": N_plural("{count} jack entered, a hand has {total}.",
                      "{count} jacks entered, a hand has {total}."),
    "aces": N_plural("{count} ace entered, a hand has {total}.",
                     "{count} aces entered, a hand has {total}."),
}
# A count that is no whole number of 0 or more, per count; the entry form says it too.
NOT_A_COUNT = {
    "cards": N_("The number of cards {side} took must be a whole number of 0 or more."),
    "jacks": N_("The number of jacks {side} took must be a whole number of 0 or more."),
    "aces": N_("The number of aces {side} took must be a whole number of 0 or more."),
    "basras": N_("The number of basras {side} made must be a whole number of 0 or more."),
}
# What a hand without its cards count or a holder is told (a blank field on the form).
CARDS_MISSING = N_("Enter how many cards {side} took.")
HOLDER_MISSING = N_("Choose who took the {card}.")
HOLDERS = {"two_of_clubs": "2♣", "ten_of_diamonds": "10♦"}
WINS_FOR_MATCH = 3
DECIDER_TARGET = 150

# --- Reading a hand ----------------------------------------------------------------------

@dataclass(frozen=True)
class BasraPile:
    """What scores in one side's pile."""

    cards: int
    jacks: int
    aces: int
    two_of_clubs: bool
    ten_of_diamonds: bool
    basras: list[Card]          # capturing cards named
    plain_basras: int           # basras entered as a number


@dataclass(frozen=True)
class BasraHand:
    """A Basra hand: each side's pile, and the majority points it says were carried in from
    tied hands before (a game threads its own carries instead)."""

    piles: tuple[BasraPile, ...]
    carry_in: int


def _fail(where: str, field: str, message: Msg) -> RuleError:
    return RuleError(message, f"{where}.{field}" if field else where)


def _count(value: object, where: str, field: str, wrong: Msg) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(where, field, wrong)
    return value


def not_a_count(key: str, side: int) -> Msg:
    """The sentence for side `side`'s `key` count when it is no whole number of 0 or more."""
    return msg(NOT_A_COUNT[key], side=side_label(side))


def cards_missing(side: int) -> Msg:
    return msg(CARDS_MISSING, side=side_label(side))


def holder_missing(key: str) -> Msg:
    return msg(HOLDER_MISSING, card=HOLDERS[key])


def _per_side(
    hand: Mapping[str, object], key: str, sides: int, where: str, default: object = None
) -> list[object]:
    items = hand.get(key, default)
    if items is None:
        raise _fail(where, key, msg(N_("The hand needs {field}."), field=key))
    if not isinstance(items, list) or len(items) != sides:
        raise _fail(where, key, msg(N_("{field} must be a list with one entry per side "
                                       "({sides})."), field=key, sides=sides))
    return items


def _read_basras(
    hand: Mapping[str, object], sides: int, where: str
) -> list[tuple[list[Card], int]]:
    """(named basra cards, plain basras) per side; each card makes at most one basra."""
    entries = _per_side(hand, "basras", sides, where, [[] for _ in range(sides)])
    read: list[tuple[list[Card], int]] = []
    for side, entry in enumerate(entries):
        field = f"basras[{side}]"
        if isinstance(entry, int) and not isinstance(entry, bool):
            read.append(([], _count(entry, where, field, not_a_count("basras", side))))
        elif isinstance(entry, list):
            read.append((parse_cards(entry, f"{where}.{field}"), 0))
        else:
            raise _fail(where, field, msg(N_("Basras of side {side} must be a list of the cards "
                                             "that made them, or a number."), side=side + 1))
    named = [card for cards, _ in read for card in cards]
    for card in named:
        if named.count(card) > 1:
            raise _fail(where, "basras", msg(N_("The {card} is listed for two basras, but each "
                                                "card is played once."), card=card.label))
    DECK_52.check(named, f"{where}.basras")
    return read


def _check_fields(hand: Mapping[str, object], where: str) -> None:
    """Nothing but the hand's own fields is kept with it (an unknown one is refused)."""
    known = CARD_FIELDS if "captured" in hand else COUNT_FIELDS
    unknown = next((key for key in hand if key not in known), None)
    if unknown is not None:
        raise _fail(where, str(unknown), msg(N_(
            "There is no field '{name}' in a Basra hand: enter captured cards (captured, "
            "basras) or counts (cards, jacks, aces, two_of_clubs, ten_of_diamonds, basras)."),
            name=str(unknown)))


def _read_sides(rules: BasraRules, hand: object, sides: int, where: str) -> list[BasraPile]:
    if not isinstance(hand, dict):
        raise _fail(where, "", msg(N_("A Basra hand must be an object with captured cards or "
                                      "card counts.")))
    if ("captured" in hand) == ("cards" in hand):
        raise _fail(where, "", msg(N_("Enter either captured cards (captured) or counts "
                                      "(cards, jacks, aces, ...), and not both.")))
    _check_fields(hand, where)
    basras = _read_basras(hand, sides, where)
    read = _from_cards if "captured" in hand else _from_counts
    result = read(hand, sides, basras, where)
    for side, pile in enumerate(result):
        _check_basras(rules, pile, side, where)
    return result


def _from_cards(
    hand: Mapping[str, object], sides: int, basras: list[tuple[list[Card], int]], where: str
) -> list[BasraPile]:
    captured = [parse_cards(cards, f"{where}.captured[{i}]")
                for i, cards in enumerate(_per_side(hand, "captured", sides, where))]
    every = [card for cards in captured for card in cards]
    DECK_52.check(every, f"{where}.captured")
    if len(every) != HAND_CARDS:
        raise _fail(where, "captured", msgn(*MISCOUNTED["cards"], count=len(every),
                                            total=HAND_CARDS))
    piles = []
    for side, (cards, (named, plain)) in enumerate(zip(captured, basras, strict=True)):
        for card in named:
            if card not in cards:
                raise _fail(where, f"basras[{side}]", msg(N_(
                    "The {card} made a basra for {side}, so it must be among the cards {side} "
                    "captured."), card=card.label, side=side_label(side)))
        piles.append(BasraPile(len(cards), sum(c.rank == "J" for c in cards),
                           sum(c.rank == "A" for c in cards), TWO_OF_CLUBS in cards,
                           TEN_OF_DIAMONDS in cards, named, plain))
    return piles


def _from_counts(
    hand: Mapping[str, object], sides: int, basras: list[tuple[list[Card], int]], where: str
) -> list[BasraPile]:
    columns = {}
    for key, total in (("cards", HAND_CARDS), ("jacks", 4), ("aces", 4)):
        column = [_count(n, where, f"{key}[{i}]",
                         cards_missing(i) if n is None and key == "cards"
                         else not_a_count(key, i))
                  for i, n in enumerate(_per_side(hand, key, sides, where))]
        if sum(column) != total:
            raise _fail(where, key, msgn(*MISCOUNTED[key], count=sum(column), total=total))
        columns[key] = column
    holders = {}
    for key in HOLDERS:
        if hand.get(key) is None:
            raise _fail(where, key, holder_missing(key))
        holders[key] = check_index(hand[key], sides, f"{where}.{key}")
    piles = [
        BasraPile(columns["cards"][side], columns["jacks"][side], columns["aces"][side],
              holders["two_of_clubs"] == side, holders["ten_of_diamonds"] == side, *basras[side])
        for side in range(sides)
    ]
    for side, pile in enumerate(piles):
        _check_counts(pile, side, where)
    return piles


def _check_counts(pile: BasraPile, side: int, where: str) -> None:
    """The named cards (jacks, aces, 2♣, 10♦, basra cards) must fit in the side's count."""
    field = f"basras[{side}]"
    for card in pile.basras:
        held = {"J": pile.jacks, "A": pile.aces}.get(card.rank)
        has = (held >= sum(c.rank == card.rank for c in pile.basras) if held is not None
               else pile.two_of_clubs if card == TWO_OF_CLUBS
               else pile.ten_of_diamonds if card == TEN_OF_DIAMONDS else True)
        if not has:
            raise _fail(where, field, msg(N_(
                "The {card} made a basra for {side}, but the counts entered for {side} do not "
                "include it."), card=card.label, side=side_label(side)))
    others = sum(c.rank not in ("J", "A") and c not in (TWO_OF_CLUBS, TEN_OF_DIAMONDS)
                 for c in pile.basras)
    known = pile.jacks + pile.aces + pile.two_of_clubs + pile.ten_of_diamonds + others
    if known > pile.cards:
        raise _fail(where, f"cards[{side}]", msgn(
            "{side} has {cards} card, fewer than the {known} that the jacks, aces, 2♣, 10♦ "
            "and basra cards entered for {side} make.",
            "{side} has {cards} cards, fewer than the {known} that the jacks, aces, 2♣, 10♦ "
            "and basra cards entered for {side} make.",
            count_param="cards", side=side_label(side), cards=pile.cards, known=known))


def _check_basras(rules: BasraRules, pile: BasraPile, side: int, where: str) -> None:
    """No jack basra where jacks make none; every basra takes at least two cards."""
    field = f"basras[{side}]"
    for card in pile.basras:
        if card.rank == "J" and not jack_basra_times(rules):
            raise _fail(where, field, msg(N_(
                "Under these rules a jack never makes a basra, so the {card} cannot be listed "
                "as one."), card=card.label))
    count = len(pile.basras) + pile.plain_basras
    if 2 * count > pile.cards:
        raise _fail(where, field, msg(N_(
            "{side} has {basras} basras but only {cards} cards; each basra takes at least "
            "two cards."), side=side_label(side), basras=count, cards=pile.cards))


def _read_carry(rules: BasraRules, hand: Mapping[str, object], where: str) -> int:
    carry = _count(hand.get("carry_in", 0), where, "carry_in",
                   msg(N_("{field} must be a whole number of 0 or more."), field="carry_in"))
    step = rules.majority_points if rules.majority_tie == "carry" else 0
    if carry and (not step or carry % step):
        raise _fail(where, "carry_in", msg(N_(
            "carry_in must be majority points held over from tied hands: 0 or a multiple of "
            "{step}."), step=step))
    return carry


# --- Scoring -----------------------------------------------------------------------------

# A written hand as the API describes it; `read_hand` reads it, refusing it in plain words.
BASRAS = ("Per side, the card that made each of its basras ([\"7S\"]; a jack listed took a "
          "lone jack, counted as jack_on_lone_jack says), or their number (each a plain "
          "10-point basra); none if left out.")
CARRY_IN = ("Majority points held over from tied hands before: 0 or a multiple of the "
            "majority points (majority_tie: carry); 0 if left out.")


class BasraCardForm(WrittenForm):
    """A Basra hand in card form: the cards each side captured."""

    captured: list[CardNames] = Field(description=(
        "Per side, the cards it captured; together exactly the 52 cards."))
    basras: list[CardNames | Count] | MISSING = Field(default=MISSING, description=BASRAS)
    carry_in: Count | MISSING = Field(default=MISSING, description=CARRY_IN)


class BasraCountForm(WrittenForm):
    """A Basra hand in count form (quick entry): the counts must be possible, 52 cards, 4
    jacks and 4 aces between the sides."""

    cards: list[Count] = Field(description="The number of cards each side took (52 in all).")
    jacks: list[Count] = Field(description="The number of jacks each side took (4 in all).")
    aces: list[Count] = Field(description="The number of aces each side took (4 in all).")
    two_of_clubs: Side = Field(description="The side that took the 2♣.")
    ten_of_diamonds: Side = Field(description="The side that took the 10♦.")
    basras: list[CardNames | Count] | MISSING = Field(default=MISSING, description=BASRAS)
    carry_in: Count | MISSING = Field(default=MISSING, description=CARRY_IN)


class BasraHandBody(RootModel[BasraCardForm | BasraCountForm]):
    """A Basra hand (API.md): captured cards or counts, not both."""


def read_hand(rules: BasraRules, hand: object, sides: int) -> BasraHand:
    """A hand as written, in card or count form, checked against the deck and the rules."""
    sides = _check_sides(sides)
    piles = _read_sides(rules, hand, sides, "hand")
    assert isinstance(hand, dict)  # _read_sides refuses anything else
    return BasraHand(tuple(piles), _read_carry(rules, hand, "hand"))


class BasraExtras(HandExtras):
    """What a Basra hand's score adds: the majority points carried in and out, and who had
    the most cards."""

    carry_in: Int = Field(description="Majority points carried in from the hand before.")
    carry_out: Int = Field(description="Majority points held over to the next hand, 0 if "
                                       "none.")
    majority: Side | None = Field(description="The side with the most cards; null at a tie.")


def score_hand(rules: BasraRules, hand: BasraHand, _sides: int) -> HandScore:
    """Card points, majority (with the hand's carry_in) and basras per side."""
    return _score(rules, hand.piles, hand.carry_in)


def _check_sides(sides: object) -> int:
    if isinstance(sides, bool) or sides not in (2, 3, 4):
        raise RuleError(msg(N_("Basra is played by 2, 3 or 4 sides.")), "sides")
    assert isinstance(sides, int)
    return sides


def _score(rules: BasraRules, piles: tuple[BasraPile, ...], carry_in: int) -> HandScore:
    """Score a hand's piles with `carry_in` majority points carried in."""
    most = max(pile.cards for pile in piles)
    leaders = [side for side, pile in enumerate(piles) if pile.cards == most]
    majority = leaders[0] if len(leaders) == 1 else None
    tie_carries = majority is None and rules.majority_tie == "carry"
    carry_out = carry_in + rules.majority_points if tie_carries else 0
    details, lines = [], []
    for side, pile in enumerate(piles):
        bonus = rules.majority_points + carry_in if side == majority else 0
        detail, side_lines = _side_score(rules, pile, bonus, carry_in)
        details.append(detail)
        lines.append(side_lines)
    return HandScore([d["total"] for d in details], details, lines,
                     {"carry_in": carry_in, "carry_out": carry_out, "majority": majority},
                     headline=msg(N_("tie — {carry} carried"), carry=carry_out) if carry_out
                     else None)


def _side_score(
    rules: BasraRules, pile: BasraPile, majority: int, carry_in: int
) -> tuple[dict[str, Any], list[Line]]:
    times = jack_basra_times(rules)
    basra = pile.plain_basras * 10 + sum(
        basra_points(rules, card, times if card.rank == "J" else 1) for card in pile.basras)
    count = pile.plain_basras + len(pile.basras)
    parts = [
        (msg(N_("most cards, {carried} of them carried over"), carried=carry_in) if carry_in
         else msg(N_("most cards")), majority),
        (msg(N_("jacks")), pile.jacks),
        (msg(N_("aces")), pile.aces),
        (msg(N_("{card}"), card=TWO_OF_CLUBS.label), 2 * pile.two_of_clubs),
        (msg(N_("{card}"), card=TEN_OF_DIAMONDS.label), 3 * pile.ten_of_diamonds),
        (msg(N_("basra ×{count}"), count=count), basra),
    ]
    card_points = sum(points for _, points in parts[1:5])
    detail = {
        "cards": pile.cards, "jacks": pile.jacks, "aces": pile.aces,
        "two_of_clubs": int(pile.two_of_clubs), "ten_of_diamonds": int(pile.ten_of_diamonds),
        "card_points": card_points, "majority": majority, "basras": count,
        "basra_cards": [str(card) for card in pile.basras], "basra_points": basra,
        "total": card_points + majority + basra,
    }
    return detail, [Line(label, points) for label, points in parts if points]


# --- Games and matches -------------------------------------------------------------------

def play(
    rules: BasraRules, hands: Sequence[BasraHand], sides: int, players: int, first_dealer: int
) -> GameState:
    """Totals hand by hand, each hand's carry_in being the carry_out of the hand before.

    A hand's own carry_in is ignored, so correcting a hand moves the carries after it.
    `carry` is what the next hand would receive (0 once the game is won). Hands entered
    after the deciding hand are scored and added, but the winner stays.
    """
    sides = _check_sides(sides)
    if isinstance(players, bool) or players not in (2, 3, 4) or (
            sides != players and (players, sides) != (4, 2)):
        raise RuleError(msg(N_("Basra is played by 2, 3 or 4 players, each a side, or by 4 "
                               "players in two partnerships.")), "players")
    return play_to_target(
        rules, hands, sides, players, first_dealer,
        lambda hand, previous: _score(rules, hand.piles,
                                      previous.extras["carry_out"] if previous else 0))


# The referee page's summary of the rules it applies: (heading, sentences) sections.
REFEREE_SUMMARY = (
    (N_("Capturing"), (
        N_("Capture values: ace 1, 2 to 10 their face value. A queen takes only queens and a "
           "king only kings."),
        N_("A numeral takes every floor card of its rank and any groups of numerals adding up to "
           "its value; one play can take several groups, each card in one group."),
        N_("Capture obligation: a card that can capture must capture, and must take all it can. "
           "A capture is legal only if no group it could take is left behind. Where several "
           "captures qualify, each is legal."),
        N_("A card that matches nothing is added to the floor."),
        N_("Jack: takes the whole floor; a jack on an empty floor stays."),
        N_("Seven of diamonds: by the house rule below, it takes the whole floor or is an "
           "ordinary 7."),
    )),
    (N_("Basra"), (
        N_("Clearing the floor (the usual rule): a capture that leaves the floor empty, made "
           "with a card other than a jack, is a basra."),
        N_("Lone card (Lebanon): taking a lone card by matching it, or taking a lone card and "
           "the card played onto it with one card equal to their sum."),
        N_("At the end of the hand the last player to capture takes what is left on the floor; "
           "that is never a basra."),
    )),
    (N_("Scoring"), (
        N_("Each jack 1, each ace 1, the 2♣ 2, the 10♦ 3, and the majority bonus for most cards."),
    )),
)


def read_capture_body(rules: BasraRules, body: Mapping[str, object]) -> BasraCapture:
    """A disputed capture as the API states it: floor, played card, what was claimed."""
    floor, played, taken = required(body, "floor", "played", "claimed")
    return read_capture(rules, floor, played, taken, body.get("previous_floor"))


class BasraCaptureBody(SituationBody):
    """A capture as `POST /api/v1/referee/basra/capture` takes it."""

    floor: CardNames
    played: CardName
    claimed: CardNames
    previous_floor: CardNames | None | MISSING = MISSING


class BasraCaptureAnswer(Verdict):
    """The capture's verdict as the API answers it (CaptureVerdict.answer, written)."""

    options: list[CardNames]
    options_truncated: bool
    best: CardNames
    basra: bool
    basra_points: Int


referee_capture = Situation(
    read_capture_body, judge, BasraCaptureBody, BasraCaptureAnswer,
    "judge a capture: legality, options, best, basra",
    {"floor": ["5S", "3H", "KD"], "played": "8D", "claimed": ["5S", "3H"]})


SPEC = GameSpec(
    name="basra",
    title=N_("Basra"),
    options=OPTIONS,
    presets=PRESETS,
    default_preset="egyptian",
    rules_type=BasraRules,
    player_counts=(2, 3, 4),
    partnerships="optional",
    direction="anticlockwise",
    read_hand=read_hand,
    score_hand=score_hand,
    play=play,
    hand_body=BasraHandBody,
    extras=BasraExtras,
    play_along=basra_playalong,
    hand_form=HandForm(QuickForm.BASRA, deck=lambda _rules: DECK_52, marks_basras=True,
                       seat=SeatForm.BASRA),
    blurb=N_("Fishing game of Egypt, Jordan, Yemen and Lebanon: sums, jacks, the seven of "
             "diamonds and basra bonuses."),
    referee_title=N_("Basra referee"),
    record_columns=(RecordColumn("basras", N_("Basras")),),
    referee=Referee(BoardKind.FLOOR, {"capture": referee_capture}, REFEREE_SUMMARY),
    match_games=2 * WINS_FOR_MATCH - 1,
    decider_target=DECIDER_TARGET,
)
