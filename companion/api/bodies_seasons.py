"""The request bodies of seasons (closed, as every body: api/body.py)."""

from __future__ import annotations

from typing import Annotated

from pydantic import MISSING, Field

from ..inputs import MAX_NAME_LENGTH
from ..services.seasons import MAX_COUNT_BEST, MAX_PLACE_POINTS, MAX_PLACES
from ..shapes import Body, Said
from .bodies import GameName

PlacePoints = Annotated[int, Field(ge=0, le=MAX_PLACE_POINTS)]


class CreateSeason(Body):
    name: Annotated[Said, Field(max_length=MAX_NAME_LENGTH)]
    game: GameName
    count_best: Annotated[int, Field(ge=1, le=MAX_COUNT_BEST,
                                     description="how many of a player's best evenings count")]
    points: Annotated[list[PlacePoints], Field(
        min_length=1, max_length=MAX_PLACES,
        description="points by place, first place first, none above the one before; a place "
                    "below the list scores 0 (null or left out: 10, 8, 6, 5, 4, 3, 2, 1)")] | \
        None | MISSING = MISSING


class AddSeasonEvent(Body):
    tournament: Annotated[str, Field(max_length=32, description="a tournament's id")]
