"""Playing a tournament: pairing rounds, and keeping each match's games as its results call
for, in the transaction of the change that calls for it (pairing the round, finishing the
game before it, clearing a result set by hand).
"""

from __future__ import annotations

import zlib
from collections import Counter
from typing import Any

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from ...models import Game, PlayAlong, utcnow
from ...models_tournament import Entrant, Match, MatchGame, Round, Tournament
from ...rules.messages import N_, RuleError, msg
from ...tournament import pairing
from .. import acting, games, keys
from ..seating import OPPOSITE_PARTNERS
from ..tournament_access import table_key
from . import audit
from .reading import (
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    MatchView,
    TournamentView,
    _game_rows,
    _match_rules,
    _MatchRules,
    _progress,
    _view,
    load,
    rankings,
)


def settle(session: Session, row: Tournament, match: Match,
            changing: str | None = None) -> None:
    """Keep a match's games as its results call for (the caller commits).

    Games not started yet (no hand, no play-along) that the match no longer needs are removed:
    those after a game a correction reopened, or after the game that decided the match. Games
    with hands stay, for the director to decide; so does the game `changing`, whose change
    this is (its last hand deleted, it answers the scorer as it is). Then, if every game is
    finished and the match is not decided, its next game starts.
    """
    if len(match.sides) < 2:
        return  # a bye plays no game
    rules = _match_rules(row)
    played = _game_rows(session, MatchGame.match_id == match.id).get(match.id or 0, [])
    superseded = [g for g in _superseded(rules, len(match.sides), played) if g.id != changing]
    removed = _remove(session, row, _not_started(session, superseded))
    played = [g for g in played if g.id not in removed]
    view = _view(rules, match, 0, {}, played)
    if view.result is None and view.current is None:
        _start_game(session, row, view)


def _superseded(rules: _MatchRules, sides: int, played: list[Any]) -> list[Any]:
    """The games after the first unfinished one, or after the one that decided the match."""
    for number, game in enumerate(played, start=1):
        if not game.finished or _progress(rules, sides, played[:number]).finished:
            return played[number:]
    return []


def _not_started(session: Session, candidates: list[Any]) -> list[Any]:
    """Those of the games with no hand entered and no hand being played along."""
    empty = [g for g in candidates if g.hand_count == 0]
    if not empty:
        return []
    playing = set(session.exec(select(PlayAlong.game_id).where(
        col(PlayAlong.game_id).in_([g.id for g in empty]))))
    return [g for g in empty if g.id not in playing]


def _remove(session: Session, row: Tournament, unneeded: list[Any]) -> set[str]:
    """Delete games nobody started; returns their ids. The tournament's version grows by
    what theirs counted, so the version pollers compare (its own plus its games') still only
    grows. A game being saved this very moment is left alone: it is being started."""
    if not unneeded:
        return set()
    free = set(session.exec(select(Game.id).where(col(Game.id).in_([g.id for g in unneeded]))
                            .with_for_update(skip_locked=True)))
    if free:
        session.exec(delete(Game).where(col(Game.id).in_(free)))
        grown = sum(g.version for g in unneeded if g.id in free)
        session.exec(update(Tournament).where(col(Tournament.id) == row.id)
                     .values(version=Tournament.version + grown))
        session.flush()
    return free


def _start_game(session: Session, row: Tournament, view: MatchView) -> None:
    """Create the match's next game, under the table's key (the caller commits)."""
    number = len(view.games) + 1
    target = view.progress.next_target if view.progress else None
    entrants = session.exec(select(Entrant).where(col(Entrant.id).in_(view.row.sides))).all()
    by_id = {e.id: e.players for e in entrants}
    players, teams = _seats([by_id[s] for s in view.row.sides])
    game, _ = games.create_game(session, row.game, row.rules, players, teams, target,
                                (number - 1) % len(players), commit=False)
    game.row.edit_key_hash = view.row.key_hash
    session.add(game.row)
    session.add(MatchGame(match_id=view.row.id, game_id=game.row.id, tournament_id=row.id,
                          number=_next_number(session, view.row.id)))
    session.flush()


def _next_number(session: Session, match_id: Any) -> int:
    top = session.exec(select(func.max(MatchGame.number))
                       .where(MatchGame.match_id == match_id)).first()
    return (top or 0) + 1


def _seats(sides: list[list[str]]) -> tuple[list[str], list[list[int]] | None]:
    """Players in playing order: partners sit opposite each other (seats 0/2 and 1/3)."""
    if len(sides[0]) == 1:
        return [side[0] for side in sides], None
    (a1, a2), (b1, b2) = sides
    return [a1, b1, a2, b2], OPPOSITE_PARTNERS


# --- Rounds --------------------------------------------------------------------------------

def next_round(session: Session, tournament_id: str, director: str) -> TournamentView:
    """Pair the next round by the format and start its games."""
    tournament = load(session, tournament_id)
    bump(session, tournament.row)
    pairs = _pairings(tournament)
    third = _third_place(tournament) if len(pairs) == 1 else None
    number = len(tournament.rounds) + 1
    round_row = Round(tournament_id=tournament.row.id, number=number)
    session.add(round_row)
    session.flush()
    seated = [[s for s in sides if s is not None] for sides in pairs]
    seated = [sides for sides in (_present(tournament, s) for s in seated) if sides]
    for table, sides in enumerate([*seated, *([third] if third else [])], start=1):
        match = Match(tournament_id=tournament.row.id, round_id=round_row.id or 0, table=table,
                      sides=sides, key_hash="", third_place=third is sides)
        session.add(match)
        session.flush()
        match.key_hash = keys.hash_key(table_key(director, match.id or 0))
        if tournament.withdrawn & set(sides) and len(sides) == 2:
            walk_over(session, tournament.row, match, tournament.withdrawn)
        settle(session, tournament.row, match)  # its first game
    audit.record(session, tournament.row, "round", by=acting.DIRECTOR,
                 after={"round": number, "tables": len(seated) + bool(third)})
    note = tournament.seating_note()
    if note:
        acting.warn(note)
    session.commit()
    return load(session, tournament_id)


def _present(tournament: TournamentView, sides: list[int]) -> list[int]:
    """A table as paired, without those who withdrew (a two-sided match stays: a walkover);
    nobody left, or a withdrawn entrant's bye: no table."""
    if len(sides) == 2 or tournament.row.format == KNOCKOUT:
        return sides  # a knockout's bracket keeps its places: a withdrawn bye is walked over
    return [s for s in sides if s not in tournament.withdrawn]


def walk_over(session: Session, row: Tournament, match: Match, withdrawn: set[int]) -> None:
    """The side still in wins the match without game points, like a bye."""
    places = [2 if side in withdrawn else 1 for side in match.sides]
    if 1 not in places:
        places = [1, 2]
    match.manual = {"walkover": True, "places": places, "points": [0] * len(places)}
    session.add(match)
    audit.record(session, row, "walkover", match=match, by=acting.SYSTEM, after=match.manual)


def _third_place(tournament: TournamentView) -> list[int] | None:
    """The semi-final losers, when the final is paired in a knockout that asks for it."""
    if tournament.row.format != KNOCKOUT or not tournament.settings.get("third_place"):
        return None
    losers = [m.loser for m in tournament.bracket_rounds()[-1]]
    return [s for s in losers if s is not None] if None not in losers else None


def _pairings(tournament: TournamentView) -> list[tuple[int | None, ...]]:
    ids = [e.id for e in tournament.entrants if e.id is not None]
    if len([i for i in ids if i not in tournament.withdrawn]) < 2:
        raise RuleError(msg(N_("A tournament needs at least two entrants.")), "entrants")
    if tournament.row.format != ROUND_ROBIN and tournament.rounds and not all(
            m.decided for m in tournament.rounds[-1]):
        raise RuleError(msg(N_("Round {n} is not finished yet: every table needs its "
                               "result first."), n=len(tournament.rounds)), "round")
    if tournament.row.format != ROUND_ROBIN and tournament.rounds and any(
            m.provisional for m in tournament.rounds[-1]):
        raise RuleError(msg(N_("Round {n} has results waiting for confirmation: the side "
                               "that lost confirms, or the director decides."),
                            n=len(tournament.rounds)), "round")
    if tournament.started and tournament.rounds_left() == 0:
        raise RuleError(msg(N_("Every round has been played.")), "round")
    if tournament.row.format == KNOCKOUT:
        return _knockout(tournament, ids)
    if tournament.row.format == SWISS:
        return _swiss(tournament, ids)
    return _round_robin(tournament, ids)


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
    order = [row.entrant for row in rankings(tournament)
             if row.entrant not in tournament.withdrawn]
    played = {frozenset(m.row.sides) for r in tournament.rounds for m in r if not m.bye}
    byes = Counter(m.row.sides[0] for r in tournament.rounds for m in r if m.bye)
    return list(pairing.swiss(order, played, byes))


def _knockout(tournament: TournamentView, ids: list[int]) -> list[tuple[int | None, ...]]:
    if not tournament.rounds:
        return list(pairing.knockout_first_round(ids))
    winners = [m.winner for m in tournament.bracket_rounds()[-1]]
    if any(w is None for w in winners):
        raise RuleError(msg(N_("A knockout match needs a winner: correct the drawn result "
                               "first.")), "round")
    return list(pairing.knockout_next_round([w for w in winners if w is not None]))


def bump(session: Session, row: Tournament) -> None:
    """Take the tournament's lock (first statement) and move its version on."""
    session.exec(update(Tournament).where(col(Tournament.id) == row.id)
                 .values(version=Tournament.version + 1, updated_at=utcnow()))
    session.refresh(row)
