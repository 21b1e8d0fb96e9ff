"""Installable app: the web app manifest, the service worker and the page it shows offline."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, Response, jsonify, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf

from ..services.keys import GAME_ID_PATTERN

bp = Blueprint("pwa", __name__)

THEME_COLOUR = "#0b5d3b"  # the table green of the stylesheet and the icons
BACKGROUND = "#fbfaf7"
ICON_SIZES = (192, 512)
# What a phone keeps to show a game it opened, or a correction form of its hands, while the
# connection is gone (static/ names).
SHELL_FILES = ("css/app.css", "js/app.js", "js/outbox.js", "js/freshness.js", "js/share.js",
               "js/offline.js", "js/entry.js", "vendor/htmx.min.js", "favicon.svg",
               *(f"icons/icon-{size}.png" for size in ICON_SIZES))


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    icons = [{"src": url_for("static", filename=f"icons/icon-{size}.png"),
              "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
             for size in ICON_SIZES for purpose in ("any", "maskable")]
    body = {
        "name": _("Companion"), "short_name": _("Companion"),
        "description": _("Scores, referee and tournaments beside a real card table."),
        "lang": str(get_locale() or "en"), "start_url": url_for("home.index"),
        "scope": url_for("home.index"), "display": "standalone",
        "theme_color": THEME_COLOUR, "background_color": BACKGROUND, "icons": icons,
    }
    response = Response(json.dumps(body, ensure_ascii=False),
                        mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """Served from the root so that it may look after every page of the app."""
    shell = [url_for("static", filename=name) for name in SHELL_FILES]
    offline = url_for("pwa.offline")
    version = hashlib.sha256(json.dumps([shell, offline]).encode()).hexdigest()[:12]
    body = render_template("pwa/sw.js", shell=shell, offline=offline, version=version,
                           game_prefix=url_for("home.index") + "games/",
                           game_id_pattern=GAME_ID_PATTERN)
    response = Response(body, mimetype="text/javascript")
    # A new version of the app must reach phones at their next visit.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/form-token")
def form_token() -> Response:
    """A fresh form token for this browser (a new session if its cookie is gone): a save
    kept on the phone whose token went stale is sent again with it (static/js/outbox.js)."""
    response = jsonify({"csrf_token": generate_csrf()})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/offline")
def offline() -> str:
    """What a phone shows when it cannot reach Companion and has no copy of the page."""
    return render_template("pwa/offline.html")
