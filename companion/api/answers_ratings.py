"""The answers of players' ratings (docs/ratings.md): one game's table, one player's history."""

from __future__ import annotations

from pydantic import Field

from ..shapes import Answer, Count, Int, When


class PlayerRating(Answer):
    player: str = Field(description="As first spelled; names match whatever their capitals "
                                    "or spaces")
    rating: Int = Field(description="1000 + 20 × (mu − 3 sigma) of OpenSkill's Plackett-Luce "
                                    "model: 1000 for a newcomer")
    games: Count = Field(description="Finished games of this game counted")
    provisional: bool = Field(description="Fewer than 10 games counted")


class Ratings(Answer):
    """Every rated player of one game, best first."""

    game: str
    ratings: list[PlayerRating]


class RatingPoint(Answer):
    game: str = Field(description="The game's id")
    at: When = Field(description="When that game was created: games count in that order")
    rating: Int = Field(description="The player's rating just after it")


class RatingHistory(Answer):
    """A player's rating after each of their rated games, oldest first."""

    player: str
    history: list[RatingPoint]
