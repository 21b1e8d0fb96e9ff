"""Sharing and managing a game: links and QR codes, a new edit key, export/import, delete/undo."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

import segno
from flask import Blueprint, Response, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from htmx_flask import request as htmx_request
from markupsafe import Markup
from werkzeug.wrappers import Response as BaseResponse

from ..db import get_session
from ..i18n import render_msg, shown_name
from ..limits import creates
from ..links import edit_url, view_url
from ..pages.access import editor_key, held_keys, remember_key, require_edit_key, require_to_delete
from ..rules.messages import RuleError
from ..services import games, transfer
from ..services.keys import key_matches
from ..services.rotation import rotate_game_key

bp = Blueprint("share", __name__, url_prefix="/games")


@dataclass
class Links:
    """What the share panel shows: the view link always, the edit link to its holder only."""

    view_url: str
    view_qr: Markup
    edit_url: str | None = None
    edit_qr: Markup | None = None


def qr_svg(url: str, title: str) -> Markup:
    """A QR code as inline SVG: presentation attributes only, no style= (CSP).

    No width or height, only a viewBox: the stylesheet sizes it and it scales whole (fixed
    sizes got cut off by a smaller box); four modules of quiet zone as the standard asks."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=1,
                                    border=4, dark="#000", light="#fff", nl=False,
                                    omitsize=True, svgclass="qr", lineclass=None, title=title)
    return Markup(out.getvalue().decode())


def share_links(game_id: str, key: str | None = None) -> Links:
    """Links for the game page; the edit link only from the key this phone holds."""
    url = view_url(game_id)
    links = Links(url, qr_svg(url, _("QR code of the view link")))
    key = key or editor_key(game_id)
    if key:
        links.edit_url = edit_url(game_id, key)
        links.edit_qr = qr_svg(links.edit_url, _("QR code of the edit link"))
    return links


@bp.post("/<game_id>/key")
def rotate_key(game_id: str) -> ResponseReturnValue:
    """A new edit key: this phone keeps editing, every other edit link and cookie stops."""
    require_edit_key(game_id)
    key = rotate_game_key(get_session(), game_id)
    if htmx_request.htmx:
        game = games.load_game(get_session(), game_id)
        response: BaseResponse = make_response(render_template("games/_share.html", game=game,
                                                 edit_key=key, rotated=True))
    else:
        response = redirect(url_for("games.show", game_id=game_id), 303)
    remember_key(response, game_id, key)
    return response


@bp.get("/<game_id>/export.json")
def export_json(game_id: str) -> Response:
    data = transfer.export_game(get_session(), game_id).plain()
    body = json.dumps(data, ensure_ascii=False, indent=1)
    return _download(body, "application/json", f"companion-{game_id}.json")


@bp.get("/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    body = transfer.export_csv(get_session(), game_id, _("Hand"), _("Total"),
                               _("played after the end, not counted"), shown_name)
    return _download(body, "text/csv", f"companion-{game_id}.csv")


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.route("/import", methods=["GET", "POST"])
@creates
def import_game() -> ResponseReturnValue:
    """Upload a JSON export: it becomes a new game, and this phone gets its edit key."""
    if request.method == "GET":
        return render_template("share/import.html")
    upload = request.files.get("file")
    try:
        data = json.loads(upload.read()) if upload else None
        game, key = transfer.import_game(get_session(), data)
    except RuleError as error:  # a ValueError too: caught first, so its sentence is shown
        return _import_error(render_msg(error.message))
    except (ValueError, RecursionError):
        return _import_error(_("This file is not a game exported from Companion."))
    response = redirect(url_for("games.show", game_id=game.row.id), 303)
    remember_key(response, game.row.id, key)
    return response


def _import_error(message: str) -> tuple[str, int]:
    return render_template("share/import.html", error=message), 400


@bp.get("/<game_id>/delete")
def confirm_delete(game_id: str) -> str:
    """The second step: deleting asks once more, and says it can be undone for 7 days."""
    require_to_delete(game_id)
    game = games.load_game(get_session(), game_id)
    return render_template("share/delete.html", game=game)


@bp.post("/<game_id>/delete")
@creates  # deleting a table's open game starts its replacement: a creation like any
def delete_game(game_id: str) -> ResponseReturnValue:
    require_to_delete(game_id)
    games.delete_game(get_session(), game_id)
    return redirect(url_for("share.deleted", game=game_id), 303)


@bp.get("/deleted")
def deleted() -> str:
    """Games this phone may edit that were deleted in the last 7 days, each with an undo."""
    held = held_keys()
    rows = [row for row in games.restorable_games(get_session(), list(held))
            if key_matches(held[row.id], row.edit_key_hash)]
    return render_template("share/deleted.html", rows=rows, just=request.args.get("game"),
                           window=games.UNDELETE_WINDOW)


@bp.post("/<game_id>/restore")
def restore_game(game_id: str) -> ResponseReturnValue:
    require_to_delete(game_id, restoring=True)
    games.restore_game(get_session(), game_id)
    return redirect(url_for("games.show", game_id=game_id), 303)
