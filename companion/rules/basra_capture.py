"""The Basra referee: what a played card may capture, and whether the capture is a basra.

Sums are searched over rank multiplicities, not over subsets of cards: cards of one rank are
interchangeable for a sum, so a floor is a vector of counts per value (A = 1 .. 10) packed
into one int, 4 bits per value (counts are at most 4; bit 3 of each field is a guard that
shows a borrow when a group does not fit). Each capture found as counts then stands for every
choice of which cards of a rank are taken: those are distinct captures for the players (the
2♣ scores 2, the 2♥ nothing), so each is listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate, chain, combinations, islice, product
from operator import add

from .basra_rules import BasraRules
from .cards import JOKER, RANKS, Card, parse_card
from .messages import N_, Msg, N_plural, Problems, RuleError, msg, msgn, refuse, sentences

OPTIONS_LIMIT = 50
SEVEN_OF_DIAMONDS = Card("7", "D")
TWO_OF_CLUBS = Card("2", "C")
TEN_OF_DIAMONDS = Card("10", "D")
# keyed by rank and suit, as hashing a Card is slower
_PRIZES = {(card.rank, card.suit): points for card, points in ((TWO_OF_CLUBS, 2),
                                                               (TEN_OF_DIAMONDS, 3))}
_EACH_SCORES = ("J", "A")  # every card of these ranks scores 1
_MAY_SCORE = frozenset(_EACH_SCORES) | {rank for rank, _ in _PRIZES}
_BITS = 4
_SUITS = 4  # copies of a rank in the pack
_GUARD = sum(8 << (_BITS * i) for i in range(10))  # bit 3 of every field
_LOW = _GUARD >> 3  # bit 0 of every field


def _unit(value: int) -> int:
    return 1 << (_BITS * (value - 1))


_VALUES = {rank: value for value, rank in enumerate(RANKS[:10], 1)}  # Card.value, faster
_UNITS = {rank: _unit(value) for rank, value in _VALUES.items()}
# A capture's cost is (cards it leaves) * _PER_CARD + (card points it leaves): one int, so the
# search compares captures cheaply. Card points left are at most 9 (4 aces, 2♣, 10♦).
_PER_CARD = 16
_CARD_COSTS = [tuple(range(0, (n + 1) * _PER_CARD, _PER_CARD)) for n in range(_SUITS + 1)]
# (value, card points lost by leaving 0, 1, 2... of its cards) for each value that scores
Losses = tuple[tuple[int, tuple[int, ...]], ...]


def card_points(card: Card) -> int:
    """What a card scores in the hand: each jack and ace 1, the 2♣ 2, the 10♦ 3."""
    return 1 if card.rank in _EACH_SCORES else _PRIZES.get((card.rank, card.suit), 0)


def _top_value(counts: int) -> int:
    """Highest value present in a non-empty count vector."""
    return (counts.bit_length() - 1) // _BITS + 1


def _fit(counts: int, group: int) -> int | None:
    """counts - group, or None when the group needs a card the counts lack."""
    left = (counts | _GUARD) - group
    return left ^ _GUARD if left & _GUARD == _GUARD else None


def _size(counts: int) -> int:
    return sum((counts >> (_BITS * i)) & 7 for i in range(10))


@cache
def _groups(value: int) -> dict[int, tuple[int, ...]]:
    """Groups of values adding up to `value`, as count vectors keyed by their top value.

    Only groups a 52-card pack can hold: at most four cards of a value.
    """
    by_top: dict[int, list[int]] = {}

    def build(rest: int, most: int, parts: list[int]) -> None:
        if rest == 0:
            if max(map(parts.count, parts)) <= _SUITS:  # more copies would not fit a field
                by_top.setdefault(parts[0], []).append(sum(map(_unit, parts)))
            return
        for part in range(min(rest, most), 0, -1):
            build(rest - part, part, [*parts, part])

    build(value, value, [])
    return {top: tuple(groups) for top, groups in by_top.items()}


def _counts(cards: Sequence[Card], value: int) -> int:
    """Count vector of the numerals worth at most `value` among `cards`."""
    return sum(_UNITS.get(card.rank, 0) for card in cards if _VALUES.get(card.rank, 99) <= value)


def _split(
    value: int, counts: int, memo: dict[int, tuple[int, ...] | None] | None = None
) -> tuple[int, ...] | None:
    """Groups of `value` that use every card of `counts` once, or None.

    `memo` (count vector -> answer) may be shared by calls with the same `value`.
    """
    known = {} if memo is None else memo

    def search(rest: int) -> tuple[int, ...] | None:
        if rest == 0:
            return ()
        if rest not in known:
            known[rest] = None
            for group in _groups(value).get(_top_value(rest), ()):
                left = _fit(rest, group)
                found = None if left is None else search(left)
                if found is not None:
                    known[rest] = (group, *found)
                    break
        return known[rest]

    return search(counts)


def _group_in(value: int, counts: int) -> int | None:
    """A group of `value` among `counts` (a same-rank card first), or None."""
    for top in range(min(value, _top_value(counts)) if counts else 0, 0, -1):
        for group in _groups(value).get(top, ()):
            if _fit(counts, group) is not None:
                return group
    return None


class _Kept:
    """The captures _legal_counts keeps: the first limit + 1 legal ones, and the cheapest."""

    __slots__ = ("best", "counts", "found", "limit", "splits", "value")

    def __init__(self, value: int, counts: int, limit: int) -> None:
        self.value, self.counts, self.limit = value, counts, limit
        self.splits: dict[int, tuple[int, ...] | None] = {}  # _split's memo
        self.found: list[int] = []
        self.best = [(_SUITS * 10 + 1) * _PER_CARD, 0]  # cost of the best capture, that capture

    def keep(self, left: int, cost: int) -> None:
        """Keep the capture that leaves `left` behind at `cost`, if its cards split."""
        found, best, taken = self.found, self.best, self.counts - left
        if not (len(found) <= self.limit or cost < best[0]):
            return
        if _split(self.value, taken, self.splits) is not None:
            if len(found) <= self.limit:
                found.append(taken)
            if cost < best[0]:
                best[:] = [cost, taken]


@lru_cache(maxsize=1024)
def _legal_counts(
    value: int, counts: int, scoring: Losses, limit: int
) -> tuple[tuple[int, ...], int]:
    """(up to limit + 1 legal captures, the best capture), as count vectors.

    A capture is legal when it splits into groups of `value` and the cards it leaves hold no
    group. So the cards left behind are enumerated first, value by value from the top, as
    long as they hold no group (`sums` has a bit for each sum they can make); each such
    choice whose complement adds up to a multiple of `value` is kept if the complement
    splits into groups (memoised). The best capture takes most cards, then most card points:
    `scoring` gives the card points lost by leaving cards of a value (see _losses).
    Leaving fewer cards first finds the big captures early; once `limit` is passed only
    choices that cost less than the best are looked at.
    """
    reach = 1 << value
    have = [(counts >> (_BITS * i)) & 7 for i in range(value)]
    total = sum(n * (i + 1) for i, n in enumerate(have))
    kept = _Kept(value, counts, limit)
    found, best, keep = kept.found, kept.best, kept.keep  # local names: read in the hot loop

    present = [v for v in range(value, 0, -1) if have[v - 1]]
    costs = _leaving_costs(have, scoring)

    def leave(index: int, left: int, cost: int, left_sum: int, sums: int) -> None:
        if len(found) > limit and cost >= best[0]:
            return
        below = present[index]
        last = index + 1 == len(present)
        adds = costs[below - 1]
        for extra in range(have[below - 1] + 1):
            if extra:
                sums = (sums | (sums << below)) & (2 * reach - 1)
                if sums & reach:
                    return
            spent = cost + adds[extra]
            if not last:
                leave(index + 1, left + extra * _unit(below), spent, left_sum + extra * below,
                      sums)
            elif (total - left_sum - extra * below) % value == 0:  # else it cannot split
                keep(left + extra * _unit(below), spent)

    if present:
        leave(0, 0, 0, 0, 1)
    return tuple(found), best[1]


def _leaving_costs(have: list[int], scoring: Losses) -> list[tuple[int, ...]]:
    """For each value, what leaving 0, 1, 2... of its `have` cards adds to a capture's cost
    (cards left, then card points left): looked up in _legal_counts's hot loop."""
    costs = [_CARD_COSTS[n] for n in have]
    for v, lost in scoring:
        costs[v - 1] = tuple(map(add, costs[v - 1], lost))
    return costs


def _losses(floor: Sequence[Card], value: int) -> Losses:
    """For each value up to `value` with a card that scores, the card points lost by leaving
    0, 1, 2... of its cards (those scoring least go first)."""
    points: dict[str, list[int]] = {}
    for card in floor:
        if card.rank in _MAY_SCORE and _VALUES.get(card.rank, 99) <= value:  # few cards
            points.setdefault(card.rank, []).append(card_points(card))
    return tuple(sorted((_VALUES[rank], tuple(accumulate(sorted(worth), initial=0)))
                        for rank, worth in points.items()))


def _places(floor: Sequence[Card], value: int) -> list[list[int]]:
    """Where the cards of each value from 1 to `value` lie on the floor, those scoring most
    first (in floor order when they score the same)."""
    places: list[list[int]] = [[] for _ in range(value)]
    for i, card in enumerate(floor):
        if _VALUES.get(card.rank, 99) <= value:
            places[_VALUES[card.rank] - 1].append(i)
    for spots in places:
        if len(spots) > 1 and floor[spots[0]].rank in _MAY_SCORE:
            spots.sort(key=lambda i: -card_points(floor[i]))  # stable
    return places


def _card_sets(counts: int, places: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """Every set of floor places `counts` stands for, sorted; the first scores most."""
    picks = []
    for i, spots in enumerate(places):
        wanted = (counts >> (_BITS * i)) & 7
        if wanted:
            picks.append(combinations(spots, wanted) if wanted < len(spots) else (spots,))
    for chosen in product(*picks):
        yield tuple(sorted(chain.from_iterable(chosen)))


def _takes_whole_values(taken: int, counts: int) -> bool:
    """Does `taken` take every card of `counts` of each value it takes? (One card set, then.)"""
    used = (taken | taken >> 1 | taken >> 2) & _LOW  # bit 0 of each field taken from
    return counts & (used * 7) == taken


def _cards_for(counts: int, cards: Sequence[Card]) -> list[Card]:
    """The cards (in floor order) that make up `counts`, the first of each rank."""
    wanted = {rank: (counts >> (_BITS * i)) & 7 for i, rank in enumerate(RANKS[:10])}
    chosen = []
    for card in cards:
        if wanted.get(card.rank):
            wanted[card.rank] -= 1
            chosen.append(card)
    return chosen


# --- Reading the situation ---------------------------------------------------------------

_PARSED: dict[str, Card] = {}  # card texts already read; short texts only, so it stays small


def _parse(item: object, field: str, index: int) -> Card:
    card = _PARSED.get(item) if isinstance(item, str) else None
    if card is None:
        card = parse_card(item, f"{field}[{index}]")
        if isinstance(item, str) and len(item) <= 4:
            _PARSED[item] = card
    return card


def _read_cards(items: object, field: str) -> list[Card]:
    """Cards of one 52-card pack, each at most once (checked here: this is the hot path);
    RuleErrors naming every card that is not one."""
    if not isinstance(items, list):
        raise RuleError(msg(N_("A list of cards was expected.")), field)
    cards, problems = [], []
    for i, item in enumerate(items):
        try:
            cards.append(_parse(item, field, i))
        except RuleError as problem:
            problems.append(problem)
    refuse(problems)
    problems = [RuleError(msg(NO_JOKERS), f"{field}[{i}]")
                for i, card in enumerate(cards) if card.is_joker]
    if len(set(cards)) != len(cards):  # one hash per card; the loop below only on a repeat
        problems.extend(_repeats(cards, field))
    refuse(problems)
    return cards


NO_JOKERS = N_("Basra is played without Jokers.")


def _repeats(cards: list[Card], field: str) -> list[RuleError]:
    """A problem for every card entered again."""
    seen: set[Card] = set()
    found = []
    for i, card in enumerate(cards):
        if card in seen:
            found.append(RuleError(msg(N_("The {card} is entered twice."), card=card.label),
                                   f"{field}[{i}]"))
        seen.add(card)
    return found


def _read_played(played: object) -> Card:
    card = parse_card(played, "played")
    if card.is_joker:
        raise RuleError(msg(NO_JOKERS), "played")
    return card


def _not_on_floor(card: Card, floor: Sequence[Card]) -> None:
    if card in set(floor):
        raise RuleError(msg(N_("The {card} is the card played, so it cannot also be on the "
                               "floor."), card=card.label), "played")


def _read_situation(floor: object, played: object) -> tuple[list[Card], Card]:
    problems = Problems()
    floor_cards = problems.read(list[Card](), _read_cards, floor, "floor")
    card = problems.read(JOKER, _read_played, played)
    problems.check()
    _not_on_floor(card, floor_cards)
    return floor_cards, card


def _check_claimed(cards: list[Card], floor: Sequence[Card]) -> None:
    """RuleErrors naming every claimed card that is not on the floor."""
    on_floor = set(floor)
    refuse([RuleError(msg(N_("The {card} is claimed, but it is not on the floor."),
                          card=card.label), f"claimed[{i}]")
            for i, card in enumerate(cards) if card not in on_floor])


def _check_follows(previous: list[Card], floor: Sequence[Card], played: Card) -> None:
    """RuleError unless the floor before the previous play leads to `floor` with one card."""
    new = [card for card in floor if card not in previous]
    follows = (set(previous) <= set(floor)) if len(new) == 1 else (not new and
                                                                   len(floor) < len(previous))
    if played in previous or not follows:
        raise RuleError(msg(N_("This floor cannot follow from the floor before the previous play: "
                               "the previous player either added one card or captured some.")),
                        "previous_floor")


def _check_floor(rules: BasraRules, floor: Sequence[Card], field: str = "floor") -> None:
    """RuleError for a floor no play leaves: two cards that each take the whole floor."""
    sweepers = [card for card in floor if sweeps_floor(rules, card)]
    if len(sweepers) > 1:
        # neither is dealt to the opening floor, and the second played takes the first
        raise RuleError(msg(N_("No play leaves {first} and {second} on the floor together: "
                               "each takes the whole floor, so the later one would have "
                               "taken the other."),
                            first=sweepers[0].label, second=sweepers[1].label), field)


def _check_previous(rules: BasraRules, previous: list[Card], floor: list[Card]) -> None:
    """RuleError when the card the previous player added could have taken from that floor:
    a card that can capture must, so it would not be lying there."""
    added = [card for card in floor if card not in previous]
    if len(added) != 1:
        return
    best = _captures(rules, previous, added[0], 1)[2]
    if best:
        raise RuleError(msg(N_("The {card} cannot have been played onto the floor before the "
                               "previous play and stayed there: it would have taken {taken}."),
                            card=added[0].label, taken=[c.label for c in best]),
                        "previous_floor")


def sweeps_floor(rules: BasraRules, played: Card) -> bool:
    """A jack, and the 7♦ unless it is an ordinary 7, take the whole floor."""
    return played.rank == "J" or (played == SEVEN_OF_DIAMONDS
                                  and rules.seven_of_diamonds != "none")


def _captures(
    rules: BasraRules, floor: Sequence[Card], played: Card, limit: int
) -> tuple[list[list[Card]], bool, list[Card]]:
    """(legal captures, the best first, then most cards and card points, at most `limit`;
    truncated; best: most cards, then most card points)."""
    if not floor:
        return [], False, []
    if sweeps_floor(rules, played):
        return [list(floor)], False, list(floor)
    value = played.value
    if value is None:
        same = [card for card in floor if card.rank == played.rank]
        return ([same], False, same) if same else ([], False, [])
    return _numeral_captures(floor, value, limit)


def _numeral_captures(
    floor: Sequence[Card], value: int, limit: int
) -> tuple[list[list[Card]], bool, list[Card]]:
    """_captures for a numeral: every distinct set of floor cards it may take."""
    counts = _counts(floor, value)
    found, best = _legal_counts(value, counts, _losses(floor, value), limit)
    if best == 0:
        return [], False, []
    if len(found) == 1 and _takes_whole_values(best, counts):  # the usual case, made quick
        only = _cards_for(best, floor)
        return [only], False, only
    places = _places(floor, value)
    # the best first (its first card set takes the point cards), then the biggest captures
    ranked = [best] + sorted((taken for taken in found if taken != best), key=lambda t: -_size(t))
    sets = list(islice(chain.from_iterable(_card_sets(taken, places) for taken in ranked),
                       limit + 1))
    options = [[floor[i] for i in taken] for taken in sets[:limit]]
    if len(options) > 1:
        options.sort(key=lambda cards: (-len(cards), -sum(map(card_points, cards))))
    return options, len(sets) > limit or len(found) > limit, options[0]


def legal_captures(
    rules: BasraRules, floor: object, played: object, limit: int = OPTIONS_LIMIT
) -> list[list[Card]]:
    """Every legal capture of `played` from `floor` (at most `limit`), the best first.

    Each distinct set of floor cards is listed: cards of a rank are interchangeable for a
    sum but not for the score (2♣ + 5♠ and 2♥ + 5♠ are two captures). [] if it takes nothing.
    """
    floor_cards, card = _read_situation(floor, played)
    return _captures(rules, floor_cards, card, max(limit, 1))[0]


# --- Verdicts ----------------------------------------------------------------------------

@dataclass(frozen=True)
class CaptureVerdict:
    """The referee's answer; `basra`/`basra_points` describe the claimed capture if legal."""

    legal: bool
    reason: Msg
    options: list[list[Card]]
    options_truncated: bool
    best: list[Card]
    basra: bool
    basra_points: int

    def answer(self) -> dict[str, object]:
        """The verdict as the API answers it (the reason and cards still to be written)."""
        return {"legal": self.legal, "reason": self.reason, "options": self.options,
                "options_truncated": self.options_truncated, "best": self.best,
                "basra": self.basra, "basra_points": self.basra_points}


def basra_points(rules: BasraRules, card: Card, times: int = 1) -> int:
    """A basra made with `card`: 10, or twice its face value (pictures 10); `times` for doubles."""
    face = card.value or 10
    return times * (10 if rules.basra_value == "flat" else 2 * face)


def jack_basra_times(rules: BasraRules) -> int:
    """How many basras a jack taking a lone jack counts for (0, 1 or 2)."""
    return {"none": 0, "single": 1, "double": 2}[rules.jack_on_lone_jack]


def _names(cards: Sequence[Card]) -> list[str]:
    return [card.label for card in cards]


def _plus(cards: Sequence[Card]) -> str:
    """"5♠ + 2♥": the cards of a group, highest first."""
    return " + ".join(card.label for card in sorted(cards, key=lambda c: -(c.value or 0)))


def _sum_label(cards: Sequence[Card], value: int) -> Msg | str:
    """A group as players check it, "5♠ + 2♥ = 7"; a lone card of the played rank as is."""
    if len(cards) == 1:
        return cards[0].label
    return msg(N_("{cards} = {value}"), cards=_plus(cards), value=value)


def _group_cards(groups: Sequence[int], cards: Sequence[Card]) -> list[list[Card]]:
    """The cards of each group (count vectors that together make up `cards`)."""
    pool = list(cards)
    found = []
    for group in groups:
        chosen = _cards_for(group, pool)
        pool = [card for card in pool if card not in chosen]
        found.append(chosen)
    return found


@dataclass(frozen=True)
class BasraCapture:
    """A disputed capture: the floor, the card played onto it, what the player took, and
    maybe the floor before the previous play (for the Lebanese lone-card basra)."""

    floor: list[Card]
    played: Card
    claimed: list[Card]
    previous_floor: list[Card] | None = None


def read_capture(
    rules: BasraRules, floor: object, played: object, claimed: object,
    previous_floor: object = None
) -> BasraCapture:
    """The situation from cards as text (or Cards): each card once, in a floor some play
    leaves; RuleError naming the field otherwise."""
    problems, no_cards = Problems(), list[Card]()  # every problem is said at once
    floor_cards = problems.read(no_cards, _read_cards, floor, "floor")
    card = problems.read(JOKER, _read_played, played)
    taken = problems.read(no_cards, _read_cards, claimed, "claimed")
    previous = None if previous_floor is None else problems.read(
        no_cards, _read_cards, previous_floor, "previous_floor")
    problems.check()  # the cards compared below are all read
    problems.read(None, _not_on_floor, card, floor_cards)
    problems.read(None, _check_claimed, taken, floor_cards)
    problems.read(None, _check_floor, rules, floor_cards)
    if previous is not None:
        # a floor too, held to the same rules
        problems.read(None, _check_floor, rules, previous, "previous_floor")
        problems.read(None, _check_follows, previous, floor_cards, card)
    problems.check()
    if previous is not None:  # asks what the added card could take: only once it follows
        _check_previous(rules, previous, floor_cards)
    return BasraCapture(floor_cards, card, taken, previous)


def judge(rules: BasraRules, situation: BasraCapture) -> CaptureVerdict:
    """Is taking what was claimed from the floor with the played card legal, and a basra?"""
    floor_cards, card, taken = situation.floor, situation.played, situation.claimed
    options, truncated, best = _captures(rules, floor_cards, card, OPTIONS_LIMIT)
    fault = _fault(rules, floor_cards, card, taken, best)
    if fault is not None:
        return CaptureVerdict(False, fault, options, truncated, best, False, 0)
    reason, points = _legal_reason(rules, floor_cards, card, taken, situation.previous_floor)
    return CaptureVerdict(True, reason, options, truncated, best, points > 0, points)


def _fault(
    rules: BasraRules, floor: list[Card], played: Card, taken: list[Card], best: list[Card]
) -> Msg | None:
    """Why the claim is not legal, or None if it is."""
    if not best:
        if not taken:
            return None
        return msg(N_("The {played} can take nothing from this floor, so it stays "
                      "on it (Basra: a card that matches nothing is added to the floor)."),
                   played=played.label)
    if not taken:
        return msg(N_("The {played} can capture here, so it must capture, for "
                      "example {best} (Basra: if you play a card which makes a capture, you "
                      "must make the capture)."), played=played.label, best=_names(best))
    if sweeps_floor(rules, played):
        missing = [card for card in floor if card not in taken]
        if not missing:
            return None
        template = (N_("A jack takes the whole floor, so {missing} must be taken too "
                       "(Basra: a jack takes everything on the floor).") if played.rank == "J"
                    else N_("The 7♦ takes the whole floor, so {missing} must be taken "
                            "too (Basra: the seven of diamonds takes everything on the floor)."))
        return msg(template, missing=_names(missing))
    return _numeral_fault(played, floor, taken)


def _numeral_fault(played: Card, floor: list[Card], taken: list[Card]) -> Msg | None:
    value = played.value
    for card in taken:
        if not _can_take(played, card):
            template = (N_("The {played} cannot take the {card} (Basra: a queen "
                           "takes only queens and a king only kings).") if value is None
                        else N_("The {played} cannot take the {card} (Basra: a "
                                "numeral takes cards of its rank and groups adding up to its "
                                "value)."))
            return msg(template, played=played.label, card=card.label)
    chosen = set(taken)
    left = [card for card in floor if card not in chosen]
    if value is None:
        same = [card for card in left if card.rank == played.rank]
        return _left_behind(played, same[:1]) if same else None
    if _split(value, _counts(taken, value)) is None:
        return msgn(*N_plural(
            "{cards} alone does not add up to {value} (Basra: a numeral takes groups adding "
            "up to its value, each card in one group).",
            "{cards} do not split into groups that each add up to {value} (Basra: a numeral "
            "takes groups adding up to its value, each card in one group)."),
            count=len(taken), cards=_names(taken), value=value)
    group = _group_in(value, _counts(left, value))
    return None if group is None else _left_behind(played, _cards_for(group, left))


def _can_take(played: Card, card: Card) -> bool:
    """Could `card` be in a group `played` takes (same rank for Q and K, value <= for numerals)?"""
    if played.rank not in _VALUES:
        return card.rank == played.rank
    return _VALUES.get(card.rank, 99) <= _VALUES[played.rank]


def _left_behind(played: Card, group: list[Card]) -> Msg:
    return msg(N_("The {played} could also take {group}, which was left behind "
                  "(Basra: capture obligation, a card that captures must take all it can)."),
               played=played.label, group=_sum_label(group, played.value or 0))


def _legal_reason(
    rules: BasraRules,
    floor: list[Card],
    played: Card,
    taken: list[Card],
    previous: list[Card] | None,
) -> tuple[Msg, int]:
    """The sentence for a legal claim, with its basra sentence, and the basra points."""
    if not taken:
        return msg(N_("The {played} can take nothing here, so it stays on the floor "
                      "(Basra: a card that matches nothing is added to the floor)."),
                   played=played.label), 0
    if played.rank == "J":
        verdict = msg(N_("A jack takes the whole floor (Basra: a jack takes everything "
                         "on the floor)."))
    elif sweeps_floor(rules, played):
        verdict = msg(N_("The 7♦ takes the whole floor (Basra: the seven of diamonds "
                         "takes everything on the floor)."))
    else:
        verdict = msg(N_("The {played} takes {groups} and leaves nothing it could take "
                         "(Basra: a card that captures must take all it can)."),
                      played=played.label, groups=_groups_label(played, taken))
    note, points = _basra(rules, floor, played, taken, previous)
    return sentences(verdict, note), points


def _groups_label(played: Card, taken: list[Card]) -> list[Msg | str]:
    if played.value is None:
        return list(_names(taken))
    groups = _split(played.value, _counts(taken, played.value)) or ()
    return [_sum_label(cards, played.value) for cards in _group_cards(groups, taken)]


def _basra(
    rules: BasraRules,
    floor: list[Card],
    played: Card,
    taken: list[Card],
    previous: list[Card] | None,
) -> tuple[Msg | None, int]:
    """The basra sentence (None if there is nothing to say) and points of a legal capture."""
    if played.rank == "J":
        times = jack_basra_times(rules) if [c.rank for c in floor] == ["J"] else 0
        if not times:
            return msg(N_("Taking the floor with a jack is no basra (Basra: jacks).")), 0
        points = basra_points(rules, played, times)
        return msg(N_("A jack taking a lone jack is a basra worth {points} (Basra: jack on a "
                      "lone jack)."), points=points), points
    if sweeps_floor(rules, played):
        return _seven_of_diamonds(rules, floor)
    if len(taken) != len(floor):
        return None, 0
    points = basra_points(rules, played)
    if rules.basra_rule == "clear_floor":
        return msg(N_("It clears the floor: a basra worth {points} (Basra: basra)."),
                   points=points), points
    if len(floor) == 1:
        return msg(N_("It takes a lone card: a basra worth {points} (Basra: lone-card basra)."),
                   points=points), points
    values = [card.value for card in floor if card.value]
    if len(floor) != 2 or len(values) != 2 or played.value != sum(values):
        return None, 0
    if previous is None:
        return msg(N_("Whether this is a basra depends on the floor before the previous play, "
                      "which was not given: if one of these cards lay alone and the other was "
                      "played onto it, it is a basra (Basra: lone-card basra).")), 0
    if len(previous) == 1:
        return msg(N_("It takes a lone card and the card played onto it with their sum: a "
                      "basra worth {points} (Basra: lone-card basra)."), points=points), points
    return msg(N_("The floor was not a lone card before the previous play, so this is no "
                  "basra (Basra: lone-card basra).")), 0


def _seven_of_diamonds(rules: BasraRules, floor: list[Card]) -> tuple[Msg, int]:
    """Whether the 7♦ taking this (non-empty) floor is a basra, said with the floor's sum."""
    points = basra_points(rules, SEVEN_OF_DIAMONDS)
    pictures = [card.label for card in floor if card.value is None]
    total = sum(card.value or 0 for card in floor)
    if rules.seven_of_diamonds == "egyptian":
        if pictures:
            return msg(N_("The floor is not all numerals ({cards}): the 7♦ makes no basra "
                          "(Basra: seven of diamonds)."), cards=pictures), 0
        if total > 10:
            return msg(N_("The floor adds up to {total}, more than 10: the 7♦ makes no basra "
                          "(Basra: seven of diamonds)."), total=total), 0
        return msg(N_("The floor is all numerals adding up to {total}, not more than 10: the 7♦ "
                      "makes a basra worth {points} (Basra: seven of diamonds)."),
                   total=total, points=points), points
    return _lobashev_seven(floor, pictures, total, points)


def _lobashev_seven(
    floor: list[Card], pictures: list[str], total: int, points: int
) -> tuple[Msg, int]:
    """Lobashev's 7♦: basra below 10, on only 10s, queens and kings, or on equal groups."""
    if all(card.rank in ("10", "Q", "K") for card in floor):
        return msg(N_("The floor holds only 10s, queens and kings: the 7♦ makes a basra worth "
                      "{points} (Basra: seven of diamonds)."), points=points), points
    if pictures:
        return msg(N_("The floor is neither all numerals ({cards}) nor only 10s, queens and "
                      "kings: the 7♦ makes no basra (Basra: seven of diamonds)."),
                   cards=pictures), 0
    if total < 10:
        return msg(N_("The floor adds up to {total}, less than 10: the 7♦ makes a basra worth "
                      "{points} (Basra: seven of diamonds)."), total=total, points=points), points
    groups = _equal_groups(floor, total)
    if groups is None:
        return msg(N_("The floor adds up to {total}, not less than 10, and does not split into "
                      "groups of equal sum below 10: the 7♦ makes no basra (Basra: seven of "
                      "diamonds)."), total=total), 0
    return msg(N_("The floor adds up to {total}, not less than 10, but splits into groups of "
                  "equal sum below 10, {groups}: the 7♦ makes a basra worth {points} (Basra: "
                  "seven of diamonds)."), total=total, groups=groups, points=points), points


def _equal_groups(floor: list[Card], total: int) -> Msg | None:
    """"8♠ + A♠ = 7♠ + 2♠ = 9": numerals split into two or more groups of one sum below 10."""
    for parts in _equal_parts(total):
        groups = _split(total // parts, _counts(floor, 10))
        if groups is not None:
            return msg(N_("{cards} = {value}"), value=total // parts, cards=" = ".join(
                _plus(cards) for cards in _group_cards(groups, floor)))
    return None


def _equal_parts(total: int) -> Iterator[int]:
    """Numbers of two or more equal groups below 10 that `total` divides into."""
    return (parts for parts in range(2, total + 1) if total % parts == 0 and total // parts < 10)
