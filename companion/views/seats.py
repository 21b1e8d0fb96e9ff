"""Every seat enters its own: the seat page a side's phone opens (its key from the link kept
in a cookie), and the scorer's panel handing out one link and QR code per side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext

from ..db import get_session
from ..digits import parse_int
from ..i18n import render_msg
from ..limits import refuse_key
from ..links import seat_url
from ..pages.access import KEY_COOKIE_MAX_AGE, can_edit, require_edit_key
from ..rules.messages import RuleError
from ..rules.seats import FIELDS, SHELEM_DOUBLE, SeatsRefused
from ..services import games, seats
from .render import form_key, page_or_fragment
from .share import qr_svg

bp = Blueprint("seats", __name__, url_prefix="/games")

LABELS = {
    "points": lazy_gettext("Points"), "cards": lazy_gettext("Cards"),
    "jacks": lazy_gettext("Jacks"), "aces": lazy_gettext("Aces"),
    "basras": lazy_gettext("Basras"), "two_of_clubs": lazy_gettext("We took the 2♣"),
    "ten_of_diamonds": lazy_gettext("We took the 10♦"),
    "bid": lazy_gettext("Our bid (the bidding team only)"),
    "cheating": lazy_gettext("Caught cheating"),
}
# Shelem's "caught cheating" choices, as a seat says them (left empty: nobody).
CAUGHT = {"": lazy_gettext("Nobody"), "us": lazy_gettext("Our team"),
          "them": lazy_gettext("The other team")}


def _cookie(game_id: str) -> str:
    return seats.SEAT_COOKIE + game_id


def _seat_key(game_id: str) -> str | None:
    return request.cookies.get(_cookie(game_id))


def _may_enter(game_id: str, side: int) -> bool:
    """This phone holds the side's seat key, or the game's edit key (the scorer). A seat key
    that opens no seat here counts as a wrong key, as the API counts it."""
    if can_edit(game_id):
        return True
    key = _seat_key(game_id)
    if key is None:
        return False
    if seats.side_of_key(get_session(), game_id, key) == side:
        return True
    refuse_key(game_id)
    return False


def _context(game_id: str, side: int | None, **extra: Any) -> dict[str, Any]:
    session = get_session()
    game = games.load_game(session, game_id)
    state = seats.entering(session, game)
    form = seats.seat_form(game)
    refusal = render_msg(state.refused.message) if state.refused else None
    return {"game": game, "state": state, "side": side, "fields": FIELDS[form],
            "labels": LABELS, "caught": CAUGHT, "refusal": refusal, "key": form_key(),
            "shown": games.revision(session, game_id), **extra}


@bp.get("/<game_id>/seat/<int:side>")
def seat(game_id: str, side: int) -> ResponseReturnValue:
    """A seat's page: the link's `?key=` is kept in a cookie, then the address without it."""
    key = request.args.get("key")
    if key is not None:
        if seats.side_of_key(get_session(), game_id, key) != side:
            refuse_key(game_id)
            abort(403)
        response = redirect(url_for("seats.seat", game_id=game_id, side=side), 303)
        response.set_cookie(_cookie(game_id), key, max_age=KEY_COOKIE_MAX_AGE, path="/",
                            httponly=True, samesite="Lax", secure=request.is_secure)
        return response
    if not _may_enter(game_id, side):
        abort(403)
    seats.enter_for(get_session(), game_id, side)
    return page_or_fragment("seats/seat.html", "seats/_entering.html",
                            **_context(game_id, side))


@bp.post("/<game_id>/seat/<int:side>")
def send(game_id: str, side: int) -> ResponseReturnValue:
    """A side's part from its seat page (or the scorer's panel): kept, then the page again,
    which says who is still counting, or the sentence to recount by."""
    session = get_session()
    if not _may_enter(game_id, side):
        abort(403)
    side = seats.enter_for(session, game_id, side)
    game = games.load_game(session, game_id)
    values = _values(FIELDS[seats.seat_form(game)])
    back = request.form.get("back") == "panel"
    try:
        seats.send(session, game_id, side, parse_int(request.form.get("hand")), values)
    except SeatsRefused:
        pass  # the entry is kept: the page names every side's figure
    except RuleError as error:
        context = _context(game_id, side, error=render_msg(error.message))
        return render_template("seats/seat.html", **context), 400
    target = (url_for("seats.panel", game_id=game_id) if back
              else url_for("seats.seat", game_id=game_id, side=side))
    return redirect(target, 303)


def _values(fields: Mapping[str, str]) -> dict[str, object]:
    """The form's fields as a seat's values: numbers in any digits, ticks as true or false."""
    values: dict[str, object] = {}
    for name, kind in fields.items():
        raw = (request.form.get(name) or "").strip()
        if kind == "flag":
            values[name] = name in request.form
        elif kind == "caught":
            values[name] = raw or None
        elif kind == "bid" and raw.lower() == SHELEM_DOUBLE:
            values[name] = SHELEM_DOUBLE
        elif raw:
            number = parse_int(raw)
            values[name] = raw if number is None else number
    return values


@bp.get("/<game_id>/seats")
def panel(game_id: str) -> ResponseReturnValue:
    """The scorer's panel: each seat's figure as it comes, and new links to hand out."""
    require_edit_key(game_id)
    return page_or_fragment("seats/panel.html", "seats/_entering.html",
                            **_context(game_id, None, scorer=True))


@bp.post("/<game_id>/seats")
def hand_out(game_id: str) -> ResponseReturnValue:
    """A new set of seat links (the old ones stop working), shown once with their QR codes."""
    require_edit_key(game_id)
    links = seats.hand_out(get_session(), game_id)
    shown = []
    for link in links:
        url = seat_url(game_id, link.side, link.key)
        shown.append({"name": link.name, "url": url,
                      "qr": qr_svg(url, _("QR code of %(name)s's seat", name=link.name))})
    return render_template("seats/panel.html", links=shown,
                           **_context(game_id, None, scorer=True))
