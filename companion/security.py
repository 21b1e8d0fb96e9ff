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


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    app.after_request(_headers)


def _headers(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    # Game links carry secret edit keys: never leak them to another site.
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    if response.mimetype == "text/html":
        # The same URL answers a full page or an htmx fragment.
        response.vary.add("HX-Request")
        # Pages show live scores: never serve a stale scoreboard from a cache.
        response.headers.setdefault("Cache-Control", "no-cache")
    return response
