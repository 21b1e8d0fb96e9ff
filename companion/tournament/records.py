"""Players' records across games, from the hands as the rules engine scored them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..rules.catalogue import get_game
from ..rules.scores import HandScore
from .natural import natural_key

MADE = {"made": "made", "failed": "failed", "yasa": "yasa", "shelem": "shelem",
        "shelem_double_made": "shelem", "shelem_double_failed": "failed"}


@dataclass
class Record:
    """One player's games; Basra and Shelem counts stay 0 in other games."""

    name: str
    played: int = 0
    won: int = 0
    hands: int = 0
    hand_points: int = 0
    basras: int = 0
    made: int = 0
    failed: int = 0
    yasa: int = 0
    shelem: int = 0

    @property
    def average(self) -> float:
        """Average hand score of the player's side."""
        return round(self.hand_points / self.hands, 1) if self.hands else 0.0


@dataclass(frozen=True)
class PlayedGame:
    """One game as the records need it: who sat where, who won, the hands as scored."""

    game: str
    players: Sequence[str]
    teams: Sequence[Sequence[int]] | None
    finished: bool
    winners: Sequence[int]
    hands: Sequence[HandScore]


def player_key(name: str) -> str:
    """How a name matches across games: trimmed, inner spaces collapsed, case ignored."""
    return " ".join(name.split()).casefold()


def tally(games: Iterable[PlayedGame], spelling: dict[str, str] | None = None) -> list[Record]:
    """Each player's record over `games`, most wins first.

    A name is shown as first spelled in `spelling` (player_key -> name), which this fills.
    """
    found: dict[str, Record] = {}
    spelling = {} if spelling is None else spelling
    for game in games:
        names = [spelling.setdefault(player_key(name), name) for name in game.players]
        add_game(found, game.game, names, game.teams, game.finished, game.winners, game.hands)
    return sorted(found.values(), key=lambda r: (-r.won, -r.played, natural_key(r.name)))


def add_game(records: dict[str, Record], game: str, players: Sequence[str],
             teams: Sequence[Sequence[int]] | None, finished: bool, winners: Sequence[int],
             hands: Sequence[HandScore]) -> None:
    """Count one game for each of its players (a partnership's hands count for both)."""
    for seat, name in enumerate(players):
        side = next(i for i, team in enumerate(teams) if seat in team) if teams else seat
        record = records.setdefault(name, Record(name))
        record.played += finished
        record.won += finished and side in winners
        for hand in hands:
            _add_hand(record, game, side, hand)


def _add_hand(record: Record, game: str, side: int, hand: HandScore) -> None:
    if hand.extras.get("outcome") == "redeal":
        return  # nobody played that hand
    record.hands += 1
    record.hand_points += hand.scores[side]
    # Only what the game's records show is counted: its spec's record columns.
    columns = {column.key for column in get_game(game).record_columns}
    if "basras" in columns:
        record.basras += hand.details[side].get("basras", 0)
    if columns & set(MADE.values()) and hand.extras.get("bidder") == side:
        kind = MADE[hand.extras["outcome"]]
        setattr(record, kind, getattr(record, kind) + 1)
