"""What a referee page shows: the situation read from its URL, the links of every tap, and
the verdict from the same rulings the JSON API gives."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l

from ..db import get_session
from ..digits import parse_int
from ..i18n import cards, list_separator, num
from ..rules import shelem
from ..rules.basra_capture import CaptureVerdict
from ..rules.basra_rules import BasraRules
from ..rules.cards import DECK_52, SUIT_SYMBOLS, SUITS, Card, Deck, parse_card
from ..rules.catalogue import get_game
from ..rules.gharat import GharatVerdict
from ..rules.messages import N_, Msg, RuleError, msg
from ..rules.options import Rules
from ..rules.shllaat import ShllaatVerdict
from ..rules.spec import BoardKind, Referee, Verdict
from ..services import referee
from ..services.games import load_game
from ..services.referee_query import Key, Query, picker
from ..services.seating import check_player_count
from ..services.setup import preset_title, value_title


@dataclass
class Slot:
    """A place cards are picked into: the floor, the played card, a player's pile..."""

    key: str
    label: Any
    cards: list[Card]
    active: bool
    select: dict[str, str]
    single: bool = False
    limit: int | None = None
    claim: Key | None = None    # tapping the slot's cards claims them (piles)
    owner: int | None = None


@dataclass
class Board:
    """Everything a referee page renders; `verdict` is the rules engine's answer or None."""

    game: str
    query: Query
    rules: Rules
    names: list[str]
    slots: list[Slot] = field(default_factory=list)
    ranks: list[Key] = field(default_factory=list)
    suits: list[Key] = field(default_factory=list)
    verdict: Verdict | None = None
    errors: list[Msg] = field(default_factory=list)  # every problem of the link, each once
    rules_refused: bool = False  # judging under other rules than the link's would mislead
    presets: list[Key] = field(default_factory=list)
    options: list[tuple[Any, list[Key]]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    from_game: str | None = None
    ranks_only: bool = False  # suits do not matter: the picker and the slots show ranks
    may_take: list[Key] = field(default_factory=list)  # asked before anything is claimed
    took_nothing: Key | None = None

    @property
    def kind(self) -> BoardKind:
        """The kind of board the game's referee uses."""
        return _referee(self).board

    @property
    def layout(self) -> str:
        """The name of the board's kind: its templates are named after it."""
        return self.kind.value

    def slot(self, key: str) -> Slot:
        return next(slot for slot in self.slots if slot.key == key)

    @property
    def active(self) -> Slot | None:
        return next((slot for slot in self.slots if slot.active), None)

    def refuse(self, error: RuleError) -> None:
        """Note every problem `error` stands for (each once): the link says them all."""
        self.errors.extend(problem.message for problem in error.problems
                           if problem.message not in self.errors)

    @property
    def jokers(self) -> bool:
        """Whether the game's pack, under the board's rules, has Jokers."""
        deck = get_game(self.game).hand_form.deck
        return deck is not None and deck(self.rules).has_jokers

    @property
    def asking(self) -> bool:
        """Nothing claimed yet, and the card could take something: ask what it took."""
        return bool(self.may_take)


def build(game: str, args: Any) -> Board:
    """The board of `/referee/<game>` for these query values, laid out as its spec says."""
    spec = get_game(game)
    if spec.referee is None:
        raise RuleError(Msg("There is no referee for this game."), "game")
    query = Query.read(game, args)
    board = Board(game, query, spec.resolve(None), [])
    try:
        _read_rules(board)
    except RuleError as error:
        board.refuse(error)
        board.rules, board.rules_refused = spec.resolve(None), True
    if not board.from_game:
        _rule_choices(board)
    _builder(board.kind)(board)
    _ask(board)
    return board


def _referee(board: Board) -> Referee[Any]:
    """The referee of the board's game (`build` only makes boards for games with one)."""
    found = get_game(board.game).referee
    assert found is not None
    return found


def _read_rules(board: Board) -> None:
    game_id = board.query.get("from")
    if game_id:
        loaded = load_game(get_session(), game_id)
        if loaded.row.game != board.game:
            raise RuleError(Msg("That game is not played with these rules."), "from")
        board.rules, board.names, board.from_game = loaded.rules, loaded.row.players, game_id
        return
    board.rules = get_game(board.game).resolve(board.query.rules())


def _rule_choices(board: Board) -> None:
    """Preset chips, then a chip per value of every choice-valued house rule."""
    spec, query = get_game(board.game), board.query
    overrides = {option.name: None for option in spec.options}
    board.presets = [Key(preset_title(name), query.changed(preset=name, **overrides),
                         board.rules.preset == name) for name in spec.presets]
    for option in spec.options:
        if option.values is None:
            continue  # targets do not change a ruling
        board.options.append((option.label, [
            Key(value_title(value), query.changed(**{option.name: option.text(value)}),
                option.value_in(board.rules) == value) for value in option.values]))


def _safe_cards(board: Board, key: str) -> list[Card]:
    """The cards under `key`; each bad card in a hand-edited link is reported and left out,
    the others kept (a claim on them still reads)."""
    cards, jokers = [], board.jokers
    for text in board.query.texts(key):
        try:
            cards.append(parse_card(text, key, jokers=jokers))
        except RuleError as error:
            board.refuse(error)
    return cards


def _slots(board: Board, layout: list[tuple[Any, ...]], default: str) -> None:
    """Make the slots of `layout` (key, label, single, limit[, owner]); `pick` is active."""
    keys = [key for key, *_ in layout]
    pick = board.query.get("pick", default)
    pick = pick if pick in keys else default
    for key, label, single, limit, *owner in layout:
        board.slots.append(Slot(key, label, _safe_cards(board, key), key == pick,
                                board.query.changed(pick=key), single, limit,
                                owner=owner[0] if owner else None))


def _picker(board: Board, deck: Deck, unblocked: tuple[str, ...] = ()) -> None:
    """The picker for the active slot; cards in other slots are off, except `unblocked` ones.
    The suits of a rank stay open after a card goes in, so a wrong card is tapped out again."""
    active = board.active
    if active is None:
        return
    used = [card for slot in board.slots if slot is not active and slot.key not in unblocked
            for card in slot.cards]

    def add(card: Card) -> dict[str, str]:
        # a card taken off the table is no longer claimed: the link stays a true situation
        dropped = _unclaimed(board.query, card) if card in active.cards else {}
        return board.query.toggled(active.key, card, active.single, active.limit, **dropped)

    board.ranks, board.suits = picker(board.query, deck, used, active.cards, add,
                                      keep_rank=True, ranks_only=board.ranks_only)


def _unclaimed(query: Query, card: Card) -> dict[str, str | None]:
    """The card-list claims of `query` without `card`."""
    return {key: ",".join(text for text in query.get(key).split(",") if text and text != str(card))
            for key in ("claimed", "cpool") if query.get(key)}


def _judge(board: Board, name: str, situation: dict[str, Any]) -> None:
    """The verdict on the board's `name` situation; with problems in the link, the judge's
    own problems join them and no verdict is given."""
    if board.rules_refused:
        return
    try:
        verdict = referee.judge(board.game, name, {"rules": board.rules, **situation})
    except RuleError as error:
        board.refuse(error)
        return
    if not board.errors:
        board.verdict = verdict


def _text(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]


def _seat(board: Board, key: str, count: int, default: int = 0) -> int:
    seat = parse_int(board.query.get(key))
    return seat if seat is not None and 0 <= seat < count else default


# --- A floor of cards and a played card (Basra) -------------------------------------------------

def _floor(board: Board) -> None:
    layout = [("floor", _l("Floor"), False, None), ("played", _l("Played card"), True, None)]
    rules = board.rules
    assert isinstance(rules, BasraRules)  # a floor is Basra's board, so its rules are
    if rules.basra_rule == "lone_card":
        layout.append(("previous", _l("Floor before the previous play"), False, None))
    _slots(board, layout, "floor")
    active = board.active
    _picker(board, DECK_52, ("previous", "floor") if active and active.key in (
        "floor", "previous") else ())
    floor, played = board.slot("floor").cards, board.slot("played").cards
    claimed = _safe_cards(board, "claimed")  # one not on the floor is the judge's to name
    previous = board.slot("previous").cards if len(layout) == 3 else []
    if played:
        _judge(board, "capture", {
            "floor": _text(floor), "played": str(played[0]), "claimed": _text(claimed),
            "previous_floor": _text(previous) if previous else None})
    verdict = board.verdict
    assert verdict is None or isinstance(verdict, CaptureVerdict)  # Basra's, on its board
    capturable = {card for option in (verdict.options if verdict else []) for card in option}
    best = set(verdict.best) if verdict else set()
    board.extra["floor"] = [
        Key(card.label, board.query.toggled("claimed", card), card in claimed,
            "best" if card in best else "capturable" if card in capturable else "")
        for card in floor]
    board.extra["options"] = [
        Key(cards(list_separator().join(card.label for card in option)),
            board.query.changed(claimed=",".join(_text(option))),
            set(option) == set(claimed), "best" if verdict and option == verdict.best else "")
        for option in (verdict.options if verdict else [])]


# --- Players with piles, and a pool (Shlla'at) or a play pile's top card (Ghârat) -------------

def _players(board: Board) -> tuple[int, int]:
    """(number of players, the player whose turn it is) with chips to change both."""
    counts, seats = get_game(board.game).player_counts, _referee(board).seats or 0
    players = len(board.names) if board.from_game else _seat(
        board, "players", max(counts) + 1, seats)
    if board.query.get("players") and parse_int(board.query.get("players")) not in counts:
        _refuse_count(board)
    players = players if players in counts else seats
    board.names = board.names or [str(_l("Player %(n)s", n=num(i + 1))) for i in range(players)]
    player = _seat(board, "player", players)
    board.extra["player"] = player
    if not board.from_game:
        board.extra["counts"] = [Key(num(n), board.query.changed(players=str(n)), n == players)
                                 for n in counts]
    board.extra["turn"] = [Key(name, board.query.changed(player=str(i)), i == player)
                           for i, name in enumerate(board.names)]
    return players, player


def _refuse_count(board: Board) -> None:
    """The link's player count is none the game is played by: say so, judge nothing."""
    text = board.query.get("players")
    try:
        check_player_count(get_game(board.game), parse_int(text) or text, "players")
    except RuleError as error:
        board.refuse(error)


def _claimable(board: Board, player: int, own: bool) -> list[Slot]:
    """The piles a claim may name: those with cards, the player's own only when `own`."""
    return [slot for slot in board.slots if slot.owner is not None and slot.cards
            and (own or slot.owner != player)]


def _claimed_piles(board: Board, player: int, own: bool = False) -> list[int]:
    """Claimed piles from the link, leaving out empty ones (and the player's own unless
    `own`: where taking it is a ruling to give)."""
    owners = [n for n in map(parse_int, board.query.get("cpiles").split(",")) if n is not None]
    piles = {slot.owner for slot in _claimable(board, player, own)}
    return [owner for owner in dict.fromkeys(owners) if owner in piles]


def _pile_layout(board: Board, first: tuple[Any, ...], players: int,
                 single: bool) -> list[tuple[Any, ...]]:
    """`first`, each player's pile, then the played card."""
    return [first] + [(f"pile{owner}", board.names[owner], single, None, owner)
                      for owner in range(players)] + [("played", _l("Played card"), True, None)]


def _claim_keys(board: Board, player: int, claimed: list[int], own: bool = False) -> None:
    for slot in _claimable(board, player, own):
        owner = slot.owner
        assert owner is not None  # _claimable keeps players' piles only
        owners = [o for o in claimed if o != owner] + ([] if owner in claimed else [owner])
        slot.claim = Key(slot.key, board.query.changed(
            cpiles=",".join(str(o) for o in sorted(owners))), owner in claimed)


def _pool(board: Board) -> None:
    players, player = _players(board)
    _slots(board, _pile_layout(board, ("pool", _l("Pool"), False, None), players, False),
           "pool")
    deck = get_game(board.game).hand_form.deck
    assert deck is not None  # a game whose captures are judged has cards
    _picker(board, deck(board.rules))
    pool, played = board.slot("pool").cards, board.slot("played").cards
    claimed_pool = _safe_cards(board, "cpool")  # one not in the pool is the judge's to name
    # a player reaching for their own pile is a dispute, so the page lets it be entered
    claimed = _claimed_piles(board, player, own=True)
    _claim_keys(board, player, claimed, own=True)
    drawn = board.query.get("drawn") == "1"
    board.extra["pool"] = [Key(card.label, board.query.toggled("cpool", card),
                               card in claimed_pool) for card in pool]
    board.extra["drawn"] = Key("drawn", board.query.changed(drawn=None if drawn else "1"), drawn)
    if played:
        _judge(board, "capture", {
            "pool": _text(pool), "piles": [_text(board.slot(f"pile{i}").cards)
                                           for i in range(players)],
            "player": player, "played": str(played[0]),
            "claimed": {"pool": _text(claimed_pool), "piles": claimed},
            "draw_pile_empty": drawn})


def _top(board: Board) -> None:
    players, player = _players(board)
    _slots(board, _pile_layout(board, ("top", _l("Top of the play pile"), True, None),
                               players, True), "top")
    board.ranks_only = True  # a card matches by rank alone
    _picker(board, DECK_52)
    top, played = board.slot("top").cards, board.slot("played").cards
    claimed = _claimed_piles(board, player)
    _claim_keys(board, player, claimed)
    take_top = board.query.get("ctop") == "1" and bool(top)
    board.extra["ctop"] = Key("ctop", board.query.changed(ctop=None if take_top else "1"),
                              take_top)
    own = board.slot(f"pile{player}").cards
    # a card laid on the player's own pile is no card that "matches no pile"
    board.extra["own_match"] = bool(played and own and own[0].rank == played[0].rank)
    if played:
        _judge(board, "capture", {
            "play_pile_top": str(top[0]) if top else None,
            "piles": [str(cards[0]) if cards else None
                      for cards in (board.slot(f"pile{i}").cards for i in range(players))],
            "player": player, "played": str(played[0]),
            "claimed": {"play_pile": take_top, "piles": claimed}})


# --- A table of four: a trick, or the auction (Shelem) -----------------------------------------

def _table(board: Board) -> None:
    mode = "bids" if board.query.get("mode") == "bids" else "trick"
    board.extra["mode"] = mode
    board.extra["modes"] = [Key(name, board.query.changed(mode=name, pick=None), name == mode)
                            for name in ("trick", "bids")]
    if mode == "bids":
        _auction(board)
    else:
        _trick(board)


def _trick(board: Board) -> None:
    layout = [("trick", _l("The trick, leader first"), False, shelem.PLAYERS)] + [
        (f"hand{i}", _l("Hand of player %(n)s before the trick", n=num(i + 1)), False, 12)
        for i in range(shelem.PLAYERS)]
    _slots(board, layout, "trick")
    active = board.active
    hands_active = active is not None and active.key.startswith("hand")
    # a hand holds the card its player put in the trick, so the trick does not block hands
    _picker(board, DECK_52, ("trick",) if hands_active else tuple(
        f"hand{i}" for i in range(shelem.PLAYERS)))
    asked = board.query.get("trump")
    trump = asked if asked in SUITS else ""
    board.extra["trumps"] = [Key(SUIT_SYMBOLS[suit], board.query.changed(trump=suit),
                                 suit == trump, "red" if suit in "HD" else "black")
                             for suit in SUITS]
    first = board.query.get("first") == "1"
    board.extra["first"] = Key("first", board.query.changed(first=None if first else "1"), first)
    hands = [board.slot(f"hand{i}").cards for i in range(shelem.PLAYERS)]
    board.extra["hands_open"] = hands_active or any(hands)
    trick = board.slot("trick").cards
    # a bad trump or an overlong trick is judged too: the judge says what is wrong with it
    if (trump and len(trick) == shelem.PLAYERS) or (asked and not trump) or \
            len(trick) > shelem.PLAYERS:
        board.extra["led"] = SUIT_SYMBOLS[trick[0].suit] if trick else ""
        # a hand left empty is one nobody knows: the ones given are judged all the same
        _judge(board, "trick", {
            "trump": asked, "cards": _text(trick), "first_trick": first,
            "hands": [_text(held) or None for held in hands] if any(hands) else None})


def _auction(board: Board) -> None:
    calls = [text for text in board.query.get("bids").split(",") if text]
    parsed: list[int | str] = [c if (n := parse_int(c)) is None else n for c in calls]
    rules = board.rules
    assert isinstance(rules, shelem.ShelemRules)  # a table is Shelem's board, so its rules are
    total = shelem.pack_total(rules)

    def call(value: int | str) -> Key:
        return Key(str(value), board.query.changed(bids=",".join(calls + [str(value)])))

    board.extra["calls"] = parsed
    board.extra["call_keys"] = [call(shelem.PASS), call(shelem.SHELEM_DOUBLE)] + [
        call(bid) for bid in range(shelem.MIN_BID, total + 1, shelem.BID_STEP)]
    board.extra["undo"] = Key("undo", board.query.changed(bids=",".join(calls[:-1]))) \
        if calls else None
    if calls:
        _judge(board, "bids", {"bids": parsed})


def _builder(kind: BoardKind) -> Callable[[Board], None]:
    """How a kind of board (a game spec's `referee.board`) is built; mypy checks that every
    kind has its builder."""
    match kind:
        case BoardKind.FLOOR:
            return _floor
        case BoardKind.POOL:
            return _pool
        case BoardKind.TOP:
            return _top
        case BoardKind.TABLE:
            return _table


# --- Nothing claimed yet: ask what the card took ---------------------------------------------

CLAIMS = ("claimed", "cpool", "cpiles", "ctop")


def _ask(board: Board) -> None:
    """A card that could take something, with nothing claimed yet, asks what it took: a red
    "Not legal" then would only mean that nobody has tapped the claim in yet."""
    offers = _MAY_TAKE.get(board.kind)
    if offers is None or board.verdict is None or board.query.get("took") == "nothing":
        return
    if any(board.query.get(key) for key in CLAIMS):
        return
    board.may_take = offers(board)
    board.took_nothing = Key(Msg(N_("It took nothing")), board.query.changed(took="nothing"))


def _may_take_floor(board: Board) -> list[Key]:
    return list(board.extra["options"])  # each legal capture, a tap claims it


def _may_take_pool(board: Board) -> list[Key]:
    verdict, query = board.verdict, board.query
    assert isinstance(verdict, ShllaatVerdict)  # a pool is Shlla'at's board: its verdicts
    cards_ = [Key(card.label, query.changed(cpool=str(card))) for card in verdict.burnt_pool]
    piles = [Key(msg(N_("the top set of {name}"), name=board.names[owner]),
                 query.changed(cpiles=str(owner))) for owner in verdict.burnt_piles]
    every = query.changed(cpool=",".join(_text(verdict.burnt_pool)),
                          cpiles=",".join(map(str, verdict.burnt_piles)))
    return _with_all(board, cards_ + piles, every)


def _may_take_top(board: Board) -> list[Key]:
    verdict, query = board.verdict, board.query
    assert isinstance(verdict, GharatVerdict)  # a play pile's top is Ghârat's board
    top = [Key(Msg(N_("the play pile")), query.changed(ctop="1"))] \
        if verdict.matching_play_pile else []
    piles = [Key(msg(N_("the pile of {name}"), name=board.names[owner]),
                 query.changed(cpiles=str(owner))) for owner in verdict.matching_piles]
    every = query.changed(ctop="1" if verdict.matching_play_pile else None,
                          cpiles=",".join(map(str, verdict.matching_piles)))
    return _with_all(board, top + piles, every)


def _with_all(board: Board, keys: list[Key], every: dict[str, str]) -> list[Key]:
    """The keys, led by one claiming them all when there are several, keeping only the claims
    the referee would rule legal (a Shlla'at special card takes one rank only; a compulsory
    Ghârat capture takes every matching pile at once)."""
    offered = [Key(Msg(N_("All of these")), every, css="all"), *keys] if len(keys) > 1 else keys
    return [key for key in offered if _rules_legal(board, key)]


def _rules_legal(board: Board, key: Key) -> bool:
    """Whether the situation `key` leads to is a legal claim."""
    claimed = build(board.game, key.args or {})
    return not claimed.errors and claimed.verdict is not None and claimed.verdict.legal


# What a card may take, by kind of board (boards without claims never ask).
_MAY_TAKE: dict[BoardKind, Callable[[Board], list[Key]]] = {
    BoardKind.FLOOR: _may_take_floor, BoardKind.POOL: _may_take_pool,
    BoardKind.TOP: _may_take_top}
