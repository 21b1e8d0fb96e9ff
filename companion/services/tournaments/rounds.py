"""Pairing a tournament's next round by its format, and starting its games.

A knockout pairs the first round of its bracket with tables still to pair: the next round,
or the tables a correction took back from a round partly paired (only those). A double
elimination likewise: a round is every match of both brackets whose earlier matches are all in
the rounds before it (double_bracket.py), paired once those rounds are finished.
"""

from __future__ import annotations

import zlib
from collections import Counter
from itertools import combinations

from sqlmodel import Session, select

from ...models_tournament import Match, Round
from ...rules.messages import N_, RuleError, msg
from ...tournament import bracket, pairing
from ...tournament import double_elimination as de
from .. import acting
from ..tournament_keys import give_new_keys
from . import audit, checkin, double_bracket, group_stage
from .playing import bump, settle, walk_over
from .reading import (
    GROUPS,
    SWISS,
    MatchView,
    TournamentView,
    load,
    rankings,
)

Table = tuple[int, list[int], bool]  # a table's number, its sides, and whether for third place


def next_round(session: Session, tournament_id: str) -> TournamentView:
    """Pair the next round by the format and start its games."""
    tournament = load(session, tournament_id)
    bump(session, tournament.row)
    if not tournament.started and tournament.settings.get("check_in"):
        checkin.mark_absent(session, tournament)
    # Kept in round 1's event: taking it back puts back what its pairing filled in.
    before = None if tournament.started else {"settings": {
        k: tournament.row.settings[k]
        for k in ("rounds", "plan", "group_draw", "group_rounds") if k in tournament.row.settings}}
    number, tables = _pairings(tournament)
    round_id = _round_id(session, tournament, number)
    groups = group_stage.labels(tournament, number)
    for table, sides, third in tables:
        match = Match(tournament_id=tournament.row.id, round_id=round_id, table=table,
                      sides=sides, key_hash="", side_keys=[], third_place=third,
                      bracket=double_bracket.bracket_of(tournament, number, table)
                      if tournament.double else "", group_label=groups.get(table, ""))
        give_new_keys(session, match)
        session.flush()
        if tournament.withdrawn & set(sides) and len(sides) == 2:
            walk_over(session, tournament.row, match, tournament.withdrawn)
        settle(session, tournament.row, match)  # its first game
    audit.record(session, tournament.row, "round", by=acting.DIRECTOR,
                 before=before, after={"round": number, "tables": len(tables)})
    note = tournament.seating_note()
    if note:
        acting.warn(note)
    session.commit()
    return load(session, tournament_id)


def _round_id(session: Session, tournament: TournamentView, number: int) -> int:
    """The round's row: the one partly paired, else a new one."""
    found = session.exec(select(Round).where(Round.tournament_id == tournament.row.id,
                                             Round.number == number)).first()
    if found is None:
        found = Round(tournament_id=tournament.row.id, number=number)
        session.add(found)
        session.flush()
    return found.id or 0


def _pairings(tournament: TournamentView) -> tuple[int, list[Table]]:
    """The round to pair and its tables."""
    # Those never checked in are absent: no format pairs them, in any round.
    ids = [e.id for e in tournament.entrants if e.id is not None and e.checked_in]
    if len([i for i in ids if i not in tournament.withdrawn]) < 2:
        raise RuleError(msg(N_("A tournament needs at least two entrants.")), "entrants")
    if tournament.stage == GROUPS:
        return _group_stage(tournament, ids)
    if tournament.knockout_stage:
        return _knockout(tournament, ids)
    if tournament.double:
        return _double_elimination(tournament, ids)
    if tournament.row.format == SWISS and tournament.rounds:
        _ready(tournament.rounds[-1], len(tournament.rounds))
    if tournament.started and tournament.rounds_left() == 0:
        raise _all_played()
    pairs = _swiss(tournament, ids) if tournament.row.format == SWISS else (
        _round_robin(tournament, ids))
    seated = [[s for s in sides if s is not None] for sides in pairs]
    seated = [sides for sides in (_present(tournament, s) for s in seated) if sides]
    return len(tournament.rounds) + 1, [(table, sides, False)
                                        for table, sides in enumerate(seated, start=1)]


def _group_stage(tournament: TournamentView, ids: list[int]) -> tuple[int, list[Table]]:
    """A group round, or once every group round is played, decided and confirmed, the
    knockout's first round."""
    if not tournament.started or len(tournament.rounds) < tournament.group_rounds:
        return group_stage.group_round(tournament, ids)
    for number, matches in enumerate(tournament.rounds, start=1):
        _ready(matches, number)
    return group_stage.knockout_round(tournament)


def _ready(before: list[MatchView], number: int) -> None:
    """Round `number` (its matches `before`) is finished and confirmed."""
    if not all(m.decided for m in before):
        raise RuleError(msg(N_("Round {n} is not finished yet: every table needs its "
                               "result first."), n=number), "round")
    if any(m.provisional for m in before):
        raise RuleError(msg(N_("Round {n} has results waiting for confirmation: the side "
                               "that lost confirms, or the director decides."),
                            n=number), "round")


def _all_played() -> RuleError:
    return RuleError(msg(N_("Every round has been played.")), "round")


def _present(tournament: TournamentView, sides: list[int]) -> list[int]:
    """A table as paired, without those who withdrew (a two-sided match stays: a walkover);
    nobody left, or a withdrawn entrant's bye: no table."""
    if len(sides) == 2:
        return sides
    return [s for s in sides if s not in tournament.withdrawn]


def _round_robin(tournament: TournamentView, ids: list[int]) -> list[tuple[int | None, ...]]:
    settings = tournament.row.settings
    if settings["table_size"] == 2:
        schedule: list[list[tuple[int | None, ...]]] = [
            list(r) for r in pairing.round_robin(ids)]
    else:
        if "plan" not in settings:
            rounds = settings["rounds"] or -(-(len(ids) - 1) // (settings["table_size"] - 1))
            largest = max(tournament.spec.player_counts)
            try:
                plan = pairing.seatings(ids, settings["table_size"], rounds,
                                        zlib.crc32(tournament.row.id.encode()), 3, largest)
            except ValueError:
                raise RuleError(msg(N_("{n} entrants cannot be seated at tables of 3 to "
                                       "{largest}."), n=len(ids), largest=largest),
                                "entrants") from None
            tournament.row.settings = {**settings, "plan": plan, "rounds": rounds}
        schedule = [[tuple(t) for t in r] for r in tournament.row.settings["plan"]]
    if not tournament.started:
        tournament.row.settings = {**tournament.row.settings, "rounds": len(schedule)}
    return schedule[len(tournament.rounds)]


def _swiss(tournament: TournamentView, ids: list[int]) -> list[tuple[int | None, ...]]:
    if not tournament.row.settings["rounds"]:
        rounds = max(1, (len(ids) - 1).bit_length())
        tournament.row.settings = {**tournament.row.settings, "rounds": rounds}
    # Entrants sharing a rank (round 1: everyone) are paired in seed order, as Swiss-Manager
    # pairs a score group by initial rank: so a random draw of seeds shows in the pairings.
    seeds = {e.id: e.seed for e in tournament.entrants}
    order = [row.entrant for row in sorted(rankings(tournament),
                                           key=lambda row: (row.rank, seeds.get(row.entrant, 0)))
             if row.entrant not in tournament.withdrawn]
    if tournament.settings["table_size"] > 2:
        return _swiss_tables(tournament, [e for e in order if e in set(ids)])
    played = {frozenset(m.row.sides) for r in tournament.rounds for m in r if not m.bye}
    byes = Counter(m.row.sides[0] for r in tournament.rounds for m in r if m.bye)
    return list(pairing.swiss(order, played, byes))


def _swiss_tables(tournament: TournamentView, order: list[int]) -> list[tuple[int | None, ...]]:
    """A Swiss round at tables of 3 to 5 (docs/rulings-tournaments.md): down the standing,
    the fewest repeated table-mates, byes only when the field cannot be seated."""
    met = Counter(frozenset(pair) for r in tournament.rounds for m in r if not m.bye
                  for pair in combinations(m.row.sides, 2))
    byes = Counter(m.row.sides[0] for r in tournament.rounds for m in r if m.bye)
    size = tournament.settings["table_size"]
    tables = pairing.swiss_tables(order, met, byes, size, max(tournament.spec.player_counts))
    sizes = {len(table) for table in tables if len(table) > 1}
    if sizes and sizes != {size}:  # said as the round robin says it
        acting.warn(msg(N_("{n} entrants cannot all sit at tables of {size}: the tables seat "
                           "{low} to {high}, as even as possible."), n=len(order), size=size,
                        low=min(sizes), high=max(sizes)))
    return list(tables)


def _knockout(tournament: TournamentView, ids: list[int]) -> tuple[int, list[Table]]:
    """The bracket's first round with tables to pair: those tables (the winners of the two
    before each meet), and beside the final the match for third place if asked for."""
    if not tournament.rounds:
        return 1, [(table, [s for s in sides if s is not None], False) for table, sides
                   in enumerate(pairing.knockout_first_round(ids), start=1)]
    stage, missing = bracket.unpaired(tournament.knockout_rounds())
    if not missing:
        _ready(tournament.rounds[-1], len(tournament.rounds))
        raise _all_played()
    before = tournament.bracket_rounds()[stage - 2]
    number = stage + tournament.group_rounds  # a groups then knockout's rounds come first
    _ready(before, number - 1)
    tables: list[Table] = []
    for table, slot in missing:
        if None in slot.sides:
            raise RuleError(msg(N_("A knockout match needs a winner: correct the drawn "
                                   "result first.")), "round")
        tables.append((table, [s for s in slot.sides if s is not None], False))
    return number, tables + _third_place(tournament, number, before)


def _third_place(tournament: TournamentView, number: int,
                 semis: list[MatchView]) -> list[Table]:
    """The semi-final losers' match, when round `number` is the final of a knockout that asks
    for one and has none yet."""
    paired = tournament.rounds[number - 1] if number <= len(tournament.rounds) else []
    if (len(semis) != 2 or not tournament.settings.get("third_place")
            or any(m.third_place for m in paired)):
        return []
    losers = [m.loser for m in semis]
    return [] if None in losers else [(2, [s for s in losers if s is not None], True)]


def _double_elimination(tournament: TournamentView, ids: list[int]) -> tuple[int, list[Table]]:
    """Round 1 as a knockout's; then the first round with matches to pair, once every round
    before it is finished and confirmed: all its matches whose sides are known."""
    if not tournament.rounds:
        return _knockout(tournament, ids)
    number, waiting = de.unpaired(double_bracket.states(tournament))
    if not waiting:
        _ready(tournament.rounds[-1], len(tournament.rounds))
        raise _all_played()
    for earlier in range(1, number):
        _ready(tournament.rounds[earlier - 1], earlier)
    tables: list[Table] = []
    for state in waiting:
        if None in state.sides:
            raise RuleError(msg(N_("A knockout match needs a winner: correct the drawn "
                                   "result first.")), "round")
        tables.append((state.slot.table, [s for s in state.sides if s is not None], False))
    return number, tables
