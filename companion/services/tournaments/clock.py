"""The round clock: the director starts the round's time, pauses, resumes or stops it.

The clock belongs to the round paired last: pairing the next round leaves it behind (no
clock until the director starts one). It is stored as when it ends while it runs, and as the
seconds left while it is paused, so every page works out the same time left from it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from ...models import utcnow
from ...models_tournament import MatchGame, Round, Tournament
from ...rules.messages import N_, RuleError, msg
from .. import acting
from . import audit
from .playing import bump
from .reading import TournamentConflict, TournamentView, load

MAX_MINUTES = 300  # five hours: more than any round is given
ACTIONS = ("pause", "resume", "stop")


@dataclass(frozen=True)
class Clock:
    """The clock as a page shows it: running or paused, when it ends, the seconds left."""

    running: bool
    ends_at: datetime
    remaining: int

    @property
    def up(self) -> bool:
        return self.remaining == 0


def shown(tournament: TournamentView, now: datetime | None = None) -> Clock | None:
    """The clock of the round paired last, if the director started one."""
    return of_row(tournament.row, len(tournament.rounds), now)


def of_row(row: Tournament, rounds: int, now: datetime | None = None) -> Clock | None:
    """The clock stored on the tournament, if it belongs to round `rounds`."""
    stored = row.clock
    if not stored or stored.get("round") != rounds:
        return None
    now = now or utcnow()
    if stored["running"]:
        ends = datetime.fromisoformat(stored["ends_at"])
        return Clock(True, ends, max(0, math.ceil((ends - now).total_seconds())))
    remaining = int(stored["remaining"])
    return Clock(False, now + timedelta(seconds=remaining), remaining)


def of_game(session: Session, game_id: str) -> Clock | None:
    """The clock of the tournament whose table plays this game, if it runs one."""
    row = session.exec(select(Tournament).join(
        MatchGame, col(MatchGame.tournament_id) == col(Tournament.id))
        .where(MatchGame.game_id == game_id)).first()
    if row is None or not row.clock:
        return None
    rounds = session.exec(select(func.count()).select_from(Round)
                          .where(Round.tournament_id == row.id)).one()
    return of_row(row, rounds)


def set_clock(session: Session, tournament_id: str, data: dict[str, Any]) -> TournamentView:
    """Start the round's clock (`minutes`), or `action` pause, resume or stop it."""
    tournament = load(session, tournament_id)
    if "action" in data:
        action, minutes = data["action"], None
        if action not in ACTIONS:
            raise RuleError(msg(N_("The clock's action is pause, resume or stop.")), "action")
    else:
        action, minutes = "start", _minutes(data.get("minutes"))
    if not any(not m.decided for r in tournament.rounds for m in r):
        raise TournamentConflict(msg(N_("No round is being played: pair a round first, then "
                                        "start its clock.")), "clock")
    now = utcnow()
    stored = _changed(shown(tournament, now), action, minutes, now)
    bump(session, tournament.row)
    tournament.row.clock = stored and {**stored, "round": len(tournament.rounds)}
    session.add(tournament.row)
    audit.record(session, tournament.row, "clock", by=acting.DIRECTOR,
                 after={"action": action, "minutes": minutes})
    session.commit()
    return load(session, tournament_id)


def _minutes(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= MAX_MINUTES:
        raise RuleError(msg(N_("Give the round's time as a whole number of minutes, from 1 "
                               "to {most}."), most=MAX_MINUTES), "minutes")
    return value


def _changed(clock: Clock | None, action: str, minutes: int | None,
             now: datetime) -> dict[str, Any] | None:
    """The clock to store after `action`; a sentence when it cannot apply to this clock."""
    if action == "start":
        assert minutes is not None
        return _running(now + timedelta(minutes=minutes))
    if clock is None:
        raise TournamentConflict(msg(N_("The round's clock has not been started: start it "
                                        "with the round's minutes.")), "action")
    if action == "stop":
        return None
    if action == "pause":
        if not clock.running:
            raise TournamentConflict(msg(N_("The clock is paused already.")), "action")
        return {"running": False, "remaining": clock.remaining}
    if clock.running:
        raise TournamentConflict(msg(N_("The clock is running already.")), "action")
    return _running(now + timedelta(seconds=clock.remaining))


def _running(ends: datetime) -> dict[str, Any]:
    return {"running": True, "ends_at": ends.astimezone(UTC).isoformat()}
