"""Players, partnerships and the sides a game scores."""

from __future__ import annotations

from typing import Any

from ..rules.messages import N_, RuleError, Team, msg
from ..rules.spec import GameSpec

MAX_NAME = 40
OPPOSITE_PARTNERS = [[0, 2], [1, 3]]


def clean_players(spec: GameSpec[Any, Any], players: Any) -> list[str]:
    """Player names in playing order: trimmed, not empty, no name twice."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RuleError(msg(N_("players must be a list of names.")), "players")
    names = [" ".join(p.split()) for p in players]
    if any(not name for name in names):
        raise RuleError(msg(N_("Every player needs a name.")), "players")
    if any(len(name) > MAX_NAME for name in names):
        raise RuleError(msg(N_("A name can be at most {n} characters."), n=MAX_NAME), "players")
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError(msg(N_("Two players have the same name; tell them apart.")), "players")
    check_player_count(spec, len(names), "players")
    return names


def check_player_count(spec: GameSpec[Any, Any], n: int | str, field: str) -> None:
    """RuleError naming `field` unless `spec`'s game is played by `n` players."""
    if n not in spec.player_counts:
        raise RuleError(
            msg(N_("{game} is played by {counts} players, not {n}."), game=spec.title,
                counts=" / ".join(str(c) for c in spec.player_counts), n=n),
            field,
        )


def clean_teams(spec: GameSpec[Any, Any], players: list[str], teams: Any) -> list[list[int]] | None:
    """Partnerships as seat lists; None where everyone plays for themselves."""
    if spec.partnerships == "always" and teams is None:
        return OPPOSITE_PARTNERS
    if teams is None or teams == []:
        return None
    if spec.partnerships == "never":
        raise RuleError(msg(N_("{game} has no partnerships."), game=spec.title), "teams")
    seats = sorted(s for team in teams for s in team) if _is_seat_lists(teams) else None
    if seats != list(range(len(players))) or len(teams) != 2 or len(set(map(len, teams))) != 1:
        raise RuleError(
            msg(N_("Partnerships must split the players into two teams of the same size.")),
            "teams",
        )
    # Players are listed in playing order, so partners opposite each other alternate seats.
    opposite = [list(range(first, len(players), len(teams))) for first in range(len(teams))]
    if sorted(sorted(team) for team in teams) != opposite:
        one, other = side_names(players, opposite)
        raise RuleError(
            msg(N_("Partners sit opposite each other: with the players in playing order, the "
                   "teams are {one} against {other}."), one=one, other=other),
            "teams",
        )
    return [list(team) for team in teams]


def _is_seat_lists(teams: Any) -> bool:
    return isinstance(teams, list) and all(
        isinstance(team, list) and team and all(type(s) is int for s in team) for team in teams
    )


def side_names(players: list[str], teams: list[list[int]] | None) -> list[str]:
    if teams is None:
        return list(players)
    return [Team([players[seat] for seat in team]) for team in teams]
