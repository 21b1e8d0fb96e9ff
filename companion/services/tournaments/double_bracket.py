"""A double elimination as stored: its bracket (companion/tournament/double_elimination.py)
laid over its rounds, read the same way by the pages, the API and the changes.

The bracket follows from the size of round 1's field: a match's slot is its round and table.
A result waiting for confirmation decides nothing yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ...tournament import double_elimination as de
from ...tournament.natural import natural_key
from ...tournament.reached import CHAMPION, IN, OUT, THIRD, Reached


class TournamentView(Protocol):
    """What this reads of reading.TournamentView (which asks this module: no import back)."""

    @property
    def rounds(self) -> Sequence[Sequence[Any]]: ...
    @property
    def entrants(self) -> Sequence[Any]: ...
    @property
    def settings(self) -> dict[str, Any]: ...
    @property
    def names(self) -> dict[int, str]: ...
    @property
    def withdrawn(self) -> set[int]: ...

DOUBLE_ELIMINATION = "double_elimination"


def reset(tournament: TournamentView) -> bool:
    """settings.grand_final_reset (true unless set false)."""
    return bool(tournament.settings.get("grand_final_reset", True))


def layout_of(tournament: TournamentView) -> de.Layout | None:
    """The bracket for round 1's field; None before round 1."""
    if not tournament.rounds:
        return None
    return de.layout(max(2, sum(len(m.row.sides) for m in tournament.rounds[0])))


def stored(tournament: TournamentView) -> list[de.Stored]:
    return [de.Stored(m.row.id, m.round, m.row.table, tuple(m.row.sides),
                      None if m.provisional else m.winner)
            for r in tournament.rounds for m in r]


def states(tournament: TournamentView) -> list[de.State]:
    """Every slot as it stands; none before round 1."""
    plan = layout_of(tournament)
    return de.states(plan, stored(tournament), reset(tournament)) if plan else []


def bracket_of(tournament: TournamentView, number: int, table: int) -> str:
    """The bracket of round `number`'s table: round 1 is the winners' bracket's first."""
    plan = layout_of(tournament)
    slot = plan.at(number, table) if plan else None
    return slot.bracket if slot else de.WINNERS


def rounds_left(tournament: TournamentView) -> int:
    """Rounds still to pair up to the grand final (its reset once it is due)."""
    if not tournament.rounds:
        checked = [e for e in tournament.entrants if e.checked_in]
        return de.layout(max(2, len(checked))).by_key["F1"].round
    found = states(tournament)
    last = max(s.slot.round for s in found if s.needed)
    return max(0, last - len(tournament.rounds))


def champion(tournament: TournamentView) -> int | None:
    return de.champion(states(tournament))


def podium(tournament: TournamentView) -> list[int] | None:
    return de.podium(states(tournament))


def standings(tournament: TournamentView) -> list[Reached]:
    """How far each entrant got: the champion, then by the round each went out in (later
    first; those still in with them, the unbeaten above those with a loss), level entrants
    sharing a rank by name. The podium's third (the losers' final's loser) is "third"."""
    found = states(tournament)
    names = tournament.names
    third = (de.podium(found) or [0, 0, 0])[2:]
    lost = de.losses(found)
    rows = de.reach(found, list(names))
    order = sorted(rows, key=lambda r: (-r.round, not r.champion, r.out,
                                        lost.get(r.entrant, 0),
                                        natural_key(names.get(r.entrant, ""))))
    result: list[Reached] = []
    before: tuple[int, str, int] | None = None
    for position, row in enumerate(order, start=1):
        state = (CHAMPION if row.champion else THIRD if row.entrant in third
                 else OUT if row.out else IN)
        level = before == (row.round, state, lost.get(row.entrant, 0)) and result
        before = (row.round, state, lost.get(row.entrant, 0))
        rank = result[-1].rank if level else position
        result.append(Reached(rank, row.entrant, names.get(row.entrant, "?"), row.round, state))
    return result


def follow(tournament: TournamentView, changed: int) -> list[de.Change]:
    """What a changed result does to the later matches of both brackets."""
    plan = layout_of(tournament)
    if plan is None:
        return []
    return de.follow(plan, stored(tournament), changed, reset(tournament),
                     tournament.withdrawn)


def sections(tournament: TournamentView) -> list[tuple[str, list[list[de.State]]]]:
    """The winners' bracket, the losers' bracket and the final, each as its rounds of slots;
    the reset final only once it is due (or paired)."""
    found = [s for s in states(tournament)
             if s.slot.key != "F2" or s.needed or s.match is not None]
    shown = []
    for name in (de.WINNERS, de.LOSERS, de.FINAL):
        stages: dict[int, list[de.State]] = {}
        for state in (s for s in found if s.slot.bracket == name):
            stages.setdefault(state.slot.stage, []).append(state)
        if stages:
            shown.append((name, [stages[n] for n in sorted(stages)]))
    return shown
