"""Tournaments: entrants, rounds and tables whose games are ordinary games, and standings.

Nothing is kept per process: a match's state is read from its stored games every time.
Loading a tournament also moves every match on, creating the next game of a match whose
last game has finished (the unique match/number pair stops two readers creating it twice).
"""

from __future__ import annotations

import csv
import io
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ..models import Game, utcnow
from ..models_tournament import Entrant, Match, MatchGame, Round, Tournament, TournamentEvent
from ..rules.catalogue import get_game
from ..rules.messages import N_, RuleError, msg
from ..rules.spec import GameSpec
from ..tournament import matches, pairing
from ..tournament.records import Record
from ..tournament.standings import BUCHHOLZ, TIEBREAKS, Result, Row, Scoring, standings
from . import games, keys
from .records import records as player_records
from .seating import MAX_NAME, OPPOSITE_PARTNERS
from .tournament_access import TournamentNotFound, table_key

ROUND_ROBIN, SWISS, KNOCKOUT = "round_robin", "swiss", "knockout"
FORMATS = (ROUND_ROBIN, SWISS, KNOCKOUT)
MAX_ENTRANTS = 256
MAX_NAME_LENGTH = 80
BASRA_DECIDER = 150  # RULINGS: at two games all, the deciding game is played to 150

__all__ = ["TournamentNotFound", "create_tournament", "load", "version", "next_round",
           "add_entrants", "set_result", "clear_result", "rankings", "records", "csv_text",
           "history", "match_view"]


@dataclass
class MatchView:
    """A table of a round as people see it: who, the games so far, and the result if any."""

    row: Any  # the match as a plain row: id, round_id, table, sides, manual, key_hash
    round: int
    names: list[str]
    games: list[Any]  # rows with id, finished, winners, totals
    progress: matches.Progress | None
    result: Result | None

    @property
    def bye(self) -> bool:
        return len(self.row.sides) == 1

    @property
    def decided(self) -> bool:
        return self.result is not None

    @property
    def current(self) -> Any:
        """The game being played now, if any."""
        return self.games[-1] if self.games and not self.games[-1].finished else None

    @property
    def winner(self) -> int | None:
        """The entrant who won (a bye counts), None while undecided or for a draw."""
        if self.result is None or self.result.places.count(1) != 1:
            return None
        return self.result.sides[self.result.places.index(1)]


@dataclass
class Event:
    """A tournament with its entrants and rounds, as loaded for one request."""

    row: Tournament
    spec: GameSpec
    entrants: list[Entrant]
    rounds: list[list[MatchView]]
    version: int

    @property
    def settings(self) -> dict[str, Any]:
        return self.row.settings

    @property
    def names(self) -> dict[int, str]:
        return {e.id: e.name for e in self.entrants if e.id is not None}

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def finished(self) -> bool:
        return self.started and all(m.decided for m in self.rounds[-1]) and (
            self.rounds_left() == 0)

    def rounds_left(self) -> int:
        """How many more rounds the format will pair (knockout: until one is left)."""
        total = self.settings.get("rounds") or 0
        if self.row.format == KNOCKOUT:
            if not self.rounds:
                return max(1, (len(self.entrants) - 1).bit_length())
            alive = [m.winner for m in self.rounds[-1]]
            return 0 if len(alive) <= 1 else (len(alive) - 1).bit_length()
        return max(0, total - len(self.rounds))


# --- Creating ----------------------------------------------------------------------------

def create_tournament(session: Session, name: Any, game: Any, rules: Any, format: Any,
                      entrants: Any = None, settings: Any = None) -> tuple[Event, str]:
    """A new tournament with frozen rules; returns it with the director key (shown once)."""
    spec = get_game(game)
    resolved = spec.resolve(rules)
    title = _clean_name(name)
    if format not in FORMATS:
        raise RuleError(msg(N_("The format must be one of: {choices}."),
                            choices=", ".join(FORMATS)), "format")
    checked = _settings(spec, format, settings if settings is not None else {})
    key = keys.new_key()
    row = Tournament(id=keys.new_id(), name=title, game=spec.name, rules=resolved,
                     format=format, settings=checked, director_key_hash=keys.hash_key(key))
    session.add(row)
    session.add(TournamentEvent(tournament_id=row.id, version=1, action="create"))
    session.flush()
    if entrants:
        _add(session, row, spec, entrants, [])
    session.commit()
    return load(session, row.id), key


def _clean_name(name: Any) -> str:
    title = " ".join(name.split()) if isinstance(name, str) else ""
    if not title:
        raise RuleError(msg(N_("The tournament needs a name.")), "name")
    if len(title) > MAX_NAME_LENGTH:
        raise RuleError(msg(N_("A name can be at most {n} characters."), n=MAX_NAME_LENGTH),
                        "name")
    return title


def _settings(spec: GameSpec, format: str, raw: Any) -> dict[str, Any]:
    """Best of N, rounds, table size, points and tie-breakers, with each game's defaults."""
    if not isinstance(raw, dict):
        raise RuleError(msg(N_("settings must be an object.")), "settings")
    size = _number(raw, "table_size", 2, 2, 5)
    partnerships = spec.partnerships == "always" or raw.get("partnerships") is True
    _check_table(spec, format, size, partnerships)
    best_of = _number(raw, "best_of", 5 if spec.name == "basra" and size == 2 else 1, 1, 9)
    if size == 2 and best_of % 2 == 0:
        raise RuleError(msg(N_("A match is best of an odd number of games: 1, 3, 5...")),
                        "best_of")
    decider = BASRA_DECIDER if spec.name == "basra" and size == 2 and best_of > 1 else None
    points = raw.get("points") or {}
    default_breaks = [BUCHHOLZ, *TIEBREAKS[:3]] if format == SWISS else list(TIEBREAKS[:3])
    tiebreaks = raw.get("tiebreaks", default_breaks)
    if not isinstance(tiebreaks, list) or any(t not in TIEBREAKS for t in tiebreaks):
        raise RuleError(msg(N_("Tie-breakers are a list of: {choices}."),
                            choices=", ".join(TIEBREAKS)), "tiebreaks")
    return {
        "table_size": size, "partnerships": partnerships, "best_of": best_of,
        "decider_target": _number(raw, "decider_target", decider, 1, 100000) if decider
        else None,
        "rounds": _number(raw, "rounds", 0, 0, 50),
        "points": {kind: _number(points, kind, default, -100, 100)
                   for kind, default in (("win", 2), ("draw", 1), ("loss", 0))},
        "tiebreaks": list(dict.fromkeys(tiebreaks)),
    }


def _check_table(spec: GameSpec, format: str, size: int, partnerships: bool) -> None:
    if size > 2 and (format != ROUND_ROBIN or partnerships or size not in spec.player_counts):
        raise RuleError(msg(N_("Tables of {size} are for a round robin of single players in a "
                               "game that seats {size}."), size=size), "table_size")
    if partnerships and spec.partnerships == "never":
        raise RuleError(msg(N_("{game} has no partnerships."), game=spec.title), "partnerships")


def _number(raw: dict[str, Any], name: str, default: Any, low: int, high: int) -> Any:
    value = raw.get(name, default)
    if value is None or value == default:
        return default
    if type(value) is not int or not low <= value <= high:
        raise RuleError(msg(N_("{field} must be a whole number from {low} to {high}."),
                            field=name, low=low, high=high), name)
    return value


# --- Entrants ----------------------------------------------------------------------------

def add_entrants(session: Session, tournament_id: str, entrants: Any) -> Event:
    """Add players or partnerships before the first round; names stay unique."""
    event = load(session, tournament_id)
    if event.started:
        raise RuleError(msg(N_("The first round has started: entrants can no longer be "
                               "added.")), "entrants")
    _bump(session, event.row)
    _add(session, event.row, event.spec, entrants, event.entrants)
    session.commit()
    return load(session, tournament_id)


def _add(session: Session, row: Tournament, spec: GameSpec, raw: Any,
         existing: list[Entrant]) -> None:
    if not isinstance(raw, list) or not raw:
        raise RuleError(msg(N_("entrants must be a list of names.")), "entrants")
    team = 2 if row.settings["partnerships"] else 1
    taken = {p.casefold() for e in existing for p in e.players}
    added = []
    for item in raw:
        players = _players(item, team)
        clash = next((p for p in players if p.casefold() in taken), None)
        if clash:
            raise RuleError(msg(N_("{name} is entered twice."), name=clash), "entrants")
        taken.update(p.casefold() for p in players)
        added.append(players)
    if len(existing) + len(added) > MAX_ENTRANTS:
        raise RuleError(msg(N_("A tournament has at most {n} entrants."), n=MAX_ENTRANTS),
                        "entrants")
    for seed, players in enumerate(added, start=len(existing) + 1):
        session.add(Entrant(tournament_id=row.id, seed=seed, name=" & ".join(players),
                            players=players))
    session.add(TournamentEvent(tournament_id=row.id, version=row.version, action="entrants",
                                after={"entrants": [" & ".join(p) for p in added]}))


def _players(item: Any, team: int) -> list[str]:
    """One entrant: a name, or a partnership as "A & B" or ["A", "B"]."""
    parts = item.split("&") if isinstance(item, str) else item
    if not isinstance(parts, list) or not all(isinstance(p, str) for p in parts):
        raise RuleError(msg(N_("entrants must be a list of names.")), "entrants")
    names = [" ".join(p.split()) for p in parts]
    if len(names) != team or not all(names):
        raise RuleError(msg(N_("Each entrant is a partnership of two players, like "
                               "\"Ali & Bahar\".")) if team == 2 else
                        msg(N_("Each entrant is one player with a name.")), "entrants")
    if any(len(n) > MAX_NAME for n in names):
        raise RuleError(msg(N_("A name can be at most {n} characters."), n=MAX_NAME),
                        "entrants")
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError(msg(N_("{name} is entered twice."), name=names[0]), "entrants")
    return names


# --- Loading and moving matches on ---------------------------------------------------------

def version(session: Session, tournament_id: str) -> int:
    """Changes whenever the tournament or any of its games changes: one cheap query."""
    games_sum = (select(func.coalesce(func.sum(Game.version), 0))
                 .join(MatchGame, col(MatchGame.game_id) == col(Game.id))
                 .where(MatchGame.tournament_id == tournament_id).scalar_subquery())
    value = session.exec(select(col(Tournament.version) + games_sum)
                         .where(Tournament.id == tournament_id)).first()
    if value is None:
        raise TournamentNotFound(tournament_id)
    return int(value)


def load(session: Session, tournament_id: str, advance: bool = True) -> Event:
    """The tournament as it stands; with `advance`, next games are created first."""
    row = session.get(Tournament, tournament_id, populate_existing=True)
    if row is None:
        raise TournamentNotFound(tournament_id)
    spec = get_game(row.game)
    entrants = list(session.exec(select(Entrant).where(Entrant.tournament_id == row.id)
                                 .order_by(col(Entrant.seed))))
    names = {e.id: e.name for e in entrants}
    numbers = {r.id: r.number for r in session.exec(
        select(Round).where(Round.tournament_id == row.id))}
    # Plain rows, not ORM objects: a long event has hundreds of matches and games.
    rows = session.exec(select(Match.id, Match.round_id, Match.table, Match.sides, Match.manual,
                               Match.key_hash, Match.tournament_id)
                        .where(Match.tournament_id == row.id)
                        .order_by(col(Match.round_id), col(Match.table))).all()
    played = _games_by_match(session, row.id)
    rules = _MatchRules(row.settings["best_of"], row.rules["target"],
                        row.settings["decider_target"])
    views = [_view(rules, m, numbers[m.round_id], names, played.get(m.id, [])) for m in rows]
    if advance and any(_wants_game(row, v) for v in views):
        _start_games(session, row, spec, [v for v in views if _wants_game(row, v)])
        return load(session, tournament_id, advance=False)
    rounds: list[list[MatchView]] = [[] for _ in numbers]
    for view in views:
        rounds[view.round - 1].append(view)
    return Event(row, spec, entrants, rounds, version(session, row.id))


def _games_by_match(session: Session, tournament_id: str) -> dict[int, list[Any]]:
    """Per match, its live games as plain rows (id, finished, winners, totals), in order."""
    query = (select(MatchGame.match_id, Game.id, Game.finished, Game.winners, Game.totals)
             .join(Game, col(Game.id) == col(MatchGame.game_id))
             .where(MatchGame.tournament_id == tournament_id, col(Game.deleted_at).is_(None))
             .order_by(col(MatchGame.match_id), col(MatchGame.number)))
    found: dict[int, list[Any]] = {}
    for row in session.exec(query):
        found.setdefault(row[0], []).append(row)
    return found


@dataclass(frozen=True)
class _MatchRules:
    best_of: int
    target: int
    decider_target: int | None


def _view(rules: _MatchRules, match: Any, number: int, names: dict[Any, str],
          played: list[Any]) -> MatchView:
    sides = tuple(match.sides)
    progress = None if len(sides) == 1 else _progress(rules, len(sides), played)
    if match.manual:
        result = Result(sides, tuple(match.manual["places"]), tuple(match.manual["points"]))
    elif len(sides) == 1:
        result = Result(sides, (1,), (0,))
    elif progress is not None and progress.finished:
        result = Result(sides, tuple(progress.places), tuple(_points(played, len(sides))))
    else:
        result = None
    return MatchView(match, number, [names.get(s, "?") for s in sides], played, progress,
                     result)


def _progress(rules: _MatchRules, sides: int, played: list[Any]) -> matches.Progress:
    finished = [g for g in played if g.finished]
    if sides == 2:
        return matches.head_to_head([g.winners for g in finished], rules.best_of, rules.target,
                                    rules.decider_target)
    return matches.table([g.winners for g in finished], [g.totals for g in finished], sides,
                         rules.best_of, rules.target)


def _points(played: list[Any], sides: int) -> list[int]:
    return [sum(g.totals[side] for g in played) for side in range(sides)]


def _wants_game(row: Tournament, view: MatchView) -> bool:
    return not view.bye and view.result is None and view.current is None


def _start_games(session: Session, row: Tournament, spec: GameSpec,
                 views: list[MatchView]) -> None:
    """Start the next game of every match that wants one, in one transaction.

    Two phones reading the tournament at once may both try: the second one's games collide
    with the first one's on the match's game numbers and are simply not kept.
    """
    try:
        for view in views:
            _start_game(session, row, spec, view)
        session.commit()
    except IntegrityError:
        session.rollback()


def _start_game(session: Session, row: Tournament, spec: GameSpec, view: MatchView) -> None:
    """Create the match's next game, under the table's key (the caller commits)."""
    number = len(view.games) + 1
    target = view.progress.next_target if view.progress else None
    entrants = session.exec(select(Entrant).where(col(Entrant.id).in_(view.row.sides))).all()
    by_id = {e.id: e.players for e in entrants}
    players, teams = _seats([by_id[s] for s in view.row.sides])
    table, _ = games.create_game(session, spec.name, row.rules, players, teams, target,
                                 (number - 1) % len(players), commit=False)
    table.row.edit_key_hash = view.row.key_hash
    session.add(table.row)
    session.add(MatchGame(match_id=view.row.id, game_id=table.row.id, tournament_id=row.id,
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

def next_round(session: Session, tournament_id: str, director: str) -> Event:
    """Pair the next round by the format and start its games."""
    event = load(session, tournament_id)
    _bump(session, event.row)
    pairs = _pairings(event)
    number = len(event.rounds) + 1
    round_row = Round(tournament_id=event.row.id, number=number)
    session.add(round_row)
    session.flush()
    for table, sides in enumerate(pairs, start=1):
        match = Match(tournament_id=event.row.id, round_id=round_row.id or 0, table=table,
                      sides=[s for s in sides if s is not None], key_hash="")
        session.add(match)
        session.flush()
        match.key_hash = keys.hash_key(table_key(director, match.id or 0))
    session.add(TournamentEvent(tournament_id=event.row.id, version=event.row.version,
                                action="round", after={"round": number,
                                                       "tables": len(pairs)}))
    session.commit()
    return load(session, tournament_id)


def _pairings(event: Event) -> list[tuple[int | None, ...]]:
    ids = [e.id for e in event.entrants if e.id is not None]
    if len(ids) < 2:
        raise RuleError(msg(N_("A tournament needs at least two entrants.")), "entrants")
    if event.row.format != ROUND_ROBIN and event.rounds and not all(
            m.decided for m in event.rounds[-1]):
        raise RuleError(msg(N_("Round {n} is not finished yet: every table needs its "
                               "result first."), n=len(event.rounds)), "round")
    if event.started and event.rounds_left() == 0:
        raise RuleError(msg(N_("Every round has been played.")), "round")
    if event.row.format == KNOCKOUT:
        return _knockout(event, ids)
    if event.row.format == SWISS:
        return _swiss(event, ids)
    return _round_robin(event, ids)


def _round_robin(event: Event, ids: list[int]) -> list[tuple[int | None, ...]]:
    settings = event.row.settings
    if settings["table_size"] == 2:
        schedule = [list(r) for r in pairing.round_robin(ids)]
    else:
        if "plan" not in settings:
            rounds = settings["rounds"] or -(-(len(ids) - 1) // (settings["table_size"] - 1))
            largest = max(event.spec.player_counts)
            try:
                plan = pairing.seatings(ids, settings["table_size"], rounds,
                                        zlib.crc32(event.row.id.encode()), 3, largest)
            except ValueError:
                raise RuleError(msg(N_("{n} entrants cannot be seated at tables of 3 to "
                                       "{largest}."), n=len(ids), largest=largest),
                                "entrants") from None
            event.row.settings = {**settings, "plan": plan, "rounds": rounds}
        schedule = [[tuple(t) for t in r] for r in event.row.settings["plan"]]
    if not event.started:
        event.row.settings = {**event.row.settings, "rounds": len(schedule)}
    return schedule[len(event.rounds)]


def _swiss(event: Event, ids: list[int]) -> list[tuple[int | None, ...]]:
    if not event.row.settings["rounds"]:
        event.row.settings = {**event.row.settings, "rounds": max(1, (len(ids) - 1).bit_length())}
    order = [row.entrant for row in rankings(event)]
    played = {frozenset(m.row.sides) for r in event.rounds for m in r if not m.bye}
    byes = Counter(m.row.sides[0] for r in event.rounds for m in r if m.bye)
    return list(pairing.swiss(order, played, byes))


def _knockout(event: Event, ids: list[int]) -> list[tuple[int | None, ...]]:
    if not event.rounds:
        return list(pairing.knockout_first_round(ids))
    winners = [m.winner for m in event.rounds[-1]]
    if any(w is None for w in winners):
        raise RuleError(msg(N_("A knockout match needs a winner: correct the drawn result "
                               "first.")), "round")
    return list(pairing.knockout_next_round([w for w in winners if w is not None]))


def _bump(session: Session, row: Tournament) -> None:
    """Take the tournament's lock (first statement) and move its version on."""
    session.exec(update(Tournament).where(col(Tournament.id) == row.id)
                 .values(version=Tournament.version + 1, updated_at=utcnow()))
    session.refresh(row)


# --- Results by hand -----------------------------------------------------------------------

def set_result(session: Session, tournament_id: str, match_id: int, places: Any, points: Any,
               reason: Any) -> Event:
    """The director enters or corrects a result; the reason goes into the history."""
    event = load(session, tournament_id)
    view = match_view(event, match_id)
    sides = len(view.row.sides)
    places = _places(places, sides, event.row.format == KNOCKOUT)
    if points is None:
        points = _points(view.games, sides)
    if (not isinstance(points, list) or len(points) != sides
            or any(type(p) is not int for p in points)):
        raise RuleError(msg(N_("Give one whole number of game points per side.")), "points")
    return _record(session, event, view, {"places": places, "points": points}, reason)


def clear_result(session: Session, tournament_id: str, match_id: int, reason: Any) -> Event:
    """Drop a hand-entered result: the games decide the match again."""
    event = load(session, tournament_id)
    return _record(session, event, match_view(event, match_id), None, reason)


def _places(places: Any, sides: int, knockout: bool) -> list[int]:
    if (not isinstance(places, list) or len(places) != sides
            or any(type(p) is not int or not 1 <= p <= sides for p in places)
            or 1 not in places):
        raise RuleError(msg(N_("Give each side's place: 1 for the winner, the same place "
                               "for a draw.")), "places")
    if knockout and places.count(1) > 1:
        raise RuleError(msg(N_("A knockout match cannot be drawn: choose the winner.")),
                        "places")
    return places


def match_view(event: Event, match_id: int) -> MatchView:
    """A match of the event (not a bye); TournamentNotFound for any other id."""
    for view in (v for r in event.rounds for v in r):
        if view.row.id == match_id and not view.bye:
            return view
    raise TournamentNotFound(f"match {match_id}")


def _record(session: Session, event: Event, view: MatchView, manual: dict | None,
            reason: Any) -> Event:
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError(msg(N_("Say why the result is set by hand: the reason goes into the "
                               "tournament's history.")), "reason")
    before = view.row.manual
    _bump(session, event.row)
    match = session.get(Match, view.row.id)
    assert match is not None
    match.manual = manual
    session.add(match)
    session.add(TournamentEvent(
        tournament_id=event.row.id, version=event.row.version,
        action="result" if manual else "clear_result", match_id=match.id,
        before=before or _computed(view), after=manual, reason=reason.strip()[:500]))
    session.commit()
    return load(session, event.row.id)


def _computed(view: MatchView) -> dict[str, Any] | None:
    return ({"places": list(view.result.places), "points": list(view.result.points)}
            if view.result else None)


def history(session: Session, tournament_id: str) -> list[TournamentEvent]:
    return list(session.exec(select(TournamentEvent)
                             .where(TournamentEvent.tournament_id == tournament_id)
                             .order_by(col(TournamentEvent.id).desc())))


# --- Standings and records -----------------------------------------------------------------

def scoring(event: Event) -> Scoring:
    points = event.settings["points"]
    return Scoring(points["win"], points["draw"], points["loss"],
                   tuple(event.settings["tiebreaks"]))


def rankings(event: Event) -> list[Row]:
    results = [m.result for r in event.rounds for m in r if m.result is not None]
    return standings(event.names, results, scoring(event))


def csv_text(event: Event, rows: list[Row]) -> str:
    """The standings as CSV: one line per entrant, tie-breakers in the event's order."""
    out = io.StringIO()
    writer = csv.writer(out)
    breaks = event.settings["tiebreaks"]
    writer.writerow(["rank", "entrant", "played", "won", "drawn", "lost", "points",
                     *breaks, "decided_by"])
    for row in rows:
        writer.writerow([row.rank, row.name, row.played, row.won, row.drawn, row.lost,
                         row.points, *("" if row.tiebreaks.get(b) is None else row.tiebreaks[b]
                                       for b in breaks), row.decided_by or ""])
    return out.getvalue()


def records(session: Session, event: Event) -> list[Record]:
    """Each player's games in this tournament, scored from the stored hands."""
    ids = [g.id for r in event.rounds for m in r for g in m.games]
    played = list(session.exec(select(Game).where(col(Game.id).in_(ids))
                               .order_by(col(Game.created_at))
                               .execution_options(populate_existing=True))) if ids else []
    return player_records(session, played)
