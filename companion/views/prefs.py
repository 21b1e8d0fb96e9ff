"""Reader preferences: language and digits, kept in cookies for a year."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, request
from werkzeug.wrappers import Response

from ..digits import SYSTEMS
from ..i18n import LANGUAGES

bp = Blueprint("prefs", __name__)

COOKIE_AGE = 365 * 24 * 3600


@bp.get("/language/<code>")
def language(code: str) -> Response:
    if code not in LANGUAGES:
        abort(404)
    return _remember("lang", code)


@bp.get("/digits/<system>")
def digits(system: str) -> Response:
    if system not in SYSTEMS:
        abort(404)
    return _remember("digits", system)


def _remember(cookie: str, value: str) -> Response:
    """Set the preference and go back to the page the reader was on."""
    response = redirect(back_to(request.args.get("next")), 303)
    response.set_cookie(cookie, value, max_age=COOKIE_AGE, path="/", httponly=True,
                        samesite="Lax", secure=request.is_secure)
    return response


def back_to(target: str | None) -> str:
    """`target` if it is a path on this site, else the home page (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return "/"
    if "\\" in target or any(ord(char) < 0x20 or ord(char) == 0x7F for char in target):
        return "/"
    parts = urlsplit(target)
    return "/" if parts.scheme or parts.netloc else target
