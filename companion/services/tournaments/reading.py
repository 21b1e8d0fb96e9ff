"""Reading a tournament: its entrants, rounds and tables as they stand, and its standings.

Nothing is kept per process: a match's state is read from its stored games every time.
Reading never writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from sqlmodel import Session, col, select

from ...models import Game
from ...models_tournament import Entrant, Match, MatchGame, Round, Tournament
from ...rules.catalogue import get_game
from ...rules.messages import N_, Msg, RuleError, Team, msg
from ...rules.spec import GameSpec
from ...tournament import bracket, confirmation, matches
from ...tournament.records import Record
from ...tournament.standings import Result, Row, Scoring, standings
from .. import csv_file, games
from ..records import records as player_records
from . import double_bracket


class TournamentNotFound(LookupError):
    """No such tournament (or no such match or entrant in it): a 404."""


class TournamentGone(TournamentNotFound):
    """Deleted by its director (restorable for a while): a 410."""


class TournamentConflict(RuleError):
    """A change the tournament as it stands cannot take (409), with the sentence why and
    the changes it would make if confirmed."""

    changes: list[Msg] = []  # noqa: RUF012 (a default for instances, never mutated)


ROUND_ROBIN, SWISS, KNOCKOUT = "round_robin", "swiss", "knockout"
DOUBLE_ELIMINATION = double_bracket.DOUBLE_ELIMINATION
GROUPS_KNOCKOUT = "groups_knockout"
FORMATS = (ROUND_ROBIN, SWISS, KNOCKOUT, DOUBLE_ELIMINATION, GROUPS_KNOCKOUT)
# Decided by a bracket from round 1: how far one got, no draws, no points.
BRACKET_FORMATS = (KNOCKOUT, DOUBLE_ELIMINATION)
GROUPS = "groups"  # a groups then knockout's first stage; its second is KNOCKOUT


@dataclass
class MatchView:
    """A table of a round as people see it: who, the games so far, and the result if any."""

    row: Any  # the match as a plain row: id, round_id, table, sides, manual, keys...
    round: int
    names: list[str]
    games: list[Any]  # rows with id, finished, winners, totals
    progress: matches.MatchProgress | None
    result: Result | None
    asks_confirmation: bool = False  # the tournament's confirm_results setting
    format: str = ""  # the tournament's

    @property
    def bye(self) -> bool:
        return len(self.row.sides) == 1

    @property
    def decided(self) -> bool:
        return self.result is not None

    @property
    def third_place(self) -> bool:
        return bool(self.row.third_place)

    @property
    def group(self) -> str:
        """The group of a groups then knockout's group-stage match ("A"...); "" otherwise."""
        return str(getattr(self.row, "group_label", "") or "")

    @property
    def stage(self) -> str | None:
        """A groups then knockout match's stage, GROUPS or KNOCKOUT; None in other formats."""
        if self.format != GROUPS_KNOCKOUT:
            return None
        return GROUPS if self.group else KNOCKOUT

    @property
    def walkover(self) -> bool:
        """Won by the other side because one side withdrew: no game points, like a bye."""
        return bool(self.row.manual and self.row.manual.get("walkover"))

    @property
    def places(self) -> list[int] | None:
        """Each side's place, a walkover's included (its result counts only the winner)."""
        if self.walkover:
            return list(self.row.manual["places"])
        return list(self.result.places) if self.result else None

    @property
    def loser(self) -> int | None:
        """The side that lost a decided two-sided match."""
        winner = self.winner
        if winner is None or len(self.row.sides) != 2:
            return None
        return next(int(side) for side in self.row.sides if side != winner)

    @property
    def started(self) -> bool:
        """Anything happened at the table: a result, or a hand entered in one of its games."""
        return bool(self.row.manual and not self.walkover) or any(
            game.hand_count for game in self.games)

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
    spec: GameSpec[Any, Any]
    entrants: list[Entrant]
    rounds: list[list[MatchView]]
    version: int

    @property
    def settings(self) -> dict[str, Any]:
        return self.row.settings

    # What kind of tournament it is, asked by the rest of the app (never its format compared):
    #   by_bracket      a bracket from round 1 (knockout, double elimination): ranked by how far
    #                   each entrant got, not by points and tie-breakers; no match is drawn
    #   double          a double elimination: two brackets (double_bracket.py)
    #   stage           a groups then knockout's stage, GROUPS or KNOCKOUT; None otherwise
    #   group_rounds    how many rounds come before its knockout (0 but in groups then knockout)
    #   knockout_stage  the rounds paired last make one single-elimination bracket (bracket.py):
    #                   a knockout's, or a groups then knockout's once its knockout is drawn
    #   in_bracket      a bracket is being played: by_bracket or knockout_stage (later rounds
    #                   follow from results; the big screen ranks by the round reached)
    #   has_bracket     a bracket decides the winner (its champion): by_bracket or groups then
    #                   knockout (the bracket page, the round count from rounds_left)

    @property
    def by_bracket(self) -> bool:
        """Decided by a bracket from its first round (a knockout, a double elimination):
        ranked by how far each entrant got (not by points and tie-breakers), its matches
        cannot be drawn, its later rounds follow from results."""
        return self.row.format in BRACKET_FORMATS

    @property
    def double(self) -> bool:
        """A double elimination (companion/services/tournaments/double_bracket.py)."""
        return self.row.format == DOUBLE_ELIMINATION

    @property
    def names(self) -> dict[int, str]:
        return {e.id: entrant_name(e) for e in self.entrants if e.id is not None}

    @property
    def started(self) -> bool:
        return bool(self.rounds)

    @property
    def current_round(self) -> int:
        """The round being played (1-based): the first with a match undecided, else the last;
        0 before the first round."""
        return min(self.rounds_finished + 1, len(self.rounds))

    @property
    def rounds_finished(self) -> int:
        """The last round finished (every table decided) with every round before it; 0 for
        none."""
        return next((number - 1 for number, r in enumerate(self.rounds, start=1)
                     if not all(m.decided for m in r)), len(self.rounds))

    @cached_property
    def provisional(self) -> set[int]:
        """The entrants with a result still waiting for confirmation."""
        return {side for r in self.rounds for m in r if m.provisional for side in m.row.sides}

    @property
    def withdrawn(self) -> set[int]:
        return {e.id for e in self.entrants if e.withdrawn and e.id is not None}

    def seating_note(self) -> Msg | None:
        """How the tables were made when the size asked cannot seat everyone."""
        size = self.settings["table_size"]
        sizes = {len(table) for r in self.settings.get("plan") or [] for table in r}
        if size == 2 or not sizes or sizes == {size}:
            return None
        return msg(N_("{n} entrants cannot all sit at tables of {size}: the tables seat "
                      "{low} to {high}, as even as possible."), n=len(self.entrants),
                   size=size, low=min(sizes), high=max(sizes))

    @property
    def group_rounds(self) -> int:
        """How many rounds a groups then knockout's group stage has (known once it is drawn);
        0 in any other format: the knockout's rounds come after these."""
        if self.row.format != GROUPS_KNOCKOUT:
            return 0
        return int(self.settings.get("group_rounds") or 0)

    @property
    def stage(self) -> str | None:
        """A groups then knockout's stage: GROUPS until its knockout is drawn, then KNOCKOUT;
        None in any other format."""
        if self.row.format != GROUPS_KNOCKOUT:
            return None
        drawn = self.group_rounds and len(self.rounds) > self.group_rounds
        return KNOCKOUT if drawn else GROUPS

    @property
    def knockout_stage(self) -> bool:
        """The rounds paired last make one single-elimination bracket (tournament/bracket.py):
        a knockout's, or a groups then knockout's once its knockout is drawn (a double
        elimination's two brackets are `double`'s)."""
        return self.row.format == KNOCKOUT or self.stage == KNOCKOUT

    def bracket_rounds(self) -> list[list[MatchView]]:
        """The knockout's rounds without the third-place match (a groups then knockout's:
        the rounds after its group stage)."""
        return [[m for m in r if not m.third_place] for r in self.rounds[self.group_rounds:]]

    def knockout_rounds(self) -> list[list[bracket.Played]]:
        """The knockout's rounds for its bracket: a match waiting for confirmation has no
        winner yet."""
        return [[bracket.Played(m.row.id, tuple(m.row.sides),
                                None if m.provisional else m.winner, m.row.table) for m in r]
                for r in self.bracket_rounds()] if self.knockout_stage else []

    @property
    def in_bracket(self) -> bool:
        """A bracket is being played: a knockout or a double elimination throughout, a groups
        then knockout once its knockout is drawn. Later rounds follow from results; the big
        screen ranks by the round reached."""
        return self.by_bracket or self.knockout_stage

    @property
    def has_bracket(self) -> bool:
        """A bracket decides the winner (its champion): a knockout, a double elimination, or a
        groups then knockout (its knockout stage, drawn or still to come)."""
        return self.by_bracket or self.row.format == GROUPS_KNOCKOUT

    @property
    def champion(self) -> int | None:
        """The bracket's winner, once its (last) final is decided and confirmed."""
        if self.double:
            return double_bracket.champion(self)
        return bracket.champion(self.knockout_rounds())

    @property
    def podium(self) -> list[int] | None:
        """First, second and third of a knockout with a third-place match, once both its
        final and that match are decided and confirmed; a double elimination's once its
        champion is known (third: the losers' final's loser)."""
        if self.double:
            return double_bracket.podium(self)
        if self.champion is None or not self.settings.get("third_place"):
            return None
        final = self.bracket_rounds()[-1][0]
        third = next((m for m in self.rounds[-1] if m.third_place), None)
        if third is None or third.provisional or third.winner is None or final.loser is None:
            return None
        return [self.champion, final.loser, third.winner]

    def winner(self, rows: Sequence[Row]) -> int | None:
        """Who won: a knockout's champion; else, once every result is in and confirmed, the
        entrant alone at the top of the standings."""
        if self.has_bracket:
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
        if self.double:
            return double_bracket.rounds_left(self)
        if self.knockout_stage:  # the first round's tables halve to the final
            if not self.rounds:
                return max(1, (len(self.entrants) - 1).bit_length())
            knockout = self.rounds[self.group_rounds:]
            return len(knockout[0]).bit_length() - len(knockout)
        if self.row.format == GROUPS_KNOCKOUT:  # the group rounds left, then the knockout's
            count, advance = int(self.settings["groups"]), int(self.settings["advance"])
            largest = -(-len(self.entrants) // count)
            group_rounds = self.group_rounds or largest - 1 + largest % 2
            return group_rounds - len(self.rounds) + max(1, (count * advance - 1).bit_length())
        return max(0, total - len(self.rounds))


# --- Loading ---------------------------------------------------------------------------------

def version(session: Session, tournament_id: str) -> int:
    """Its board's revision, moved on whenever the tournament or any of its games changes
    (services/boards.py): one row read."""
    found = session.exec(select(Tournament.board_revision, Tournament.deleted_at)
                         .where(Tournament.id == tournament_id)).first()
    if found is None:
        raise TournamentNotFound(tournament_id)
    if found[1] is not None:
        raise TournamentGone(tournament_id)
    return int(found[0])


def as_utc(when: datetime) -> datetime:
    """A stored time in UTC (SQLite gives them back naive: they were stored in UTC)."""
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def entrant_name(entrant: Entrant) -> str:
    """A partnership's name is its two players' (a Team: pages join them in the reader's
    words); any other entrant's is its name as typed."""
    return Team(entrant.players) if len(entrant.players) == 2 else entrant.name


def load(session: Session, tournament_id: str) -> TournamentView:
    """The tournament as it stands. Only reads: games are started by the changes that call
    for them (a round paired, a game finished, a result cleared)."""
    row = session.get(Tournament, tournament_id, populate_existing=True)
    if row is None:
        raise TournamentNotFound(tournament_id)
    if row.deleted_at is not None:
        raise TournamentGone(tournament_id)
    spec = get_game(row.game)
    entrants = list(session.exec(select(Entrant).where(Entrant.tournament_id == row.id)
                                 .order_by(col(Entrant.seed))))
    names = {e.id: entrant_name(e) for e in entrants}
    numbers = {r.id: r.number for r in session.exec(
        select(Round).where(Round.tournament_id == row.id))}
    # Plain rows, not ORM objects: a long tournament has hundreds of matches and games.
    # (sqlmodel's select() is typed for at most 4 columns, so these rows are untyped.)
    rows: Sequence[Any] = session.exec(
        select(Match.id, Match.round_id, Match.table, Match.sides,  # type: ignore[call-overload]
               Match.manual, Match.key_hash, Match.table_key, Match.side_keys,
               Match.tournament_id, Match.confirmation, Match.third_place, Match.bracket,
               Match.group_label)
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
    format: str = ""


def _match_rules(row: Tournament) -> _MatchRules:
    return _MatchRules(row.settings["best_of"], get_game(row.game).resolve(row.rules).target,
                       row.settings["decider_target"],
                       row.settings.get("confirm_results", False), row.format)


def _view(rules: _MatchRules, match: Any, number: int, names: dict[Any, str],
          played: list[Any]) -> MatchView:
    sides = tuple(match.sides)
    progress = None if len(sides) == 1 else _progress(rules, len(sides), played)
    if match.manual and match.manual.get("walkover"):
        result = Result((sides[match.manual["places"].index(1)],), (1,), (0,), walkover=True)
    elif match.manual:
        result = Result(sides, tuple(match.manual["places"]), tuple(match.manual["points"]))
    elif len(sides) == 1:
        result = Result(sides, (1,), (0,))
    elif progress is not None and progress.finished:
        result = Result(sides, tuple(progress.places), tuple(_points(played, len(sides))))
    else:
        result = None
    return MatchView(match, number, [names.get(s, "?") for s in sides], played, progress,
                     result, rules.confirm, rules.format)


def _progress(rules: _MatchRules, sides: int, played: list[Any]) -> matches.MatchProgress:
    finished = [g for g in played if g.finished]
    if sides == 2:
        return matches.head_to_head([g.winners for g in finished], rules.best_of, rules.target,
                                    rules.decider_target)
    return matches.table([g.winners for g in finished], [g.totals for g in finished], sides,
                         rules.best_of, rules.target)


def _points(played: list[Any], sides: int) -> list[int]:
    return [sum(g.totals[side] for g in played) for side in range(sides)]


def match_view(tournament: TournamentView, match_id: int) -> MatchView:
    """A match of the tournament (not a bye); TournamentNotFound for any other id."""
    for view in (v for r in tournament.rounds for v in r):
        if view.row.id == match_id and not view.bye:
            return view
    raise TournamentNotFound(f"match {match_id}")


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


# --- Standings and records -----------------------------------------------------------------

def scoring(tournament: TournamentView) -> Scoring:
    points = tournament.settings["points"]
    return Scoring(points["win"], points["draw"], points["loss"],
                   tuple(tournament.settings["tiebreaks"]),
                   bye=tournament.settings.get("bye", "win"),
                   per_table=tournament.row.format == SWISS
                   and tournament.settings["table_size"] > 2)


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
