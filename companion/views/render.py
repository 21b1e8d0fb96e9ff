"""Render a full page or, for an htmx request, just the fragment it asks for; the
idempotency key of a form."""

from __future__ import annotations

import secrets
from typing import Any

import flask
from flask import render_template
from htmx_flask import request


def page_or_fragment(page: str, fragment: str, **context: Any) -> str:
    """The same URL serves the whole page, or the `_fragment` partial the page includes."""
    if request.htmx and not request.htmx.boosted:
        return render_template(fragment, **context)
    return render_template(page, **context)


# Sent by the service worker asking for a form to keep for offline use (templates/pwa/sw.js).
COPY_HEADER = "X-Companion-Copy"


def offline_copy() -> bool:
    """Whether this form is asked for by the service worker, to keep for offline use."""
    return flask.request.headers.get(COPY_HEADER) == "offline"


def form_key() -> str:
    """A fresh idempotency key for a form; none in a copy kept for offline use, so that no
    stored copy carries one (the page read offline makes its own, static/js/outbox.js)."""
    return "" if offline_copy() else secrets.token_urlsafe(16)
