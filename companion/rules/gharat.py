"""Ghârat, the Iranian single-pile fishing game: hand scores, progression and the referee.

The seed text lost what a capture takes; RULINGS.md reads it as the house rules `steal`
(whole pile or top card) and `capture` (compulsory or optional).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import MISSING, ConfigDict, Field, RootModel

from ..shapes import Answer, Body, CardName, Count, Int, SituationBody, Verdict, WrittenForm
from .cards import DECK_52, Card, parse_card
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
from .messages import N_, Msg, N_plural, Problems, RuleError, msg, sentences
from .options import Option, Rules
from .progress import check_index, play_to_target
from .scores import GameState, HandScore
from .seats import SeatForm
from .situation import claimed, required
from .spec import BoardKind, GameSpec, HandForm, QuickForm, Referee, Situation

# Cards left in the play pile score for nobody, so a count may fall short of the deck's.
VALUES = CardValues((
    Kind("numbers", N_("number cards"), N_("number cards ×{count}"), 5,
         lambda card: card.rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10"),
         N_("The number of number cards {side} took must be a whole number of 0 or more."),
         N_plural("{count} number card entered, but the deck has only {total}.",
                  "{count} number cards entered, but the deck has only {total}.")),
    Kind("courts", N_("court cards"), N_("court cards ×{count}"), 10,
         lambda card: card.rank in ("J", "Q", "K"),
         N_("The number of court cards {side} took must be a whole number of 0 or more."),
         N_plural("{count} court card entered, but the deck has only {total}.",
                  "{count} court cards entered, but the deck has only {total}.")),
    Kind("aces", N_("aces"), N_("aces ×{count}"), 20, lambda card: card.rank == "A",
         N_("The number of aces {side} took must be a whole number of 0 or more."),
         N_plural("{count} ace entered, but the deck has only {total}.",
                  "{count} aces entered, but the deck has only {total}.")),
))
PARTNERS = 2  # players per team in a partnership game; partners sit opposite
EXACT = False  # what stays in the play pile scores for nobody: a hand may hold fewer points


@dataclass(frozen=True)
class GharatRules(Rules):
    """A Ghârat game's rules, resolved from its preset and house rules."""

    steal: Literal["whole_pile", "top_card"]
    capture: Literal["compulsory", "optional"]
    pairs: bool


# A Ghârat hand: each entry's counts of every kind of card, or each entry's points.
GharatHand = FishingHand


# A written hand as the API describes it; `read_hand` reads it, refusing it in plain words.
class GharatCountForm(WrittenForm):
    """A Ghârat hand in count form: per kind of card, how many each player took (a kind
    left out: none); at least one kind."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1})

    numbers: list[Count] | MISSING = Field(default=MISSING, description=(
        "Number cards (2 to 10), 5 points each."))
    courts: list[Count] | MISSING = Field(default=MISSING, description=(
        "Court cards (J, Q, K), 10 points each."))
    aces: list[Count] | MISSING = Field(default=MISSING, description="Aces, 20 points each.")


class GharatPointsForm(FishingPointsForm):
    """A Ghârat hand in points form: each player's points, as the players counted their
    piles; every card is worth a multiple of 5."""

    points: list[Annotated[Count, Field(multiple_of=VALUES.step)]] = Field(description=(
        "Per side (or player), the points of their pile: a multiple of 5."))


class GharatHandBody(RootModel[FishingCardForm | GharatCountForm | GharatPointsForm]):
    """A Ghârat hand (API.md), one entry per side (with two sides, or per player of the four
    in playing order, partners opposite), in one form: captured cards (cards in no list
    stayed in the play pile), counts (no more than the deck's), or points (multiples of 5
    adding up to at most 380)."""


def read_hand(_rules: GharatRules, hand: object, sides: int) -> GharatHand:
    """A hand as written, one entry per side; cards left in the play pile are in none.

    With two sides the lists may also name the four players in playing order: partners
    sit opposite, so players 1 and 3 are side 1, players 2 and 4 side 2.
    """
    lengths = (sides, sides * PARTNERS) if sides == 2 else (sides,)
    return read_fishing_hand(hand, lengths, DECK_52, VALUES, EXACT)


def score_hand(_rules: GharatRules, hand: GharatHand, sides: int) -> HandScore:
    """Each side's captured points; cards left in the play pile score for nobody."""
    return score_fishing_hand(hand, sides, VALUES)


def play(
    rules: GharatRules, hands: Sequence[GharatHand], sides: int, players: int,
    first_dealer: int
) -> GameState:
    """Totals after each hand; the deal passes on and the player after the dealer leads."""
    return play_to_target(rules, hands, sides, players, first_dealer,
                          lambda hand, _previous: score_hand(rules, hand, sides))


# --- Referee -----------------------------------------------------------------------------

@dataclass(frozen=True)
class GharatVerdict:
    """`matching_*`: what the card may take (the play pile, other players' piles); with
    capture compulsory that is also what it must take (`required_*`), optional: nothing."""

    legal: bool
    reason: Msg
    matching_play_pile: bool
    matching_piles: list[int]
    compulsory: bool

    @property
    def required_play_pile(self) -> bool:
        return self.compulsory and self.matching_play_pile

    @property
    def required_piles(self) -> list[int]:
        return self.matching_piles if self.compulsory else []

    def answer(self) -> dict[str, object]:
        """The verdict as the API answers it (the reason still to be written)."""
        return {"legal": self.legal, "reason": self.reason,
                "required": {"play_pile": self.required_play_pile,
                             "piles": self.required_piles},
                "may_take": {"play_pile": self.matching_play_pile,
                             "piles": self.matching_piles}}


# What a capture takes, by the `steal` rule: the play pile, one other pile, several piles
_FROM_PLAY_PILE = {"whole_pile": N_("the whole play pile"),
                   "top_card": N_("the top card of the play pile")}
_FROM_ONE_PILE = {"whole_pile": N_("the whole of Player {players}'s pile"),
                  "top_card": N_("the top card of Player {players}'s pile")}
_FROM_PILES = {"whole_pile": N_("the whole piles of Players {players}"),
               "top_card": N_("the top cards of the piles of Players {players}")}


@dataclass(frozen=True)
class GharatCapture:
    """A disputed capture: the top of the play pile and of every player's pile (None where
    empty), whose turn, the card played, and whether it claims the play pile and whose piles."""

    play_pile_top: Card | None
    tops: list[Card | None]
    player: int
    played: Card
    claimed_play_pile: bool
    claimed_piles: list[int]


def read_capture(
    _rules: GharatRules,
    play_pile_top: object,
    piles: object,
    player: object,
    played: object,
    claimed_play_pile: object,
    claimed_piles: object,
) -> GharatCapture:
    """The situation from cards as text; RuleError naming the field for one no deal makes."""
    problems = Problems()  # every problem is said at once
    top = None if play_pile_top is None else problems.read(
        None, parse_card, play_pile_top, "play_pile_top")
    tops = problems.read(list[Card | None](), _read_tops, piles)
    card = problems.read(None, parse_card, played, "played")
    take_play_pile = problems.read(False, _read_flag, claimed_play_pile)
    problems.check()  # the cards compared below are all read
    assert card is not None  # read, or refused just above
    seat = check_index(player, len(tops), "player")
    DECK_52.check([c for c in (top, card, *tops) if c is not None])
    if take_play_pile and top is None:
        raise RuleError(msg(N_("The play pile is empty: there is nothing to take.")),
                        "claimed.play_pile")
    claimed = read_claimed_piles(claimed_piles, [t is None for t in tops])
    return GharatCapture(top, tops, seat, card, take_play_pile, claimed)


def _read_flag(claimed_play_pile: object) -> bool:
    if not isinstance(claimed_play_pile, bool):
        raise RuleError(msg(N_("claimed.play_pile must be true or false.")), "claimed.play_pile")
    return claimed_play_pile


def judge(rules: GharatRules, situation: GharatCapture) -> GharatVerdict:
    """Is taking the claimed piles with the played card legal? Only ranks match; suits never
    matter, so the sentences name ranks only ("7 takes...")."""
    top, tops, seat, card = (situation.play_pile_top, situation.tops, situation.player,
                             situation.played)
    claimed_play_pile, claimed = situation.claimed_play_pile, situation.claimed_piles

    def matches(pile_top: Card | None) -> bool:
        return pile_top is not None and pile_top.rank == card.rank

    play_pile = matches(top)
    others = [owner for owner, pile_top in enumerate(tops)
              if owner != seat and matches(pile_top)]

    compulsory = rules.capture == "compulsory"

    def refuse(reason: Msg) -> GharatVerdict:
        return GharatVerdict(False, reason, play_pile, others, compulsory)

    if claimed_play_pile and not play_pile:
        assert top is not None  # claiming an empty play pile was refused above
        return refuse(msg(N_("{card} does not match the {top} on top of the play pile, so it "
                             "cannot take it."), card=_rank(card), top=_rank(top)))
    for owner in claimed:
        pile_top = tops[owner]
        if not matches(pile_top):
            assert pile_top is not None  # read_claimed_piles refuses empty piles
            return refuse(msg(N_("{card} does not match the {top} on top of Player {player}'s "
                                 "pile, so it cannot take it."),
                              card=_rank(card), top=_rank(pile_top), player=owner + 1))
    taken = [owner for owner in claimed if owner != seat]
    missed_play_pile = play_pile and not claimed_play_pile
    missed = [owner for owner in others if owner not in taken]
    left = _what(rules, missed_play_pile, missed) if missed_play_pile or missed else None
    if compulsory and left is not None:
        # "also" only beside something taken
        text = (N_("Capture is compulsory: {card} must also take {what} (Ghârat house rule).")
                if claimed_play_pile or taken else
                N_("Capture is compulsory: {card} must take {what} (Ghârat house rule)."))
        return refuse(msg(text, card=_rank(card), what=left))
    placed = _placed(rules, card, claimed_play_pile, taken, matches(tops[seat]))
    if left is not None:  # optional: what it left is the players' choice, said as such
        placed = sentences(placed, msg(N_("Capture is optional, so leaving {what} is allowed "
                                          "(Ghârat house rule)."), what=left))
    return GharatVerdict(True, placed, play_pile, others, compulsory)


def _rank(card: Card) -> int | str:
    """A card named by its rank alone (suits never matter here); a number rank is a number,
    so the reader sees it in their digits."""
    return int(card.rank) if card.rank.isdigit() else card.rank


def _what(rules: GharatRules, play_pile: bool, owners: list[int]) -> Msg:
    """What a capture takes from the play pile and the piles of `owners`, as `steal` says."""
    steal = rules.steal
    from_play_pile = msg(_FROM_PLAY_PILE[steal])
    from_piles = msg(_FROM_ONE_PILE[steal] if len(owners) == 1 else _FROM_PILES[steal],
                     players=[owner + 1 for owner in owners])
    if not owners:
        return from_play_pile
    if not play_pile:
        return from_piles
    return msg(N_("{play_pile} and {piles}"), play_pile=from_play_pile, piles=from_piles)


def _placed(rules: GharatRules, card: Card, play_pile: bool, taken: list[int],
            own_match: bool) -> Msg:
    """The sentence for a legal play: what it took, or where the card goes."""
    if play_pile or taken:
        return msg(N_("{card} takes {what} and goes on top of the captured cards."),
                   card=_rank(card), what=_what(rules, play_pile, taken))
    if own_match:
        return msg(N_("{card} matches the top of the player's own pile and is laid on it; "
                      "nothing moves."), card=_rank(card))
    return msg(N_("{card} takes nothing and goes on top of the play pile."), card=_rank(card))


def _read_tops(piles: object) -> list[Card | None]:
    counts = SPEC.player_counts
    if not isinstance(piles, list) or len(piles) not in counts:
        raise RuleError(msg(N_("piles must give the top card of every player's pile, null for "
                               "an empty pile: {low} to {high} players."),
                            low=min(counts), high=max(counts)), "piles")
    return [None if pile is None else parse_card(pile, f"piles[{owner}]")
            for owner, pile in enumerate(piles)]


# The referee page's summary of the rules it applies: (heading, sentences) sections.
REFEREE_SUMMARY = (
    ("", (
        N_("Only ranks match; suits never matter."),
        N_("A card matching the top card of the play pile or of another player's capture pile "
           "captures, as the house rules below say; captured cards go on the capturer's pile "
           "with the capturing card on top."),
        N_("No match: the card goes on top of the play pile. A match with one's own pile: the "
           "card is laid on it and nothing moves."),
        N_("Values: number cards 5, J Q K 10, aces 20. Cards left in the play pile at the end "
           "score for nobody."),
    )),
)


def read_capture_body(rules: GharatRules, body: Mapping[str, object]) -> GharatCapture:
    """A disputed capture as the API states it: the tops of the piles, the card, the claim."""
    top, piles, player, played, _ = required(body, "play_pile_top", "piles", "player",
                                             "played", "claimed")
    taken = claimed(body)
    return read_capture(rules, top, piles, player, played, taken.get("play_pile", False),
                        taken.get("piles", []))


class GharatClaimBody(Body):
    play_pile: bool | MISSING = MISSING
    piles: list[Int] | MISSING = MISSING


class GharatCaptureBody(SituationBody):
    """A capture as `POST /api/v1/referee/gharat/capture` takes it."""

    play_pile_top: CardName | None | MISSING = MISSING
    piles: list[CardName | None]
    player: Int
    played: CardName
    claimed: GharatClaimBody


class Required(Answer):
    play_pile: bool
    piles: list[Int]


class GharatCaptureAnswer(Verdict):
    """The capture's verdict as the API answers it (GharatVerdict.answer, written)."""

    required: Required = Field(description=(
        "What the card must take: every match when capture is compulsory, nothing when it "
        "is optional."))
    may_take: Required = Field(description=(
        "What the card may take: the play pile and the other players' piles it matches."))


referee_capture = Situation(
    read_capture_body, judge, GharatCaptureBody, GharatCaptureAnswer,
    "judge a capture: legality, what must and may be taken",
    {"play_pile_top": "7S", "piles": [None, "7H"], "player": 0, "played": "7D",
     "claimed": {"play_pile": True, "piles": [1]}})


SPEC = GameSpec(
    name="gharat",
    title=N_("Ghârat"),
    options=(
        Option("steal", "whole_pile", N_("What a match takes"), {
            "whole_pile": N_("Matching the top card of the play pile or of another player's "
                             "pile takes that whole pile."),
            "top_card": N_("Matching the top card of the play pile or of another player's pile "
                           "takes only that top card."),
        }, values=("whole_pile", "top_card")),
        Option("capture", "compulsory", N_("Capturing"), {
            "compulsory": N_("Every pile whose top card matches the played card must be taken."),
            "optional": N_("A player may take any of the matching piles, or none."),
        }, values=("compulsory", "optional")),
        Option("pairs", False, N_("Pairs (the easy game)"), {
            False: N_("One card per turn."),
            True: N_("A pair from hand may be laid on one's own pile in one turn; that player "
                     "then misses a later turn of the deal."),
        }, values=(False, True)),
        Option("target", 500, N_("Target"), {
            "*": N_("The first to reach or pass {target} points wins; if several do, the "
                    "highest; a tie for highest plays on."),
        },
            # below one hand's points (the pack's 380) one hand may settle the game; above ten
            # times the usual 1000 is a typing slip (docs/rulings-targets.md)
            minimum=380, maximum=10_000),
    ),
    presets={"standard": {}, "easy": {"pairs": True}},
    default_preset="standard",
    rules_type=GharatRules,
    player_counts=(2, 3, 4),
    partnerships="optional",
    direction="anticlockwise",
    read_hand=read_hand,
    hand_body=GharatHandBody,
    score_hand=score_hand,
    play=play,
    # Hands need not use every card (what stays in the play pile scores for nobody), so no
    # count follows from the others.
    hand_form=HandForm(QuickForm.FISHING, deck=lambda _rules: DECK_52, values=VALUES,
                       points_exact=EXACT, seat=SeatForm.POINTS),
    blurb=N_("Iranian single-pile fishing game where piles are looted."),
    referee_title=N_("Ghârat referee"),
    referee=Referee(BoardKind.TOP, {"capture": referee_capture}, REFEREE_SUMMARY, seats=4),
)
