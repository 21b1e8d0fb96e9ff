"""A double elimination's bracket: two losses eliminate.

The winners' bracket is a knockout drawn as companion/tournament/pairing.py draws one (byes
to the top seeds when the field is not a power of two). Its losers drop into the losers'
bracket: those of winners' round 1 meet each other in losers' round 1 (the losers of tables
1 and 2, of 3 and 4...); those of a later winners' round i meet the winners of the losers'
round before, in an order that keeps them away from whom they met already: reversed after
winners' round 2, 4, 6..., the halves swapped after rounds 3, 5... (for one match the same).
Between two such rounds the losers' bracket halves itself. The winners' bracket's winner
meets the losers' bracket's winner in the grand final; with `reset`, when the losers'
bracket's winner wins it, both have lost once and a second final decides.

A slot's tournament round is as early as the matches feeding it allow: winners' round i in
round i, losers' round 1 in round 2, every later match one round after the last match feeding
it. A round's tables are its slots in order: the winners', then the losers', then the final.
A slot nobody can reach (fed only by byes) is no match at all; a slot one side alone reaches
is a bye for that side. So the structure follows from the size of the field alone.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from .pairing import knockout_first_round

WINNERS, LOSERS, FINAL = "winners", "losers", "final"
WINNER, LOSER = "winner", "loser"


@dataclass(frozen=True)
class Source:
    """Where a seat of a match comes from: the winner or the loser of an earlier slot."""

    slot: str
    takes: str


@dataclass
class Slot:
    """A match of the bracket: its bracket, its round in that bracket (1-based), its place in
    that round (1-based), the seats feeding it, and when (tournament round) and where (table)
    it is played. Winners' round 1 has no sources: its sides come from the draw."""

    key: str
    bracket: str
    stage: int
    index: int
    sources: tuple[Source, ...] = ()
    round: int = 0
    table: int = 0
    live: int = 2  # how many sides can reach it: 2 a match, 1 a bye

    @property
    def bye(self) -> bool:
        return self.live == 1


@dataclass(frozen=True)
class Stored:
    """A paired match: where it is (round, table), its sides and its winner as it stands
    (None while undecided or waiting for confirmation)."""

    match_id: int
    round: int
    table: int
    sides: tuple[int, ...]
    winner: int | None

    @property
    def loser(self) -> int | None:
        if self.winner is None or len(self.sides) != 2:
            return None
        return self.sides[1] if self.sides[0] == self.winner else self.sides[0]


@dataclass
class Layout:
    """Every match the bracket can have for a field of `entrants`, by round and table; the
    first round's pairs (seed numbers from 0, None for a bye)."""

    entrants: int
    slots: list[Slot]
    first: list[tuple[int, int | None]]
    by_key: dict[str, Slot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_key = {slot.key: slot for slot in self.slots}

    def at(self, round: int, table: int) -> Slot | None:
        return next((s for s in self.slots if (s.round, s.table) == (round, table)), None)

    @property
    def rounds(self) -> int:
        """The rounds with a reset final played: its last round."""
        return max(s.round for s in self.slots)


def layout(entrants: int) -> Layout:
    """The bracket of a field of `entrants` (at least 2)."""
    first = [(a, b) for a, b in knockout_first_round(list(range(entrants)))]
    size = 2 * len(first)
    depth = size.bit_length() - 1  # the winners' rounds
    slots = [Slot(f"W1.{j}", WINNERS, 1, j, live=1 if b is None else 2)
             for j, (_, b) in enumerate(first, start=1)]
    for stage in range(2, depth + 1):
        slots += [Slot(f"W{stage}.{j}", WINNERS, stage, j,
                       (Source(f"W{stage - 1}.{2 * j - 1}", WINNER),
                        Source(f"W{stage - 1}.{2 * j}", WINNER)))
                  for j in range(1, size // 2 ** stage + 1)]
    slots += _losers(size, depth)
    last = f"L{2 * depth - 2}.1" if depth > 1 else "W1.1"
    takes = WINNER if depth > 1 else LOSER
    final = (Source(f"W{depth}.1", WINNER), Source(last, takes))
    slots += [Slot("F1", FINAL, 1, 1, final), Slot("F2", FINAL, 2, 1, final)]
    return Layout(entrants, _placed(slots), first)


def _losers(size: int, depth: int) -> list[Slot]:
    """The losers' bracket: 2 * (depth - 1) rounds."""
    slots = [Slot(f"L1.{j}", LOSERS, 1, j, (Source(f"W1.{2 * j - 1}", LOSER),
                                             Source(f"W1.{2 * j}", LOSER)))
             for j in range(1, size // 4 + 1)]
    for dropping in range(2, depth + 1):
        stage = 2 * dropping - 2
        count = size // 2 ** dropping
        order = drop_order(dropping, count)
        slots += [Slot(f"L{stage}.{j}", LOSERS, stage, j,
                       (Source(f"L{stage - 1}.{j}", WINNER),
                        Source(f"W{dropping}.{order[j - 1]}", LOSER)))
                  for j in range(1, count + 1)]
        if dropping < depth:
            slots += [Slot(f"L{stage + 1}.{j}", LOSERS, stage + 1, j,
                           (Source(f"L{stage}.{2 * j - 1}", WINNER),
                            Source(f"L{stage}.{2 * j}", WINNER)))
                      for j in range(1, count // 2 + 1)]
    return slots


def drop_order(dropping: int, count: int) -> list[int]:
    """Which table of winners' round `dropping` sends its loser to each table (in order) of
    the losers' round it drops into: reversed for an even round, halves swapped for an odd
    one."""
    natural = list(range(1, count + 1))
    if dropping % 2 == 0:
        return natural[::-1]
    half = count // 2
    return natural[half:] + natural[:half]


def _placed(slots: list[Slot]) -> list[Slot]:
    """Each slot's round (as early as its sources allow), sides that can reach it, and table;
    slots nobody reaches left out. In order of round and table."""
    keyed = {slot.key: slot for slot in slots}
    for slot in slots:  # sources always come earlier in the list
        if slot.sources:
            slot.round = 1 + max(keyed[s.slot].round for s in slot.sources)
            slot.sources = tuple(s for s in slot.sources if _reaches(keyed[s.slot], s.takes))
            slot.live = len(slot.sources)
        else:
            slot.round = 1
    if slots[-1].key == "F2":
        keyed["F2"].round = keyed["F1"].round + 1
    kept = [s for s in slots if s.live > 0]
    order = {WINNERS: 0, LOSERS: 1, FINAL: 2}
    kept.sort(key=lambda s: (s.round, order[s.bracket], s.stage, s.index))
    table: dict[int, int] = {}
    for slot in kept:
        table[slot.round] = table.get(slot.round, 0) + 1
        slot.table = table[slot.round]
    return kept


def _reaches(slot: Slot, takes: str) -> bool:
    """Someone comes out of `slot` this way: its winner if anyone plays it, its loser only
    if it is a match of two."""
    return slot.live >= (1 if takes == WINNER else 2)


# --- The bracket as it stands ------------------------------------------------------------

@dataclass(frozen=True)
class State:
    """A slot as it stands: its match if paired, the sides its sources give so far (None
    where not known yet), whether it is to be played, its winner and loser."""

    slot: Slot
    match: Stored | None
    sides: tuple[int | None, ...]
    needed: bool
    winner: int | None
    loser: int | None


def states(plan: Layout, stored: Iterable[Stored], reset: bool) -> list[State]:
    """Every slot of the bracket as the stored matches leave it, in order of round and
    table."""
    paired = {(m.round, m.table): m for m in stored}
    outcome: dict[str, tuple[int | None, int | None]] = {}
    found: list[State] = []
    for slot in plan.slots:
        match = paired.get((slot.round, slot.table))
        sides = _sides(slot, outcome, match)
        needed = _needed(slot, outcome, found, reset)
        winner, loser = (match.winner, match.loser) if match and needed else (None, None)
        outcome[slot.key] = (winner, loser)
        found.append(State(slot, match, sides, needed, winner, loser))
    return found


def _sides(slot: Slot, outcome: dict[str, tuple[int | None, int | None]],
           match: Stored | None) -> tuple[int | None, ...]:
    if not slot.sources:
        return tuple(match.sides) if match else (None,) * slot.live
    return tuple(outcome[s.slot][0 if s.takes == WINNER else 1] for s in slot.sources)


def _needed(slot: Slot, outcome: dict[str, tuple[int | None, int | None]],
            found: list[State], reset: bool) -> bool:
    """Every slot is played but the reset final: only when asked for and the losers'
    bracket's winner won the first final."""
    if slot.key != "F2":
        return True
    first = next(s for s in found if s.slot.key == "F1")
    return reset and first.winner is not None and first.winner == first.sides[1]


def champion(found: Sequence[State]) -> int | None:
    """The winner of the last final played: the first, unless the reset is to be played."""
    finals = [s for s in found if s.slot.bracket == FINAL and s.needed]
    return finals[-1].winner if finals else None


def podium(found: Sequence[State]) -> list[int] | None:
    """First, second and third (the losers' final's loser) once the champion is known; a
    field of two has no third."""
    first = champion(found)
    if first is None:
        return None
    final = [s for s in found if s.slot.bracket == FINAL and s.needed][-1]
    second = final.loser
    losers = [s for s in found if s.slot.bracket == LOSERS]
    third = losers[-1].loser if losers else None
    return [p for p in (first, second, third) if p is not None]


def unpaired(found: Sequence[State]) -> tuple[int, list[State]]:
    """The first round with slots to play that are not paired, and those slots; one past
    the last round paired and none when every slot to play is paired."""
    waiting = [s for s in found if s.needed and s.match is None]
    if not waiting:
        last = max((s.slot.round for s in found if s.match is not None), default=0)
        return last + 1, []
    number = min(s.slot.round for s in waiting)
    return number, [s for s in waiting if s.slot.round == number]


def losses(found: Sequence[State]) -> dict[int, int]:
    """Each entrant's decided losses (a bye is none)."""
    count: dict[int, int] = {}
    for state in found:
        if state.loser is not None:
            count[state.loser] = count.get(state.loser, 0) + 1
    return count


# --- Standings: how far each entrant got -------------------------------------------------

@dataclass(frozen=True)
class Reach:
    """An entrant's last round (the round of its last match, one more when it won that match
    or lost it for the first time: it plays on) and whether it is out or the champion."""

    entrant: int
    round: int
    out: bool
    champion: bool


def reach(found: Sequence[State], entrants: Collection[int]) -> list[Reach]:
    """How far each entrant got, furthest first (the champion first among level ones); an
    entrant out with a second loss in round r ranks above those out before r."""
    last: dict[int, int] = {e: 0 for e in entrants}
    lost: dict[int, int] = {}
    top = champion(found)
    for state in found:
        if state.match is None:
            continue
        for side in state.match.sides:
            plays_on = state.winner == side or (state.loser == side and lost.get(side, 0) == 0)
            last[side] = state.slot.round + (1 if plays_on else 0)
        if state.loser is not None:
            lost[state.loser] = lost.get(state.loser, 0) + 1
    if top is not None:  # over: nobody got further than the last final
        end = [s for s in found if s.slot.bracket == FINAL and s.needed][-1].slot.round
        last = {e: min(r, end) for e, r in last.items()} | {top: end}
    rows = [Reach(e, last[e], lost.get(e, 0) >= 2 or (top is not None and e != top),
                  e == top) for e in last]
    return sorted(rows, key=lambda r: (-r.round, not r.champion, r.out))


# --- Corrections follow through both brackets ----------------------------------------------

Change = tuple[int, tuple[int, ...] | None]  # a match and its new sides (None: taken back)


def follow(plan: Layout, stored: Sequence[Stored], changed: int, reset: bool,
           withdrawn: Collection[int]) -> list[Change]:
    """What the change of `changed`'s result (as it now stands) does to the later matches:
    a match whose sides change is re-seated (a walkover when a side withdrew); one whose side
    cannot be known any more, or a reset final no longer due, is taken back. A touched match
    has no result any more, so the change goes on to the matches it feeds."""
    at = {(m.round, m.table): m for m in stored}
    slot_of = {m.match_id: plan.at(m.round, m.table) for m in stored}
    start = slot_of[changed]
    assert start is not None
    outcome: dict[str, tuple[int | None, int | None]] = {}
    touched = {start.key}
    changes: list[Change] = []
    for slot in plan.slots:
        match = at.get((slot.round, slot.table))
        outcome[slot.key] = (match.winner, match.loser) if match else (None, None)
        if match is None or slot.round <= start.round:
            continue
        if not any(s.slot in touched for s in slot.sources) and not (
                slot.key == "F2" and "F1" in touched):
            continue
        new = _new_sides(slot, outcome, reset)
        if new == match.sides:
            continue
        outcome[slot.key] = _walked_over(new, withdrawn)
        touched.add(slot.key)
        changes.append((match.match_id, new))
    return changes


def _new_sides(slot: Slot, outcome: dict[str, tuple[int | None, int | None]],
               reset: bool) -> tuple[int, ...] | None:
    sides = [outcome[s.slot][0 if s.takes == WINNER else 1] for s in slot.sources]
    if slot.key == "F2" and not (reset and outcome["F1"][0] is not None
                                 and outcome["F1"][0] == sides[1]):
        return None
    if None in sides:
        return None
    return tuple(s for s in sides if s is not None)


def _walked_over(sides: tuple[int, ...] | None,
                 withdrawn: Collection[int]) -> tuple[int | None, int | None]:
    """Winner and loser of a re-seated match before it is played: a bye's side wins; a
    match against an entrant who withdrew is a walkover (both withdrawn: the first wins)."""
    if sides is None:
        return None, None
    if len(sides) == 1:
        return sides[0], None
    if not set(sides) & set(withdrawn):
        return None, None
    first, second = sides
    return (second, first) if first in withdrawn and second not in withdrawn else (first, second)
