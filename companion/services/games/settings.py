"""A started game's settings: its players' names and its target, changed in one change."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from ...models import Game
from ...rules.messages import N_, Msg, RuleError, msg
from ..seating import clean_players
from .changing import SETTINGS, Change, mutate
from .creating import remember_players
from .reading import GameView, in_tournament, rules_of


def change_settings(session: Session, game_id: str, values: Any,
                    expected_version: int | None = None) -> tuple[GameView, int]:
    """Rename the players or change the target (or both) of a game already started.

    `values` holds "players" (a name per seat, in the same order) and/or "target". The hands
    stay as entered; totals and the winner are recomputed, so the game may end or reopen.
    """
    wanted = _settings_asked(values)

    def change(game: GameView) -> Change:
        refusal = settings_refusal(session, game.row)
        if refusal is not None:
            raise RuleError(refusal)
        was = settings_of(game.row)
        settle(game, wanted)
        now = settings_of(game.row)
        changed = [name for name in wanted if now[name] != was[name]]
        if not changed:
            raise RuleError(msg(N_("Nothing to change: the names and the target are already "
                                   "as given.")))
        remember_players(session, [p for p in game.row.players if p not in was["players"]])
        return Change(game.hands, SETTINGS, None, {name: was[name] for name in changed},
                      {name: now[name] for name in changed})

    return mutate(session, game_id, expected_version, change)


def settings_of(row: Game) -> dict[str, Any]:
    """What a settings change can change: the players' names and the target."""
    return {"players": list(row.players), "target": rules_of(row).target}


def _settings_asked(values: Any) -> dict[str, Any]:
    if not isinstance(values, dict) or not values or set(values) - {"players", "target"}:
        raise RuleError(msg(N_("Send the new \"players\" (a name per seat), the new "
                               "\"target\", or both.")))
    return dict(values)


def settle(game: GameView, values: dict[str, Any]) -> None:
    """Give the game these names and this target, checked as when it was set up (an imported
    history may be doctored)."""
    row = game.row
    if "players" in values:
        names = values["players"]
        if isinstance(names, list) and len(names) != len(row.players):
            raise RuleError(msg(N_("Give a new name for each of the {n} players; players "
                                   "cannot join or leave a game."), n=len(row.players)),
                            "players")
        row.players = clean_players(game.spec, names)
    if "target" in values:
        row.rules = game.spec.resolve({**game.rules.as_dict(),
                                       "target": values["target"]}).as_dict()


def settings_refusal(session: Session, row: Game) -> Msg | None:
    """Why this game's names and target cannot change; None when they can."""
    if in_tournament(session, row.id):
        return msg(N_("This game belongs to a tournament: its players and target are the "
                      "tournament's, so they cannot change here."))
    if row.match_id is not None:
        return msg(N_("This game is part of a match: its players and target are the match's, "
                      "so they cannot change here."))
    return None
