"""The JSON API, `/api/v1`: the same services as the pages, for scripts and other apps."""

from __future__ import annotations

from . import games, openapi, referee, rules, share, tournament_keys, tournaments  # noqa: F401  (routes)
from .blueprint import bp

__all__ = ["bp"]
