"""The API's blueprint, on its own so route modules import it without importing the package."""

from __future__ import annotations

from flask import Blueprint

from ..security import csrf

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # the API authenticates with the edit key in a header, not a cookie
