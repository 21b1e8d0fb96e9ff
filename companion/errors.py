"""Errors: JSON `{"error": ...}` under /api/, friendly pages elsewhere, never a 5xx for a client."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException

from .i18n import render_msg
from .limits import TooManyAtOnce
from .pages.access import KeyRefused, KeyToRead
from .rules.messages import N_, RuleError
from .services.games import GameNotFound, StaleGame
from .services.tournaments import TournamentConflict

MESSAGES = {
    400: N_("The request could not be understood."),
    401: N_("Only the scorer or the director can change this: open their link first."),
    403: N_("That key does not open this: ask the scorer or the director for their link."),
    404: N_("There is nothing at this address."),
    405: N_("This address does not accept that method."),
    409: N_("Someone else changed this game first."),
    413: N_("The request is too large (at most 1 MB)."),
    415: N_("Send the body as JSON, with the header Content-Type: application/json."),
    429: N_("Too many attempts; wait a moment and try again."),
    500: N_("Something went wrong in Companion. Try again; if it happens again, tell whoever "
            "runs it."),
}
# A read that takes a key (a tournament's history) changes nothing: it says so.
KEY_TO_READ = N_("Only the scorer or the director can see this: open their link first.")


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str,
                   field: str | None = None) -> tuple[Response | str, int]:
    if wants_json():
        # The shape api/answers.py's `Error` describes; the API's own refusals that say more
        # (a stale game, a tournament conflict) are its blueprint's handlers (api/refusals.py).
        return jsonify({"error": message} | ({"field": field} if field else {})), status
    return render_template("errors/error.html", status=status, message=message), status


def init_app(app: Flask) -> None:
    # The general handlers (any HTTP error, a storage fault) are module functions below.
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(DBAPIError, database_error)

    @app.errorhandler(TooManyAtOnce)
    def too_many_at_once(exc: TooManyAtOnce) -> ResponseReturnValue:
        return error_response(429, exc.description or "")  # its own sentence, translated

    @app.errorhandler(CSRFError)
    def csrf_error(exc: CSRFError) -> ResponseReturnValue:
        # Said in a header too: a save kept on the phone renews its token and is sent again
        # (static/js/outbox.js).
        return (*error_response(400, _("This form has expired; reload the page and try "
                                       "again.")), {"X-Companion-Refused": "form-token"})

    @app.errorhandler(GameNotFound)
    def game_not_found(exc: GameNotFound) -> ResponseReturnValue:
        return error_response(404, _("There is no such game, or no such hand in it."))

    @app.errorhandler(StaleGame)
    def stale_game(exc: StaleGame) -> ResponseReturnValue:
        return error_response(409, render_msg(exc.message))

    @app.errorhandler(TournamentConflict)
    def tournament_conflict(exc: TournamentConflict) -> ResponseReturnValue:
        return error_response(409, render_msg(exc.message))

    @app.errorhandler(KeyRefused)
    def key_refused(exc: KeyRefused) -> ResponseReturnValue:
        return error_response(403, render_msg(exc.message))

    @app.errorhandler(RuleError)
    def rule_error(exc: RuleError) -> ResponseReturnValue:
        return error_response(400, render_msg(exc.message), exc.field)


READ_ONLY, FULL = "is read-only", "has no room left"


def http_error(exc: HTTPException) -> ResponseReturnValue:
    """Any HTTP error: the project's own sentence for its status, in the reader's language."""
    text = KEY_TO_READ if isinstance(exc, KeyToRead) else MESSAGES.get(exc.code or 500)
    message = _(text) if text else (exc.description or exc.name)
    response = error_response(exc.code or 500, message)
    # The exception's own headers matter: a 405 says what is allowed (Allow).
    return (*response, [(name, value) for name, value in exc.get_headers()
                        if name.lower() != "content-type"])


def database_error(exc: DBAPIError) -> ResponseReturnValue:
    """A 503 that says why nothing can be saved, when the server's storage refused a write."""
    cause = cannot_write(exc)
    if cause is None:
        raise exc  # a real fault: the 500 page, and its traceback in the log
    current_app.logger.warning("the database %s: a change was refused", cause)
    sentence = (_("Companion cannot save anything right now: its database is read-only. "
                  "Scores can still be read; tell whoever runs Companion.")
                if cause == READ_ONLY else
                _("Companion cannot save anything right now: its server's disk is full. "
                  "Scores can still be read; tell whoever runs Companion."))
    return (*error_response(503, sentence), {"Retry-After": "60"})


def cannot_write(exc: DBAPIError) -> str | None:
    """Why the database refused a write, when the fault is the server's storage and not
    Companion's: read-only (SQLite's file, PostgreSQL's transaction, SQLSTATE 25006) or full
    (SQLite's SQLITE_FULL; PostgreSQL's disk_full, 53100)."""
    text, state = str(exc.orig).lower(), getattr(exc.orig, "sqlstate", None)
    if "readonly database" in text or state == "25006":
        return READ_ONLY
    if "database or disk is full" in text or state == "53100":
        return FULL
    return None
