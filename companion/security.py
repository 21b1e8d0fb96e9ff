"""Security headers on every response, no cache for answers holding a key, safe cookies,
and CSRF protection for the pages."""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, Response, g, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

# On every response, static files too (WhiteNoise serves those: see companion/assets.py), and
# gunicorn's own error answers (companion/serve.py).
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # Game links carry secret edit keys: never leak them to another site.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
HSTS = "max-age=31536000"  # under HTTPS only: a LAN server on plain http must stay reachable


class SessionCookies(SecureCookieSessionInterface):
    """The session cookie (it holds the forms' CSRF secret) is Secure whenever the request
    came over HTTPS, as the key cookies are."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """No cookie, nothing to read: an empty session without making the signer (most reads
        come from viewers who never had a form)."""
        if app.secret_key and self.get_cookie_name(app) not in request.cookies:
            return self.session_class()
        return super().open_session(app, request)


def init_app(app: Flask) -> None:
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:  # Flask leaves it unset
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.session_interface = SessionCookies()
    csrf.init_app(app)
    app.url_defaults(_note_keyed_links)
    app.after_request(_headers)


def _note_keyed_links(_endpoint: str, values: dict[str, Any]) -> None:
    """A link built with a key (edit, director, table or side link) puts the key in the
    answer: it must not be stored by any cache, the service worker's included."""
    if values.get("key"):
        g.holds_key = True


def holds_key() -> bool:
    """Whether this answer carries a key, in a link it built or because it was asked with one."""
    return bool(g.get("holds_key")) or bool(request.args.get("key"))


def _headers(response: Response) -> Response:
    response.headers.update(HEADERS)
    if request.is_secure:
        response.headers["Strict-Transport-Security"] = HSTS
    if holds_key():
        response.headers["Cache-Control"] = "no-store"
    if response.mimetype == "text/html":
        # The same URL answers a full page or an htmx fragment.
        response.vary.add("HX-Request")
        # Pages show live scores: never serve a stale scoreboard from a cache.
        response.headers.setdefault("Cache-Control", "no-cache")
    return response
