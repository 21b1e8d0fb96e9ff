"""Security headers on every response, and CSRF protection for the pages."""

from __future__ import annotations

from flask import Flask, Response
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

# On every response, static files too (WhiteNoise serves those: see companion/assets.py).
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # Game links carry secret edit keys: never leak them to another site.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    app.after_request(_headers)


def _headers(response: Response) -> Response:
    response.headers.update(HEADERS)
    if response.mimetype == "text/html":
        # The same URL answers a full page or an htmx fragment.
        response.vary.add("HX-Request")
        # Pages show live scores: never serve a stale scoreboard from a cache.
        response.headers.setdefault("Cache-Control", "no-cache")
    return response
