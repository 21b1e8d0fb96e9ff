"""Seasons: evenings (tournaments) of one game, the places' points of each, the best
`count_best` counted, attendance (companion/tournament/season.py does the counting).

An evening counts once it is finished: every round played and no result waiting for the
losing side's confirmation. Until then it is "in progress" and gives nothing yet. A
tournament deleted by its director stops counting while it is deleted ("deleted"), and
counts again once restored. Every read recomputes from the tournaments as they stand, so a
tournament added, removed, corrected or restored is reflected at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlmodel import Session, col, select

from ..inputs import event_name
from ..models import utcnow
from ..models_season import Season, SeasonEvent
from ..models_tournament import Tournament
from ..rules.catalogue import GAMES, get_game
from ..rules.messages import N_, Problems, RuleError, msg
from ..tournament.season import DEFAULT_POINTS, Evening, Placed, Standing, standings
from . import csv_file, keys
from .tournament_status import knockout_standings
from .tournaments import TournamentView, load, rankings

MAX_COUNT_BEST = 100
MAX_PLACES = 64  # places a points table may name
MAX_PLACE_POINTS = 1000
MAX_EVENTS = 100  # tournaments in one season
State = Literal["finished", "in_progress", "deleted"]
FINISHED: State = "finished"
IN_PROGRESS: State = "in_progress"
DELETED: State = "deleted"


class SeasonNotFound(LookupError):
    """No season has that id."""


class SeasonRefusal(RuleError):
    """A change to a season's evenings refused, with the HTTP status it is answered with."""

    def __init__(self, status: int, message: Any, field: str | None = "tournament") -> None:
        super().__init__(message, field)
        self.status = status


@dataclass(frozen=True)
class EventView:
    """A tournament of the season: its name, how many entrants, and where it stands."""

    tournament: str
    name: str
    state: State
    entrants: int


@dataclass(frozen=True)
class SeasonView:
    row: Season
    events: list[EventView]
    standings: list[Standing]

    @property
    def points(self) -> list[int]:
        return [int(p) for p in self.row.points]


# --- Setting up -----------------------------------------------------------------------------

def create_season(session: Session, name: Any, game: Any, count_best: Any,
                  points: Any = None) -> tuple[SeasonView, str]:
    """A new season; returns it with its key (shown once). Every problem said at once."""
    problems = Problems()
    title = problems.read("", event_name, name, msg(N_("The season needs a name.")))
    spec = problems.read(None, _game, game)
    best = problems.read(0, _count_best, count_best)
    table: list[int] = problems.read([], _points, DEFAULT_POINTS if points is None else points)
    problems.check()
    key = keys.new_key()
    row = Season(id=keys.new_id(), name=title, game=spec.name, count_best=best,
                 points=table, key_hash=keys.hash_key(key))
    session.add(row)
    session.commit()
    return load_season(session, row.id), key


def _game(game: Any) -> Any:
    if not isinstance(game, str) or game not in GAMES:
        raise RuleError(msg(N_("The game must be one of: {choices}."),
                            choices=", ".join(GAMES)), "game")
    return get_game(game)


def _count_best(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= MAX_COUNT_BEST:
        raise RuleError(msg(N_("The evenings that count must be a whole number from {low} to "
                               "{high}."), low=1, high=MAX_COUNT_BEST), "count_best")
    return value


def _points(value: Any) -> list[int]:
    """Points by place, first place first: whole numbers, none above the one before."""
    if (not isinstance(value, list | tuple) or not 1 <= len(value) <= MAX_PLACES
            or any(type(p) is not int or not 0 <= p <= MAX_PLACE_POINTS for p in value)):
        raise RuleError(msg(N_("Points by place are 1 to {n} whole numbers from 0 to {high}, "
                               "first place first."), n=MAX_PLACES, high=MAX_PLACE_POINTS),
                        "points")
    if any(later > earlier for earlier, later in zip(value, value[1:], strict=False)):
        raise RuleError(msg(N_("A place never scores more than the place above it.")),
                        "points")
    return list(value)


# --- The season's evenings ------------------------------------------------------------------

def add_event(session: Session, season_id: str, tournament_id: Any) -> SeasonView:
    """Count a tournament of the season's game in the season."""
    row = _row(session, season_id)
    tournament = session.get(Tournament, tournament_id) if isinstance(tournament_id, str) \
        else None
    if tournament is None or tournament.deleted_at is not None:
        raise SeasonRefusal(422, msg(N_("There is no such tournament: check its address.")))
    if tournament.game != row.game:
        raise SeasonRefusal(422, msg(N_("{name} is a tournament of {game}; this season is of "
                                        "{season}."), name=tournament.name,
                                     game=get_game(tournament.game).title,
                                     season=get_game(row.game).title))
    held = _held(session, row.id)
    if tournament.id in held:
        raise SeasonRefusal(409, msg(N_("{name} is in this season already."),
                                     name=tournament.name))
    if len(held) >= MAX_EVENTS:
        raise SeasonRefusal(422, msg(N_("A season has at most {n} tournaments."),
                                     n=MAX_EVENTS))
    session.add(SeasonEvent(season_id=row.id, tournament_id=tournament.id))
    row.updated_at = utcnow()
    session.commit()
    return load_season(session, row.id)


def remove_event(session: Session, season_id: str, tournament_id: str) -> SeasonView:
    """Stop counting a tournament in the season (the tournament itself is untouched)."""
    row = _row(session, season_id)
    found = session.exec(select(SeasonEvent).where(SeasonEvent.season_id == row.id,
                                                   SeasonEvent.tournament_id == tournament_id)
                         ).first()
    if found is None:
        raise SeasonRefusal(404, msg(N_("That tournament is not in this season.")))
    session.delete(found)
    row.updated_at = utcnow()
    session.commit()
    return load_season(session, row.id)


def _row(session: Session, season_id: str) -> Season:
    row = session.get(Season, season_id, populate_existing=True)
    if row is None:
        raise SeasonNotFound(season_id)
    return row


def _held(session: Session, season_id: str) -> list[str]:
    """The season's tournaments' ids, in the order they were added."""
    return list(session.exec(select(SeasonEvent.tournament_id)
                             .where(SeasonEvent.season_id == season_id)
                             .order_by(col(SeasonEvent.id))))


# --- Reading --------------------------------------------------------------------------------

def load_season(session: Session, season_id: str) -> SeasonView:
    """The season as its tournaments stand now."""
    row = _row(session, season_id)
    events: list[EventView] = []
    evenings: list[Evening] = []
    for tournament_id in _held(session, row.id):
        stored = session.get(Tournament, tournament_id, populate_existing=True)
        if stored is None:  # purged for good: its rows go with it (ON DELETE CASCADE)
            continue
        event, evening = _event(session, stored)
        events.append(event)
        if evening is not None:
            evenings.append(evening)
    return SeasonView(row, events, standings(evenings, row.points, row.count_best))


def _event(session: Session, stored: Tournament) -> tuple[EventView, Evening | None]:
    """A tournament of the season, and its evening's places once it is finished."""
    tournament_id = stored.id
    if stored.deleted_at is not None:
        return EventView(tournament_id, stored.name, DELETED, 0), None
    tournament = load(session, tournament_id)
    entrants = len(tournament.entrants)
    if not (tournament.finished and not tournament.provisional):
        return EventView(tournament_id, stored.name, IN_PROGRESS, entrants), None
    return (EventView(tournament_id, stored.name, FINISHED, entrants),
            Evening(tournament_id, _places(tournament)))


def _places(tournament: TournamentView) -> tuple[Placed, ...]:
    """Each entrant's final place: the standings' rank (a knockout's or a double
    elimination's: the round reached);
    entrants level after every tie-breaker share it."""
    players = {e.id: tuple(e.players) for e in tournament.entrants}
    if tournament.by_bracket:
        ranks = [(r.entrant, r.rank) for r in knockout_standings(tournament)]
    else:
        ranks = [(r.entrant, r.rank) for r in rankings(tournament)]
    return tuple(Placed(players[entrant], rank) for entrant, rank in ranks
                 if entrant in players)


def names(view: SeasonView) -> dict[str, str]:
    """Each tournament's name by its id."""
    return {event.tournament: event.name for event in view.events}


def csv_text(view: SeasonView) -> str:
    """One line per player: rank, player, counted points, evenings attended, then the points
    of each finished evening (in brackets when not counted; empty when absent)."""
    finished = [e for e in view.events if e.state == FINISHED]
    header = ["rank", "player", "points", "attended", *(e.name for e in finished)]
    lines: list[list[Any]] = []
    for line in view.standings:
        by_event = {s.event: s for s in line.events}
        lines.append([line.rank, line.player, line.points, line.attended, *(
            _cell(by_event.get(e.tournament)) for e in finished)])
    return csv_file.csv_text([header, *lines])


def _cell(scored: Any) -> str | int:
    if scored is None:
        return ""
    return scored.points if scored.counted else f"({scored.points})"
