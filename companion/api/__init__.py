"""The JSON API, `/api/v1`: the same services as the pages, for scripts and other apps."""

from __future__ import annotations

from flask import Blueprint

from ..security import csrf

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # the API authenticates with the edit key in a header, not a cookie

from . import games, openapi, referee, rules, share, tournament_keys, tournaments  # noqa: E402,F401  (routes)
