"""Corrections that follow through: a changed result that a later round builds on.

In a knockout the match the changed one feeds takes the new winner: re-seated at once (its
game made anew) while nothing was played at it; once it has started, only when the director
confirms the cascade, which reopens and re-seats every later match the change touches (their
games stay stored, counted for nobody), up the bracket (companion/tournament/cascade.py). A
match whose side cannot be known any more (the match before it is open again) is taken back,
to be paired again once that is decided; the other matches of its round stay. A Swiss round
paired on the old standings stays as paired, with a warning.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from ...models import Game
from ...models_tournament import Match, MatchGame, Round, Tournament
from ...rules.messages import N_, Msg, msg
from ...tournament import cascade
from .. import acting, keys
from ..tournament_keys import give_new_keys, retire_side_keys
from . import audit, double_bracket, table_changes
from .playing import _not_started, _remove, settle, walk_over
from .reading import (
    KNOCKOUT,
    SWISS,
    MatchView,
    TournamentConflict,
    TournamentView,
    _game_rows,
    _match_rules,
    _view,
    load,
)

Plan = list[tuple[MatchView, list[int] | None]]  # a later match and its new sides (None: gone)


def game_changed(session: Session, game: Game) -> None:
    """A table's game changed (saved, corrected, deleted, restored): settle its match, note
    the change to what the table entered and a result that changed (with the reason typed),
    and make the rounds built on it follow."""
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game.id)).first()
    if link is None:
        return
    # Changes to one tournament settle one at a time, taking its row as the director's
    # changes do first (PostgreSQL; SQLite's write lock already serialises them).
    tournament = session.exec(select(Tournament).where(Tournament.id == link.tournament_id)
                              .with_for_update()).one()
    match = session.get(Match, link.match_id, populate_existing=True)
    assert match is not None
    settle(session, tournament, match, changing=game.id)
    reason = table_changes.record_change(session, tournament, match, game)
    note_result(session, tournament, match, reason)


def note_result(session: Session, row: Tournament, match: Match, reason: str = "") -> None:
    """Record the match's result if it is not the one on record, and follow it through."""
    if match.manual is not None or len(match.sides) < 2:
        return  # the director's result stands over the games
    now = current_result(session, row, match)
    before = audit.result_on_record(session, match.id or 0)
    if now == before:
        return
    audit.record(session, row, "correction" if before else "result", match=match,
                 before=before, after=now, reason=reason)
    # A first result has nothing built on it yet, unless it was decided before results were
    # recorded here: following through costs nothing when no later round is paired.
    follow_through(session, row, match)


def current_result(session: Session, row: Tournament, match: Match) -> dict[str, Any] | None:
    """The match's result as it stands (the director's, else its games')."""
    played = _game_rows(session, MatchGame.match_id == match.id).get(match.id or 0, [])
    view = _view(_match_rules(row), match, 0, {}, played)
    if view.result is None:
        return None
    return {"places": view.places, "points": list(view.result.points)}


def follow_through(session: Session, row: Tournament, match: Match) -> None:
    """After `match`'s result changed: later knockout rounds follow, Swiss rounds are told."""
    session.flush()
    tournament = load(session, row.id)
    number = _round_of(tournament, match.id or 0)
    if number is None or number >= len(tournament.rounds):
        return
    if tournament.row.format == SWISS:
        acting.warn(msg(N_("Round {n} was paired on the results before this change: it stays "
                           "as paired."), n=number + 1))
    elif tournament.stage == KNOCKOUT and number <= tournament.group_rounds:
        acting.warn(msg(N_("The knockout was drawn on the group results before this change: "
                           "it stays as drawn.")))
    elif tournament.in_bracket:
        apply(session, tournament, plan(tournament, match.id or 0))


def plan(tournament: TournamentView, changed: int) -> Plan:
    """What the change of this knockout match's result does to the later matches (a double
    elimination's: in both brackets and the final; a groups then knockout's: in its knockout)."""
    views = {m.row.id: m for r in tournament.rounds[tournament.group_rounds:] for m in r}
    if tournament.double:
        return [(views[match_id], None if sides is None else list(sides))
                for match_id, sides in double_bracket.follow(tournament, changed)]
    seated = [cascade.Seated(m.row.id, m.round, m.row.table, m.third_place,
                             tuple(m.row.sides), m.winner, m.loser) for m in views.values()]
    return [(views[match_id], None if sides is None else list(sides))
            for match_id, sides in cascade.follow(seated, changed, tournament.withdrawn)]


def _round_of(tournament: TournamentView, match_id: int) -> int | None:
    """The number (from 1) of the round holding the match; None when it holds none."""
    return next((number for number, matches in enumerate(tournament.rounds, start=1)
                 if any(m.row.id == match_id for m in matches)), None)


def apply(session: Session, tournament: TournamentView, changes: Plan) -> None:
    """Re-seat or take back the matches; refused (409) for a started one without cascade."""
    started = next((view for view, _ in changes if view.started), None)
    if started is not None and not acting.current().cascade:
        refusal = TournamentConflict(msg(
            N_("Round {round}, table {table} ({names}) has started: confirm the cascade to "
               "reopen it and every later match this change touches."),
            round=started.round, table=started.row.table, names=audit.sides(started.names)),
            "cascade")
        refusal.changes = describe(tournament, changes)
        raise refusal
    for view, sides in changes:
        reseat(session, tournament, view, sides)
    _drop_empty_rounds(session, tournament.row)


def reseat(session: Session, tournament: TournamentView, view: MatchView,
           sides: list[int] | None) -> None:
    """Seat these sides at the match anew (None: take it back), its games made anew; games
    already played stay stored, counted for nobody. Its table and side links end: whoever
    held them may no longer be at it. Recorded in the history."""
    row = tournament.row
    match = session.get(Match, view.row.id)
    assert match is not None
    stored = _detach(session, row, view)
    old = {"sides": list(view.row.sides), "names": view.names, "games": stored}
    if sides is None:
        audit.record(session, row, "take_back", match=match, before=old)
        audit.record(session, row, "links_replaced", match=match)
        retire_side_keys(session, match)
        session.delete(match)
        return
    match.sides, match.manual, match.confirmation = sides, None, None
    give_new_keys(session, match)
    audit.record(session, row, "reseat", match=match, before=old,
                 after={"sides": sides, "names": audit.entrant_names(session, sides)})
    audit.record(session, row, "links_replaced", match=match)
    if tournament.withdrawn & set(sides):
        walk_over(session, row, match, tournament.withdrawn)
    session.flush()
    settle(session, row, match)


def describe(tournament: TournamentView, changes: Plan) -> list[Msg]:
    """Each change as a sentence, for the director to read before confirming it."""
    names = tournament.names
    said = []
    for view, sides in changes:
        where = {"round": view.round, "table": view.row.table,
                 "before": audit.sides(view.names)}
        if sides is None and view.started:
            said.append(msg(N_("Round {round}, table {table}: {before} is taken back, to be "
                               "paired again once the matches before it are decided; its "
                               "games are kept, counted for nobody."), **where))
            continue
        if sides is None:
            said.append(msg(N_("Round {round}, table {table}: {before} is taken back, to be "
                               "paired again."), **where))
            continue
        after = audit.sides([names.get(s, "?") for s in sides])
        if view.started:
            said.append(msg(N_("Round {round}, table {table}: {before} becomes {after}; its "
                               "games are kept, counted for nobody."), **where, after=after))
        else:
            said.append(msg(N_("Round {round}, table {table}: {before} becomes {after}."),
                            **where, after=after))
    return said


def _detach(session: Session, row: Tournament, view: MatchView) -> list[str]:
    """Games nobody started are removed; the others are kept, counted for nobody (out of the
    match, and closed to the table's key). Returns the kept games' ids."""
    removed = _remove(session, row, _not_started(session, view.games))
    kept = [g for g in view.games if g.id not in removed]
    if kept:
        ids = [g.id for g in kept]
        session.exec(delete(MatchGame).where(col(MatchGame.game_id).in_(ids)))
        # Their boards no longer show the match: they move on.
        session.exec(update(Game).where(col(Game.id).in_(ids))
                     .values(edit_key_hash=keys.hash_key(keys.new_key()),
                             board_revision=Game.board_revision + 1))
    return [g.id for g in kept]


def _drop_empty_rounds(session: Session, row: Tournament) -> None:
    session.flush()
    used = set(session.exec(select(Match.round_id).where(Match.tournament_id == row.id)))
    for found in session.exec(select(Round).where(Round.tournament_id == row.id)):
        if found.id not in used:
            session.delete(found)
