"""The API's blueprint, on its own so route modules import it without importing the package."""

from __future__ import annotations

from flask import Blueprint
from flask.blueprints import BlueprintSetupState
from werkzeug.routing import BaseConverter

from ..security import csrf

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # the API authenticates with the edit key in a header, not a cookie


class GameAddress(BaseConverter):
    """A game's id at `/games/<id>`: never `import`, the address `POST /games/import` owns,
    so that address allows only what the description gives it (Allow: POST), and a GET there
    is a 405, not a search for a game called "import" (ids are random, never that word)."""

    regex = "(?!import$)[^/]+"


@bp.record_once
def _converters(state: BlueprintSetupState) -> None:
    # Before any route of the blueprint is added: they are recorded after this.
    state.app.url_map.converters["game"] = GameAddress
