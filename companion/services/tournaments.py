"""Tournaments: entrants, rounds and tables whose games are ordinary games, and standings.

Nothing is kept per process: a match's state is read from its stored games every time.
Reading never writes: a match's next game is created in the transaction of the change that
calls for it (pairing the round, finishing the game before it, clearing a result set by hand).
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from ..models import Game, PlayAlong, utcnow
from ..models_tournament import Entrant, Match, MatchGame, Round, Tournament, TournamentEvent
from ..rules.catalogue import get_game
from ..rules.messages import N_, RuleError, msg
from ..rules.spec import GameSpec
from ..tournament import bracket, confirmation, matches, pairing
from ..tournament.records import Record
from ..tournament.standings import BUCHHOLZ, TIEBREAKS, Result, Row, Scoring, standings
from . import csv_file, games, keys
from .records import records as player_records
from .seating import MAX_NAME, OPPOSITE_PARTNERS
from .tournament_access import TournamentNotFound, table_key

ROUND_ROBIN, SWISS, KNOCKOUT = "round_robin", "swiss", "knockout"
FORMATS = (ROUND_ROBIN, SWISS, KNOCKOUT)
MAX_ENTRANTS = 256
MAX_NAME_LENGTH = 80

__all__ = ["TournamentNotFound", "create_tournament", "load", "version", "next_round",
           "add_entrants", "set_result", "clear_result", "rankings", "records", "csv_text",
           "history", "match_view", "game_match", "match_of"]


@dataclass
class MatchView:
    """A table of a round as people see it: who, the games so far, and the result if any."""

    row: Any  # the match as a plain row: id, round_id, table, sides, manual, key_hash
    round: int
    names: list[str]
    games: list[Any]  # rows with id, finished, winners, totals
    progress: matches.MatchProgress | None
    result: Result | None
    asks_confirmation: bool = False  # the tournament's confirm_results setting

    @property
    def bye(self) -> bool:
        return len(self.row.sides) == 1

    @property
    def decided(self) -> bool:
        return self.result is not None

    @property
    def current(self) -> Any:
        """The game being played now, if any: the first one not finished."""
        return next((game for game in self.games if not game.finished), None)

    @property
    def winner(self) -> int | None:
        """The entrant who won (a bye counts), None while undecided or for a draw."""
        if self.result is None or self.result.places.count(1) != 1:
            return None
        return self.result.sides[self.result.places.index(1)]

    @property
    def word(self) -> str | None:
        """The sides' word on the result as it stands: confirmed, disputed, or None."""
        if self.result is None:
            return None
        return confirmation.standing(self.row.confirmation, self.result.places,
                                     self.result.points)

    @property
    def provisional(self) -> bool:
        """Decided by the games, and waiting for the side that lost to confirm it."""
        return (self.asks_confirmation and self.result is not None and not self.bye
                and not self.row.manual and self.word != confirmation.CONFIRMED)

    @property
    def dispute(self) -> dict[str, Any] | None:
        """The dispute of the result as it stands (side, reason, hands), if any."""
        return self.row.confirmation if self.word == confirmation.DISPUTED else None

    @property
    def confirmers(self) -> list[int]:
        """The sides whose word the result waits for (none once it is no longer provisional)."""
        return confirmation.confirmers(self.result.places) if (
            self.provisional and self.result) else []

    @property
    def disputed_hands(self) -> list[tuple[int, str, int]]:
        """The hands in question: (the game's number in the match, its id, the hand's)."""
        numbers = {game.id: number for number, game in enumerate(self.games, start=1)}
        return [(numbers[hand["game"]], hand["game"], hand["number"])
                for hand in (self.dispute or {}).get("hands", []) if hand["game"] in numbers]

    @property
    def confirmer_names(self) -> list[str]:
        return [self.names[side] for side in self.confirmers]

    @property
    def live_wins(self) -> list[int]:
        """Games won per side so far (none for a bye)."""
        return self.progress.wins if self.progress else []


@dataclass
class TournamentView:
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
    def current_round(self) -> int:
        """The round being played (1-based): the first with a match undecided, else the last;
        0 before the first round."""
        return next((number for number, r in enumerate(self.rounds, start=1)
                     if not all(m.decided for m in r)), len(self.rounds))

    @cached_property
    def provisional(self) -> set[int]:
        """The entrants with a result still waiting for confirmation."""
        return {side for r in self.rounds for m in r if m.provisional for side in m.row.sides}

    def knockout_rounds(self) -> list[list[bracket.Played]]:
        """The knockout's rounds for its bracket: a match waiting for confirmation has no
        winner yet."""
        return [[bracket.Played(m.row.id, tuple(m.row.sides),
                                None if m.provisional else m.winner) for m in r]
                for r in self.rounds] if self.row.format == KNOCKOUT else []

    @property
    def champion(self) -> int | None:
        """The knockout's winner, once its final is decided and confirmed."""
        return bracket.champion(self.knockout_rounds())

    def winner(self, rows: Sequence[Row]) -> int | None:
        """Who won: a knockout's champion; else, once every result is in and confirmed, the
        entrant alone at the top of the standings."""
        if self.row.format == KNOCKOUT:
            return self.champion
        over = self.finished and all(m.decided for r in self.rounds for m in r)
        if not over or self.provisional or not rows:
            return None
        return rows[0].entrant if len(rows) == 1 or rows[1].rank > rows[0].rank else None

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
                      entrants: Any = None, settings: Any = None) -> tuple[TournamentView, str]:
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
    if entrants not in (None, []):  # anything else but a list of names is a 400
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
    # Two sides of a game played as matches play a whole match (Basra: best of 5).
    best_of = _number(raw, "best_of", spec.match_games if size == 2 else 1, 1, 9)
    if size == 2 and best_of % 2 == 0:
        raise RuleError(msg(N_("A match is best of an odd number of games: 1, 3, 5...")),
                        "best_of")
    decider = spec.decider_target if size == 2 and best_of > 1 else None
    points = raw.get("points") or {}
    default_breaks = [BUCHHOLZ, *TIEBREAKS[:3]] if format == SWISS else list(TIEBREAKS[:3])
    tiebreaks = raw.get("tiebreaks", default_breaks)
    if not isinstance(tiebreaks, list) or any(t not in TIEBREAKS for t in tiebreaks):
        raise RuleError(msg(N_("Tie-breakers are a list of: {choices}."),
                            choices=", ".join(TIEBREAKS)), "tiebreaks")
    confirm = raw.get("confirm_results", False)
    if type(confirm) is not bool:
        raise RuleError(msg(N_("confirm_results is true or false.")), "confirm_results")
    return {
        "table_size": size, "partnerships": partnerships, "best_of": best_of,
        "decider_target": _number(raw, "decider_target", decider, 1, 100000) if decider
        else None,
        "rounds": _number(raw, "rounds", 0, 0, 50),
        "points": {kind: _number(points, kind, default, -100, 100)
                   for kind, default in (("win", 2), ("draw", 1), ("loss", 0))},
        "tiebreaks": list(dict.fromkeys(tiebreaks)),
        "confirm_results": confirm,
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

def add_entrants(session: Session, tournament_id: str, entrants: Any) -> TournamentView:
    """Add players or partnerships before the first round; names stay unique."""
    tournament = load(session, tournament_id)
    if tournament.started:
        raise RuleError(msg(N_("The first round has started: entrants can no longer be "
                               "added.")), "entrants")
    _bump(session, tournament.row)
    _add(session, tournament.row, tournament.spec, entrants, tournament.entrants)
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


# --- Loading ---------------------------------------------------------------------------------

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


def load(session: Session, tournament_id: str) -> TournamentView:
    """The tournament as it stands. Only reads: games are started by the changes that call
    for them (a round paired, a game finished, a result cleared)."""
    row = session.get(Tournament, tournament_id, populate_existing=True)
    if row is None:
        raise TournamentNotFound(tournament_id)
    spec = get_game(row.game)
    entrants = list(session.exec(select(Entrant).where(Entrant.tournament_id == row.id)
                                 .order_by(col(Entrant.seed))))
    names = {e.id: e.name for e in entrants}
    numbers = {r.id: r.number for r in session.exec(
        select(Round).where(Round.tournament_id == row.id))}
    # Plain rows, not ORM objects: a long tournament has hundreds of matches and games.
    # (sqlmodel's select() is typed for at most 4 columns, so these rows are untyped.)
    rows: Sequence[Any] = session.exec(
        select(Match.id, Match.round_id, Match.table, Match.sides,  # type: ignore[call-overload]
               Match.manual, Match.key_hash, Match.tournament_id, Match.confirmation)
        .where(Match.tournament_id == row.id)
        .order_by(col(Match.round_id), col(Match.table))).all()
    played = _game_rows(session, MatchGame.tournament_id == row.id)
    rules = _match_rules(row)
    rounds: list[list[MatchView]] = [[] for _ in numbers]
    for match in rows:
        number = numbers[match.round_id]
        rounds[number - 1].append(_view(rules, match, number, names, played.get(match.id, [])))
    return TournamentView(row, spec, entrants, rounds, version(session, row.id))


def _game_rows(session: Session, *where: Any) -> dict[int, list[Any]]:
    """Per match, its live games as plain rows (id, finished, winners, totals, hand_count,
    version), in order."""
    # sqlmodel's select() is typed for at most 4 columns
    query = (select(MatchGame.match_id, Game.id, Game.finished, Game.winners, Game.totals,  # type: ignore[call-overload]
                    Game.hand_count, Game.version)
             .join(Game, col(Game.id) == col(MatchGame.game_id))
             .where(col(Game.deleted_at).is_(None), *where)
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
    confirm: bool


def _match_rules(row: Tournament) -> _MatchRules:
    return _MatchRules(row.settings["best_of"], row.rules["target"],
                       row.settings["decider_target"],
                       row.settings.get("confirm_results", False))


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
                     result, rules.confirm)


def _progress(rules: _MatchRules, sides: int, played: list[Any]) -> matches.MatchProgress:
    finished = [g for g in played if g.finished]
    if sides == 2:
        return matches.head_to_head([g.winners for g in finished], rules.best_of, rules.target,
                                    rules.decider_target)
    return matches.table([g.winners for g in finished], [g.totals for g in finished], sides,
                         rules.best_of, rules.target)


def _points(played: list[Any], sides: int) -> list[int]:
    return [sum(g.totals[side] for g in played) for side in range(sides)]


# --- Moving a match on: in the transaction of the change that calls for it --------------------

@games.after_change
def _game_changed(session: Session, game: Game) -> None:
    """A table's game changed (saved, corrected, deleted, restored): settle its match."""
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game.id)).first()
    if link is None:
        return
    # Changes to one tournament settle one at a time, taking its row as the director's
    # changes do first (PostgreSQL; SQLite's write lock already serialises them).
    tournament = session.exec(select(Tournament).where(Tournament.id == link.tournament_id)
                              .with_for_update()).one()
    match = session.get(Match, link.match_id, populate_existing=True)
    assert match is not None
    _settle(session, tournament, match, changing=game.id)


def _settle(session: Session, row: Tournament, match: Match,
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


def game_match(session: Session, game_id: str) -> games.GameMatch | None:
    """The match of the tournament table this game is played at; None for any other game."""
    link = session.exec(select(MatchGame).where(MatchGame.game_id == game_id)).first()
    if link is None:
        return None
    match = session.get(Match, link.match_id, populate_existing=True)
    row = session.get(Tournament, link.tournament_id)
    assert match is not None and row is not None
    played = _game_rows(session, MatchGame.match_id == match.id).get(match.id or 0, [])
    view = _view(_match_rules(row), match, 0, {}, played)
    wins = view.progress.wins if view.progress else []
    places = view.result.places if view.result else ()
    return games.GameMatch.after(game_id, [g.id for g in played], wins, view.decided, places)


def match_of(session: Session, row: Game) -> games.GameMatch | None:
    """The match this game is part of: its tournament table's, else its Basra match."""
    return game_match(session, row.id) or games.standalone_match(session, row)


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
    _bump(session, tournament.row)
    pairs = _pairings(tournament)
    number = len(tournament.rounds) + 1
    round_row = Round(tournament_id=tournament.row.id, number=number)
    session.add(round_row)
    session.flush()
    for table, sides in enumerate(pairs, start=1):
        match = Match(tournament_id=tournament.row.id, round_id=round_row.id or 0, table=table,
                      sides=[s for s in sides if s is not None], key_hash="")
        session.add(match)
        session.flush()
        match.key_hash = keys.hash_key(table_key(director, match.id or 0))
        _settle(session, tournament.row, match)  # its first game
    session.add(TournamentEvent(tournament_id=tournament.row.id, version=tournament.row.version,
                                action="round", after={"round": number,
                                                       "tables": len(pairs)}))
    session.commit()
    return load(session, tournament_id)


def _pairings(tournament: TournamentView) -> list[tuple[int | None, ...]]:
    ids = [e.id for e in tournament.entrants if e.id is not None]
    if len(ids) < 2:
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
    order = [row.entrant for row in rankings(tournament)]
    played = {frozenset(m.row.sides) for r in tournament.rounds for m in r if not m.bye}
    byes = Counter(m.row.sides[0] for r in tournament.rounds for m in r if m.bye)
    return list(pairing.swiss(order, played, byes))


def _knockout(tournament: TournamentView, ids: list[int]) -> list[tuple[int | None, ...]]:
    if not tournament.rounds:
        return list(pairing.knockout_first_round(ids))
    winners = [m.winner for m in tournament.rounds[-1]]
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
               reason: Any) -> TournamentView:
    """The director enters or corrects a result; the reason goes into the history."""
    tournament = load(session, tournament_id)
    view = match_view(tournament, match_id)
    sides = len(view.row.sides)
    places = _places(places, sides, tournament.row.format == KNOCKOUT)
    if points is None:
        points = _points(view.games, sides)
    if (not isinstance(points, list) or len(points) != sides
            or any(type(p) is not int for p in points)):
        raise RuleError(msg(N_("Give one whole number of game points per side.")), "points")
    return _record(session, tournament, view, {"places": places, "points": points}, reason)


def clear_result(session: Session, tournament_id: str, match_id: int,
                 reason: Any) -> TournamentView:
    """Drop a hand-entered result: the games decide the match again."""
    tournament = load(session, tournament_id)
    return _record(session, tournament, match_view(tournament, match_id), None, reason)


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


def match_view(tournament: TournamentView, match_id: int) -> MatchView:
    """A match of the tournament (not a bye); TournamentNotFound for any other id."""
    for view in (v for r in tournament.rounds for v in r):
        if view.row.id == match_id and not view.bye:
            return view
    raise TournamentNotFound(f"match {match_id}")


def _record(session: Session, tournament: TournamentView, view: MatchView, manual: dict | None,
            reason: Any) -> TournamentView:
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError(msg(N_("Say why the result is set by hand: the reason goes into the "
                               "tournament's history.")), "reason")
    before = view.row.manual
    _bump(session, tournament.row)
    match = session.get(Match, view.row.id)
    assert match is not None
    match.manual = manual
    session.add(match)
    session.add(TournamentEvent(
        tournament_id=tournament.row.id, version=tournament.row.version,
        action="result" if manual else "clear_result", match_id=match.id,
        before=before or _computed(view), after=manual, reason=reason.strip()[:500]))
    _settle(session, tournament.row, match)  # a cleared result may call for the next game
    session.commit()
    return load(session, tournament.row.id)


def _computed(view: MatchView) -> dict[str, Any] | None:
    return ({"places": list(view.result.places), "points": list(view.result.points)}
            if view.result else None)


def history(session: Session, tournament_id: str) -> list[TournamentEvent]:
    return list(session.exec(select(TournamentEvent)
                             .where(TournamentEvent.tournament_id == tournament_id)
                             .order_by(col(TournamentEvent.id).desc())))


# --- Standings and records -----------------------------------------------------------------

def scoring(tournament: TournamentView) -> Scoring:
    points = tournament.settings["points"]
    return Scoring(points["win"], points["draw"], points["loss"],
                   tuple(tournament.settings["tiebreaks"]))


def rankings(tournament: TournamentView) -> list[Row]:
    results = [m.result for r in tournament.rounds for m in r if m.result is not None]
    return standings(tournament.names, results, scoring(tournament))


def csv_text(tournament: TournamentView, rows: list[Row]) -> str:
    """The standings as CSV: one line per entrant, tie-breakers in the tournament's order."""
    breaks = tournament.settings["tiebreaks"]
    header = ["rank", "entrant", "played", "won", "drawn", "lost", "points", *breaks,
              "decided_by"]
    return csv_file.csv_text([header, *(
        [row.rank, row.name, row.played, row.won, row.drawn, row.lost, row.points,
         *("" if row.tiebreaks.get(b) is None else row.tiebreaks[b] for b in breaks),
         row.decided_by or ""] for row in rows)])


def records(session: Session, tournament: TournamentView) -> list[Record]:
    """Each player's games in this tournament, scored from the stored hands."""
    ids = [g.id for r in tournament.rounds for m in r for g in m.games]
    played = list(session.exec(select(Game).where(col(Game.id).in_(ids))
                               .order_by(col(Game.created_at))
                               .execution_options(populate_existing=True))) if ids else []
    return player_records(session, played)
