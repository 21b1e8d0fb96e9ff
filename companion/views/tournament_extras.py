"""Tournament pages beside the desk: the knockout bracket, the printable table sheet, and
each side's page for confirming or disputing its match's result."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..db import get_session
from ..errors import error_response
from ..i18n import render_msg
from ..links import side_url, table_url
from ..pages.tournament_access import (
    counted_director_key,
    counted_side,
    require_director,
)
from ..rules.messages import RuleError
from ..services import confirmations, games, tournaments
from ..services.tournament_keys import shown_table_key
from ..services.tournaments import double_bracket
from ..tournament import bracket
from .render import page_or_fragment
from .share import qr_svg

bp = Blueprint("tournament_extras", __name__, url_prefix="/tournaments")


@bp.app_errorhandler(confirmations.WrongSide)
def _wrong_side(exc: confirmations.WrongSide) -> Any:
    return error_response(403, render_msg(exc.message), exc.field)


def unchanged(tournament_id: str) -> bool:
    """A poll whose `since` is still the tournament's version (one cheap query)."""
    since = request.args.get("since")
    return since is not None and since == str(tournaments.version(get_session(), tournament_id))


@bp.get("/<tournament_id>/bracket")
def bracket_page(tournament_id: str) -> Any:
    """The knockout's bracket: every round to the final, and the champion once decided; its
    fragment for the live page (204 when nothing changed since `since`)."""
    if unchanged(tournament_id):
        return Response(status=204)
    tournament = tournaments.load(get_session(), tournament_id)
    return page_or_fragment("tournaments/bracket.html", "tournaments/_bracket_board.html",
                            tournament=tournament, rows=tournaments.rankings(tournament),
                            **bracket_context(tournament))


def bracket_context(tournament: tournaments.TournamentView) -> dict[str, Any]:
    """What the bracket partial needs: its slots and each paired match as people see it; a
    double elimination's brackets as `sections`."""
    if tournament.double:
        sections = double_bracket.sections(tournament)
        return {"slots": sections, "sections": sections, "third": None,
                "views": {m.row.id: m for r in tournament.rounds for m in r}}
    return {"slots": bracket.bracket(tournament.knockout_rounds()),
            "views": {m.row.id: m for r in tournament.rounds for m in r},
            "third": next((m for r in tournament.rounds for m in r if m.third_place), None)}


@bp.get("/<tournament_id>/sheet")
def sheet(tournament_id: str) -> str:
    """One printable page: every table of the current round, its players and QR codes."""
    key = require_director(tournament_id)
    tournament = tournaments.load(get_session(), tournament_id)
    number = tournament.current_round
    current = tournament.rounds[number - 1] if number else []
    return render_template("tournaments/sheet.html", tournament=tournament,
                           number=number, current=current,
                           codes={m.row.id: _codes(tournament, m, key)
                                  for m in current if not m.bye})


def _codes(tournament: tournaments.TournamentView, view: tournaments.MatchView,
           key: str) -> dict[str, Any]:
    """The table's scorer link as a QR code (none once its scorer set a new key), and each
    side's when results are confirmed."""
    link = table_link(tournament, view, key)
    sides = [qr_svg(side_url(view, side), _("QR code of the link for %(name)s", name=name))
             for side, name in enumerate(view.names)] if view.asks_confirmation else []
    return {"table": link and link["qr"], "sides": sides}


def table_link(tournament: tournaments.TournamentView, view: tournaments.MatchView,
               key: str) -> dict[str, Any] | None:
    """A table's scorer link and its QR code; None once its scorer set a new key (only their
    phone has it)."""
    scorer = shown_table_key(key, view.row)
    if scorer is None:
        return None
    url = table_url(tournament.row.id, view.row.id, scorer)
    return {"url": url, "qr": qr_svg(url, _("QR code of the table link"))}


# --- A side's page: confirm or dispute ---------------------------------------------------------

@bp.get("/<tournament_id>/matches/<int:match_id>/confirm")
def side(tournament_id: str, match_id: int) -> Any:
    return _side_page(tournament_id, match_id, request.args.get("key"))


def _side_page(tournament_id: str, match_id: int, key: str | None, error: str | None = None,
               status: int = 200) -> Any:
    """The match as one side sees it: result, games and hands, and its word to give."""
    session = get_session()
    tournament = tournaments.load(session, tournament_id)
    view = tournaments.match_view(tournament, match_id)
    speaker = counted_side(tournament_id, view.row.side_keys, key)
    if speaker is None and error is None:
        try:
            confirmations.refuse_replaced(session, tournament_id, key)
        except confirmations.WrongSide as refused:
            error, status = render_msg(refused.message), 403
    hands = [(game.id, number, games.load_game(session, game.id).state.hands)
             for number, game in enumerate(view.games, start=1)]
    return render_template("tournaments/side.html", tournament=tournament, view=view,
                           speaker=speaker, key=key if speaker is not None else None,
                           director=counted_director_key(tournament_id) is not None, hands=hands,
                           error=error, form=request.form), status


@bp.post("/<tournament_id>/matches/<int:match_id>/confirm")
def side_word(tournament_id: str, match_id: int) -> Any:
    """A side confirms or disputes (its key in the form); the director confirms (cookie)."""
    form = request.form
    key = form.get("key")
    if counted_director_key(tournament_id) is not None and not key:
        speaker = None
    else:
        tournament = tournaments.load(get_session(), tournament_id)
        side_keys = tournaments.match_view(tournament, match_id).row.side_keys
        speaker = counted_side(tournament_id, side_keys, key)
        if speaker is None:
            confirmations.refuse_replaced(get_session(), tournament_id, key)
            # No key at all is a 401, as everywhere; a wrong one a 403.
            return error_response(403 if key else 401, _(
                "That link does not belong to a side of this match: ask the director for "
                "yours."))
    try:
        _give_word(tournament_id, match_id, speaker, form)
    except confirmations.WrongSide as error:
        get_session().rollback()
        return _side_page(tournament_id, match_id, key, render_msg(error.message), 403)
    except RuleError as error:
        get_session().rollback()
        return _side_page(tournament_id, match_id, key, render_msg(error.message), 422)
    if speaker is None:
        return redirect(url_for("tournaments.show", tournament_id=tournament_id), 303)
    return redirect(url_for("tournament_extras.side", tournament_id=tournament_id,
                            match_id=match_id, key=key), 303)


def _give_word(tournament_id: str, match_id: int, speaker: int | None, form: Any) -> None:
    session = get_session()
    if form.get("word") == "dispute" and speaker is not None:
        picked = [value.rpartition(":") for value in form.getlist("hands")]
        hands = [{"game": game, "number": int(number) if number.isdigit() else number}
                 for game, _sep, number in picked]
        confirmations.dispute(session, tournament_id, match_id, speaker, form.get("reason"),
                              hands)
    else:
        confirmations.confirm(session, tournament_id, match_id, speaker)
