"""The JSON API, `/api/v1`: the same services as the pages, for scripts and other apps."""

from __future__ import annotations

from . import (  # noqa: F401  (routes and their refusals)
    games,
    openapi,
    referee,
    refusals,
    rules,
    seasons,
    seats,
    share,
    tournament_keys,
    tournaments,
)
from .blueprint import bp

__all__ = ["bp"]
