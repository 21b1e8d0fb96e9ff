"""Render a full page or, for an htmx request, just the fragment it asks for."""

from __future__ import annotations

from typing import Any

from flask import render_template
from htmx_flask import request


def page_or_fragment(page: str, fragment: str, **context: Any) -> str:
    """The same URL serves the whole page, or the `_fragment` partial the page includes."""
    if request.htmx and not request.htmx.boosted:
        return render_template(fragment, **context)
    return render_template(page, **context)
