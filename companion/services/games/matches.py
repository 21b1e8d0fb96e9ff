"""Basra matches outside tournaments: a game's match as it stands, and its next game.

`GameMatch` is where one game stands in its match, a Basra match's or a tournament table's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from ...models import Game
from ...rules.catalogue import get_game
from ...rules.messages import N_, Msg, RuleError, msg
from ...tournament.matches import MatchProgress, head_to_head
from ..seating import side_names
from .changing import lock
from .creating import create_game
from .reading import GameView, in_tournament, load_game, rules_of


class MatchGameExists(Exception):
    """The game after this one (in its match, or its rematch) was already started (a second
    tap, say)."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(game_id)


@dataclass(frozen=True)
class MatchSummaryGame:
    """One game of a match as the match line lists it; `winner` is a side, once finished."""

    id: str
    number: int
    target: int
    winner: int | None


@dataclass(frozen=True)
class MatchSummary:
    """A match as stored: its games in order, games won per side, and what comes next."""

    sides: tuple[str, ...]
    games: tuple[MatchSummaryGame, ...]
    best_of: int                # the last game, if it comes to that, is the decider
    wins: tuple[int, ...]
    decided: bool
    winner: int | None
    next_target: int | None

    @property
    def next_from(self) -> str | None:
        """The game the next one follows: the last, once it is over and the match is not."""
        last = self.games[-1]
        return last.id if last.winner is not None and not self.decided else None

    @property
    def next_is_decider(self) -> bool:
        return self.next_from is not None and len(self.games) + 1 == self.best_of

    def deciding(self, game_id: str) -> MatchSummaryGame | None:
        """This game, if it is the match's deciding game."""
        return next((played for played in self.games
                     if played.id == game_id and played.number == self.best_of), None)

    def of_game(self, game_id: str) -> GameMatch:
        return GameMatch.after(game_id, [played.id for played in self.games], self.wins,
                               self.decided)


@dataclass(frozen=True)
class GameMatch:
    """Where a game stands in its match (a Basra match or a tournament table's): games won
    per side, whether the match is decided, and the match's game after this one, if any."""

    wins: tuple[int, ...]
    decided: bool
    next_game: str | None
    places: tuple[int, ...] = ()  # each side's place once decided (tables of 3 to 5 show it)

    @classmethod
    def after(cls, game_id: str, game_ids: list[str], wins: Any, decided: bool,
              places: Any = ()) -> GameMatch:
        """The match as seen from `game_id`, one of its games listed in order."""
        later = game_ids[game_ids.index(game_id) + 1:] if game_id in game_ids else []
        return cls(tuple(wins), decided, later[0] if later else None, tuple(places))


def standalone_match(session: Session, row: Game) -> GameMatch | None:
    """The match (not a tournament's) this game is part of, once the match has a second game."""
    summary = match_summary(session, row) if row.match_id else None
    return summary.of_game(row.id) if summary else None


def _match_refusal(session: Session, row: Game) -> Msg | None:
    """Why this game cannot be part of a match of its own; None when it can."""
    if not get_game(row.game).plays_matches:
        return msg(N_("Only Basra is played as a match of five games."))
    if len(side_names(row.players, row.teams)) != 2:
        return msg(N_("A Basra match is played between two sides: two players or two "
                      "partnerships."))
    if in_tournament(session, row.id):
        return msg(N_("This game belongs to a tournament: the tournament runs its matches."))
    return None


def match_summary(session: Session, game: Game) -> MatchSummary | None:
    """The match this game is part of, from the stored games; None when there is none.

    A finished game that has no match yet is the first game of one that may follow.
    """
    if game.match_id is None and not game.finished:
        return None
    if _match_refusal(session, game) is not None:
        return None
    rows = [game] if game.match_id is None else list(session.exec(
        select(Game).where(Game.match_id == game.match_id, col(Game.deleted_at).is_(None))
        .order_by(col(Game.match_number), col(Game.created_at))))
    listed = [MatchSummaryGame(row.id, row.match_number or 1, rules_of(row).target,
                        row.winners[0] if row.finished and len(row.winners) == 1 else None)
              for row in rows]
    spec, first_target = get_game(game.game), rules_of(rows[0]).target
    winners: list[list[int]] = []

    def progress() -> MatchProgress:
        return head_to_head(winners, spec.match_games, first_target, spec.decider_target)

    state = progress()
    for played in listed:
        # A correction can reopen an earlier game; games after a decided match do not count.
        if played.winner is not None and not state.finished:
            winners.append([played.winner])
            state = progress()
    winner = state.places.index(1) if state.finished else None
    return MatchSummary(tuple(side_names(game.players, game.teams)), tuple(listed),
                        spec.match_games, tuple(state.wins), state.finished, winner,
                        state.next_target)


def next_match_game(session: Session, game_id: str) -> tuple[GameView, str]:
    """Start the next game of this finished game's Basra match: same players, teams, rules.

    Its target comes from the match (150 for the decider), its first dealer is the one who
    would have dealt next, and it gets an edit key of its own.
    """
    lock(session, game_id)  # so a double tap starts one game
    try:
        game = load_game(session, game_id)
        row = game.row
        refusal = _match_refusal(session, row)
        if refusal is not None:
            raise RuleError(refusal)
        if not row.finished:
            raise RuleError(msg(N_("This game is not over yet: finish it before starting the "
                                   "next game of the match.")))
        view = match_summary(session, row)
        assert view is not None  # a finished Basra game between two sides always has one
        number = row.match_number or 1
        later = [played for played in view.games if played.number > number]
        if later:
            raise MatchGameExists(later[0].id)
        if view.decided or view.next_target is None:
            raise RuleError(msg(N_("{name} has already won this match."),
                                name=view.sides[view.winner or 0]))
        row.match_id, row.match_number = row.match_id or row.id, number
        return create_game(session, row.game, row.rules, row.players, row.teams,
                           target=view.next_target, first_dealer=game.state.dealer,
                           match=(row.match_id, number + 1))
    except BaseException:
        session.rollback()
        raise
