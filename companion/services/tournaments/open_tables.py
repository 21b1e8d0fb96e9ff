"""The tables not finished: which ones the director waits for, and since when each has been
quiet (its last hand entered, else the round's pairing)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, col, select

from ...models import Hand, utcnow
from ...models_tournament import Round
from .reading import ROUND_ROBIN, MatchView, TournamentView, as_utc


@dataclass(frozen=True)
class OpenTable:
    view: MatchView
    since: datetime  # its last hand, else when its round was paired (UTC)
    hands: int  # hands entered in the match so far
    quiet: int  # seconds since then, as the page is made


@dataclass(frozen=True)
class Waiting:
    """The open tables, and whether they keep round `next_round` from being paired (Swiss
    and knockout wait for every table; a round robin pairs on, its open tables behind it)."""

    tables: list[OpenTable]
    blocking: bool
    next_round: int | None


def waiting(session: Session, tournament: TournamentView) -> Waiting:
    """The tables of the round in play not finished (a round robin's: of any round)."""
    robin = tournament.row.format == ROUND_ROBIN
    rounds = tournament.rounds if robin else tournament.rounds[-1:]
    views = [m for r in rounds for m in r if not m.bye and (not m.decided or m.provisional)]
    more = tournament.rounds_left() > 0
    return Waiting(_with_times(session, tournament, views), not robin and more,
                   len(tournament.rounds) + 1 if more else None)


def _with_times(session: Session, tournament: TournamentView,
                views: list[MatchView]) -> list[OpenTable]:
    game_ids = [g.id for v in views for g in v.games]
    last = dict(session.exec(select(Hand.game_id, func.max(Hand.created_at))
                             .where(col(Hand.game_id).in_(game_ids))
                             .group_by(col(Hand.game_id))).all()) if game_ids else {}
    paired = dict(session.exec(select(Round.number, Round.created_at)
                               .where(Round.tournament_id == tournament.row.id)).all())
    tables, now = [], utcnow()
    for view in views:
        times = [last[g.id] for g in view.games if g.id in last] or [paired[view.round]]
        since = as_utc(max(times))
        tables.append(OpenTable(view, since, sum(g.hand_count for g in view.games),
                                max(0, int((now - since).total_seconds()))))
    return tables
