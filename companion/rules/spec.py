"""What every game module provides: its spec, hand scores and game progression."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from ..shapes import HandExtras, SituationBody
from ..shapes import Verdict as VerdictShape
from .cards import Deck
from .fishing import CardValues
from .messages import N_, Msg, RuleError, msg
from .options import Option, OptionValue, Rules, check_rules_type, resolve_rules
from .progress import in_game
from .scores import GameState, HandScore
from .seats import ASSEMBLE, SeatForm

R = TypeVar("R", bound=Rules)  # a game's own rules: BasraRules, ShelemRules...
R_in = TypeVar("R_in", bound=Rules, contravariant=True)
H = TypeVar("H")  # a game's own hand: BasraHand, GharatHand...
St = TypeVar("St")  # a game's own hand in play: basra_playalong.HandInPlay


class QuickForm(Enum):
    """The kinds of quick (counts) entry form; the page side has a reader for each, and the
    form's template is `entry/_quick_<value>.html`."""

    BASRA = "basra"        # cards, jacks and aces per side, who took the 2♣ and 10♦, basras
    FISHING = "fishing"    # a count per kind of card (the spec's `values`) per side
    SHELEM = "shelem"      # the bidding team, its bid and the points it took


class BoardKind(Enum):
    """The kinds of referee page board; the page side builds each, and its templates are
    `referee/_situation_<value>.html` and `referee/_verdict_<value>.html`."""

    FLOOR = "floor"        # a floor of cards and the card played onto it (Basra)
    POOL = "pool"          # a pool and the top set of every player's pile (Shlla'at)
    TOP = "top"            # the top card of the play pile and of every pile (Ghârat)
    TABLE = "table"        # a trick, or the calls of an auction (Shelem)


@dataclass(frozen=True)
class HandForm(Generic[R]):
    """How a hand of the game is written down at the table: by counts, and maybe card by card.

    `quick` is the kind of quick (counts) form. A game whose hands
    are captured cards has a `deck` and so also a card form; a fishing game's counts are per
    kind of card (`values`), and `follows` is the kind whose last count is what the deck leaves.
    """

    quick: QuickForm
    deck: Callable[[R], Deck] | None = None
    values: CardValues | None = None
    follows: str | None = None
    marks_basras: bool = False  # the card grid lets the scorer star a card that made a basra
    # Hands can also be written down as each player's points, as the players count their
    # piles: None, or whether those points add up to exactly the pack's (else at most).
    points_exact: bool | None = None
    # What one side enters at its seat when every seat enters its own (None: no seats), and
    # the points a hand holds when the counts do not say it (Shelem's pack with its tricks).
    seat: SeatForm | None = None
    pack: Callable[[R], int] | None = None

    def pack_points(self, rules: R) -> int:
        """The points one hand holds: the whole pack's."""
        if self.pack is not None:
            return self.pack(rules)
        if self.values is None or self.deck is None:
            return 0
        return self.values.in_pack(self.deck(rules))

    def assemble(self, rules: R, entries: Sequence[Mapping[str, Any]],
                 names: Sequence[str]) -> dict[str, Any]:
        """The written hand the seats' entries make (seats.SeatsRefused when they break the
        pack); the game's `read_hand` still reads it."""
        assert self.seat is not None  # asked only of a game with seats
        return ASSEMBLE[self.seat](entries, names, self.pack_points(rules),
                                   bool(self.points_exact))

    @property
    def has_points(self) -> bool:
        """Players may enter each player's counted points instead of cards or counts."""
        return self.points_exact is not None and self.values is not None

    @property
    def has_cards(self) -> bool:
        """Hands are captured cards, so they can be entered card by card and counted."""
        return self.deck is not None


class PlayAlongEngine(Protocol[R_in, St]):
    """A hand recorded card by card while it is played (rules/basra_playalong.py is one).

    The hand in play is the engine's own frozen value `St`; `read` and `stored` are the one
    place it is read from and written as the JSON stored for it. Every step returns a new
    value or raises RuleError with the reason the card or choice is refused.
    """

    def read(self, stored: Mapping[str, Any]) -> St: ...
    def stored(self, state: St) -> dict[str, Any]: ...
    def new_state(self, rules: R_in, players: int, teams: list[list[int]] | None,
                  first: int) -> St: ...
    def started(self, state: St) -> bool: ...
    def follow_leader(self, state: St, leader: int) -> St: ...
    def choose_first(self, state: St, seat: Any) -> St: ...
    def play_card(self, state: St, text: Any) -> St: ...
    def choose(self, state: St, take: Any) -> St: ...
    def undo(self, state: St) -> St: ...
    def progress(self, state: St) -> Any: ...
    def hand(self, state: St) -> dict[str, Any]: ...
    def floor_rule(self, rules: R_in) -> Msg: ...


class Verdict(Protocol):
    """What a referee says about a situation: legal or not, why, and the game's own details."""

    @property
    def legal(self) -> bool: ...
    @property
    def reason(self) -> Msg: ...

    def answer(self) -> dict[str, object]:
        """The verdict as `POST /api/v1/referee/<game>/<situation>` answers it, its reason a
        Msg and its cards Cards still (the API writes them in the reader's language)."""
        ...


S = TypeVar("S")  # a typed situation: BasraCapture, ShelemTrick...


@dataclass(frozen=True)
class Situation(Generic[R, S]):
    """A dispute a referee judges: `read` makes the typed situation `S` from one shaped like
    the API's request body (cards as text), refusing it with a RuleError naming the field;
    `judge` rules on it. Called as judge(rules, body) -> verdict, it does both.

    `body` and `verdict` describe the API's request and answer for the OpenAPI description
    (the answer is written through `verdict`); without them the situation is described
    loosely, as an object with its rules answered by a verdict with more fields. `summary`
    and `example` (a body the referee judges) go into the description too.
    """

    read: Callable[[R, Mapping[str, object]], S]
    judge: Callable[[R, S], Verdict]
    body: type[SituationBody] = SituationBody
    verdict: type[VerdictShape] | None = None
    summary: str = "judge a situation"
    example: Mapping[str, object] | None = field(default=None, compare=False)

    def __call__(self, rules: R, body: Mapping[str, object]) -> Verdict:
        return self.judge(rules, self.read(rules, body))


# What a referee's situations are registered as: judge(rules, body) -> verdict.
Judge = Situation[R, Any]


@dataclass(frozen=True)
class Referee(Generic[R]):
    """What the referee settles in a game.

    `situations` are the disputes it judges, by the name the API gives them
    (`POST /api/v1/referee/<game>/<situation>`); `board` is the kind of referee page board
    it is judged on; `summary` is the rules it applies, in sections of
    (heading, sentences) as msgids; `seats` is how many players the page starts with where
    the game is played by several counts; `numbered` are the rules verdicts cite by number
    ("rule 1" is the first), shown numbered above the summary.
    """

    board: BoardKind
    situations: Mapping[str, Judge[R]]
    summary: tuple[tuple[str, tuple[str, ...]], ...]
    seats: int | None = None
    numbered: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecordColumn:
    """A per-game column of the players' records: a `Record` attribute and its heading."""

    key: str
    heading: str


@dataclass(frozen=True)
class GameSpec(Generic[R, H]):
    """A game as data plus the functions that read and score its hands.

    Players are listed in playing order (the order turns pass), so in every game the
    next dealer and the next leader are the following seat in that list. A hand is written
    (stored, and sent over the API) as JSON; `read_hand` is the one place it becomes the
    game's typed hand `H`, refused with a RuleError naming the field (`hand...`) otherwise.

    `hand_body` describes the written hand to the API's OpenAPI description (None: an
    object): a Body, or a RootModel of the WrittenForms a hand may take (Basra's cards or
    counts); it only describes, `read_hand` stays what reads and refuses. `extras` is the
    typed shape of what `score_hand` adds to a hand (the HandScore's `extras`): the API's
    hand answers are written through it and described from every game's.
    """

    name: str
    title: str
    options: tuple[Option, ...]
    presets: Mapping[str, Mapping[str, OptionValue]]
    default_preset: str
    player_counts: tuple[int, ...]
    partnerships: str                # "never", "optional" or "always"
    direction: str                   # "anticlockwise" or "clockwise"
    # The game's rules, one typed attribute per option (`resolve` makes them).
    rules_type: type[R]
    # read_hand(rules, written, sides) -> the typed hand; RuleError for impossible hands
    read_hand: Callable[[R, object, int], H]
    # score_hand(rules, hand, sides) -> HandScore
    score_hand: Callable[[R, H, int], HandScore]
    # play(rules, hands, sides, players, first_dealer) -> GameState
    play: Callable[[R, Sequence[H], int, int, int], GameState]
    hand_body: type[BaseModel] | None = None
    extras: type[HandExtras] = HandExtras
    # What the seat after the dealer does first ("Bids first" in Shelem), and whether the
    # dealer matters at all (in Shlla'at only the first player does).
    leader_role: str = N_("Plays first")
    dealer_matters: bool = True
    # A hand can be recorded card by card (play-along), with captures taken by the referee.
    # (The hand in play's type is the engine's own: services only hand it back to the engine.)
    play_along: PlayAlongEngine[R, Any] | None = None
    referee: Referee[R] | None = None
    hand_form: HandForm[R] = HandForm(QuickForm.FISHING)
    # Text the pages show for this game (msgids, translated by the templates).
    blurb: str = ""
    referee_title: str = ""
    # The referee page's hint by situation mode ("*" for any other mode).
    referee_hints: Mapping[str, str] = field(default_factory=lambda: {
        "*": N_("Pick the situation, then the played card, to get a verdict.")})
    record_columns: tuple[RecordColumn, ...] = ()
    # Two sides play a match of `match_games` games (one: no matches); at all square before
    # the last game, that game is played to `decider_target` (None: the usual target).
    match_games: int = 1
    decider_target: int | None = None

    @property
    def plays_matches(self) -> bool:
        """Two sides may play a match of several games of this game."""
        return self.match_games > 1

    def referee_hint(self, mode: str | None) -> str:
        """The referee page's hint (a msgid) for a situation in `mode`."""
        return self.referee_hints.get(mode or "*", self.referee_hints["*"])

    def __post_init__(self) -> None:
        check_rules_type(self.rules_type, self.options)

    def resolve(self, raw: object) -> R:
        """Rules of a request (or stored ones): preset plus overrides, checked and typed;
        RuleError for unknown ones. The one place rules are made."""
        return resolve_rules(self.rules_type, self.options, self.presets, self.default_preset,
                             raw)

    def score_written(self, rules: R, written: object, sides: int) -> HandScore:
        """A hand as it is written (the API's `hand`), read and scored."""
        return self.score_hand(rules, self.read_hand(rules, written, sides), sides)

    def read_hands(self, rules: R, written: object, sides: int) -> list[H]:
        """A game's hands as they are written, each read; a refused one names its place
        (`hands[2].cards[1]`)."""
        if not isinstance(written, list):
            raise RuleError(msg(N_("hands must be a list of hands.")), "hands")
        read = []
        for number, hand in enumerate(written):
            try:
                read.append(self.read_hand(rules, hand, sides))
            except RuleError as error:
                raise in_game(error, number) from error
        return read

    def play_written(self, rules: R, written: object, sides: int, players: int,
                     first_dealer: int) -> GameState:
        """Where a game stands after its hands as they are written (stored)."""
        return self.play(rules, self.read_hands(rules, written, sides), sides, players,
                         first_dealer)

    def rules_card(self, rules: Rules) -> list[tuple[str, Msg]]:
        """(option label, plain sentence) for every option, for the table's rules card."""
        return [(option.label, option.describe(rules)) for option in self.options]

    def catalogue(self) -> dict[str, Any]:
        """The game's entry in `GET /api/v1/rules`."""
        return {
            "game": self.name,
            "title": self.title,
            "default_preset": self.default_preset,
            "presets": {name: self.resolve({"preset": name}).as_dict() for name in self.presets},
            "options": {option.name: option.catalogue() for option in self.options},
            "players": list(self.player_counts),
            "partnerships": self.partnerships,
        }
