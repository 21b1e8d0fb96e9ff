"""Game pages: set up a game, the live scoreboard, corrections, undo, history, rules card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from htmx_flask import request as htmx_request
from markupsafe import Markup
from sqlmodel import Session

from ..cache import board_store
from ..conditional import conditional
from ..db import get_session
from ..i18n import current_digits, render_msg
from ..limits import creates, refuse_key
from ..pages import device
from ..pages.access import (
    deletion_refused,
    editor_key,
    may_edit,
    presented_key,
    remember_key,
    require_edit_key,
)
from ..rules.catalogue import GAMES, get_game
from ..rules.messages import RuleError
from ..services import chart, games, history, setup, tournaments
from ..services.keys import key_matches
from ..services.payload import read_version
from ..services.tournaments import clock
from . import dead_links
from .render import form_key

bp = Blueprint("games", __name__, url_prefix="/games")
# The board lists only the latest hands, as a table follows them; older ones are a tap away on
# the list of every hand, so a long game's board stays as light as a short one's.
BOARD_HANDS = 50

# Parts of the new-game form that htmx re-renders on their own, by the id they replace.
SETUP_FRAGMENTS = {
    "house-rules": "games/_house_rules.html",
    "players": "games/_players.html",
    "first-dealer": "games/_dealer.html",
}


# --- Setting up a game -------------------------------------------------------------------

@bp.get("/new")
def new() -> str:
    name = request.args.get("game")
    if name not in GAMES:
        return render_template("games/pick.html", games=GAMES.values())
    form = setup.blank(GAMES[name], request.args.get("preset"))
    return _setup_page(form)


@bp.post("/new")
@creates
def create() -> Any:
    spec = get_game(request.args.get("game", request.form.get("game")))
    form = setup.read(spec, request.form, request.form.getlist("players"))
    if htmx_request.htmx or "players_action" in request.form:
        return _setup_page(form)  # more or fewer players, or names changed: nothing saved
    try:
        game, key = setup.create(get_session(), form)
    except RuleError as error:
        form.errors[setup.field_of(error)] = render_msg(error.message)
        return _setup_page(form), 422
    response = redirect(url_for("games.show", game_id=game.row.id), 303)
    remember_key(response, game.row.id, key)
    return response


def _setup_page(form: setup.Setup) -> str:
    context = {"form": form, "known": device.suggested_names(get_session())}
    fragment = SETUP_FRAGMENTS.get(htmx_request.htmx.target or "") if htmx_request.htmx else None
    return render_template(fragment or "games/new.html", **context)


# --- The scoreboard ----------------------------------------------------------------------

@bp.get("/<game_id>")
def show(game_id: str) -> Any:
    key = request.args.get("key")
    if key is not None:
        if key_matches(key, games.load_game(get_session(), game_id).row.edit_key_hash):
            response = redirect(url_for("games.show", game_id=game_id), 303)
            remember_key(response, game_id, key)
            return response
        refuse_key(game_id)  # a wrong key in a link is a guess like any other
        refused = _board(game_id, editor=False)
        message = dead_links.table_game_notice(refused["table_match"] is not None, False, key) or _(
            "That edit link does not open this game: you can follow the score, but not change it.")
        return render_template("games/show.html", **refused, message=message), 403
    board = _board(game_id)
    game = board["game"]
    # A scorer whose table key was replaced is told so, not just left without "Add hand".
    notice = dead_links.table_game_notice(board["table_match"] is not None, board["editor"],
                                          presented_key(game_id))
    device.note_game(game_id)  # the home page lists it on this phone from now on
    # The after-the-end notice offers to undo the correction that caused it.
    last = (games.last_change(get_session(), game_id)
            if board["editor"] and game.state.after_end else None)
    # The scorer goes on to the match's next game with the table's key (the same for all).
    onward = board["table_match"] and board["table_match"].next_game
    next_key = editor_key(game_id) if board["editor"] and onward else None
    # After an undo the scorer reads what it undid, with a button to make it again.
    undone = games.last_undo(get_session(), game_id) if board["editor"] else None
    if htmx_request.htmx and not htmx_request.htmx.boosted:
        return board["board_html"]  # the board alone, as games.board sends it
    # A table's scorer may not delete a decided game: the page says so instead of offering it.
    kept = deletion_refused(game_id) if board["editor"] else None
    return render_template("games/show.html", **board, last_change=last, next_key=next_key,
                           message=notice, undone=undone and history.describe(undone),
                           delete_refused=kept and render_msg(kept))


@bp.get("/<game_id>/board")
def board(game_id: str) -> Any:
    """The live board for pollers and pushed fetches: 204 when nothing changed since `since`,
    304 when the phone holds this very board (ETag). A viewer's read is one query when this
    process already rendered the board: its revision, then the rendered copy."""
    since = request.args.get("since", type=int)
    shown = games.revision(get_session(), game_id)  # before what it shows
    if shown == since:
        return Response(status=204)
    editor = may_edit(game_id)
    key = _board_key(game_id, shown, editor)
    return conditional(key, lambda: _board_html(key, lambda: _board_context(
        games.load_game(get_session(), game_id), shown, editor)))


def pushed_board(game_id: str, version: int, editor: bool) -> str | None:
    """The board a live stream sends with a change, `version` its revision (None if the
    board moved on meanwhile: the viewer then fetches it)."""
    context = _board_context(games.load_game(get_session(), game_id), version, editor)
    if games.revision(get_session(), game_id) != version:
        return None
    return str(_board_html(_board_key(game_id, version, editor), lambda: context))


Matches = tuple[games.MatchSummary | None, games.GameMatch | None]


def _matches(game: games.GameView) -> Matches:
    """The game's match of its own (Basra) and its tournament table's match, if any."""
    return (games.match_summary(get_session(), game.row),
            tournaments.game_match(get_session(), game.row.id))


def _board_context(game: games.GameView, shown: int, editor: bool | None = None
                   ) -> dict[str, Any]:
    """What the board shows: the game, its match (a Basra match or a tournament table's; they
    change with the match's other games), whether this phone may change it, and `shown`, the
    revision it is as of (read before all this: a board is never labelled newer than
    what it shows)."""
    match, table_match = _matches(game)
    return {
        "game": game,
        "editor": may_edit(game.row.id) if editor is None else editor,
        "match": match,
        "table_match": table_match,
        "clock": table_match and clock.of_game(get_session(), game.row.id),
        "shown": shown,
    }


def _board_key(game_id: str, shown: int, editor: bool) -> tuple[Any, ...]:
    """Everything the board's HTML depends on: its revision says what it shows."""
    return ("board", game_id, shown, str(get_locale()), current_digits(), editor)


def _board_html(key: tuple[Any, ...], context: Callable[[], dict[str, Any]]) -> Markup:
    """The board, rendered once per revision, language, digits and scorer-or-not (a game at
    the 500-hand cap is rendered at its change, not at every read); `context` is only worked
    out when this process's store does not hold it."""

    def render() -> str:
        found = context()
        game = found["game"]  # scored here, on first use: a page whose board is kept is not
        scores = [hand.scores for hand in game.state.hands[:game.state.counted]]
        return render_template("games/_board.html", **found,
                               chart=chart.progression(scores, game.sides),
                               winners=[game.sides[side] for side in game.state.winners],
                               hands_from=max(0, len(game.state.hands) - BOARD_HANDS))

    return Markup(board_store().get_or_make(key, render))


def _board(game_id: str, editor: bool | None = None) -> dict[str, Any]:
    """The game, the board's context and its HTML, for the game page."""
    shown = games.revision(get_session(), game_id)  # before what the board shows
    context = _board_context(games.load_game(get_session(), game_id), shown, editor)
    key = _board_key(game_id, shown, context["editor"])
    return {**context, "board_html": _board_html(key, lambda: context)}


@bp.post("/<game_id>/next")
@creates
def next_game(game_id: str) -> Any:
    """Start the next game of the match; this phone gets the new game's edit key."""
    return start_following(game_id, games.next_match_game)


def start_following(game_id: str,
                    start: Callable[[Session, str], tuple[games.GameView, str]]) -> Any:
    """Start a game that follows this one (`start`) and open it with its edit key here.

    A second tap opens the game the first one started; a refusal shows the game with why.
    """
    require_edit_key(game_id)
    session = get_session()
    try:
        game, key = start(session, game_id)
    except games.MatchGameExists as exists:
        return redirect(url_for("games.show", game_id=exists.game_id), 303)
    except RuleError as error:
        return _refused(game_id, render_msg(error.message), 400)
    response = redirect(url_for("games.show", game_id=game.row.id), 303)
    remember_key(response, game.row.id, key)
    return response


@bp.get("/<game_id>/rules")
def rules(game_id: str) -> str:
    game = games.load_game(get_session(), game_id)
    return render_template("games/rules.html", game=game,
                           card=game.spec.rules_card(game.rules))


@bp.get("/<game_id>/history")
def changes(game_id: str) -> str:
    game = games.load_game(get_session(), game_id)
    events = [(event, history.describe(event))
              for event in games.history(get_session(), game_id)]
    return render_template("games/history.html", game=game, events=events)


@bp.get("/<game_id>/hands")
def every_hand(game_id: str) -> Any:
    """Every hand of the game, the board's older ones included."""
    shown = games.revision(get_session(), game_id)  # before what the page shows
    editor = may_edit(game_id)
    key = ("every hand", *_board_key(game_id, shown, editor))
    return conditional(key, lambda: render_template(
        "games/hands.html", game=games.load_game(get_session(), game_id), editor=editor,
        hands_from=0))


# --- Corrections -------------------------------------------------------------------------

@bp.get("/<game_id>/hands/<int:number>/delete")
def confirm_delete(game_id: str, number: int) -> str:
    require_edit_key(game_id)
    game = games.load_game(get_session(), game_id)
    if not 1 <= number <= len(game.hands):
        raise games.GameNotFound(f"hand {number}")
    return render_template("games/delete.html", game=game, number=number,
                           score=game.state.hands[number - 1],
                           version=request.args.get("version", game.row.version),
                           key=form_key())


@bp.post("/<game_id>/hands/<int:number>/delete")
def delete(game_id: str, number: int) -> Any:
    require_edit_key(game_id)
    return _change(game_id, lambda session, version: games.delete_hand(
        session, game_id, number, version, request.form.get("reason", ""),
        request.form.get("key") or None))


@bp.post("/<game_id>/after-end/delete")
def delete_after_end(game_id: str) -> Any:
    """Delete, in one tap, the hands a correction left after the end of the game."""
    require_edit_key(game_id)
    return _change(game_id, lambda session, version: games.delete_after_end(
        session, game_id, version))


@bp.post("/<game_id>/undo")
def undo(game_id: str) -> Any:
    require_edit_key(game_id)
    return _change(game_id, lambda session, version: games.undo_last(session, game_id, version))


@bp.post("/<game_id>/redo")
def redo(game_id: str) -> Any:
    require_edit_key(game_id)
    return _change(game_id, lambda session, version: games.redo_last(session, game_id, version))


def _change(game_id: str, make: Any) -> Any:
    """Run a change based on the version the page showed; a refusal shows the game as it is."""
    session = get_session()
    try:
        make(session, _version())
    except games.StaleGame as stale:
        return _refused(game_id, render_msg(stale.message), 409)
    except RuleError as error:
        return _refused(game_id, render_msg(error.message), 400)
    return redirect(url_for("games.show", game_id=game_id), 303)


def _version() -> int | None:
    """The version the page showed (none sent means no check; junk is refused)."""
    return read_version(request.form.get("version"))


def _refused(game_id: str, message: str, status: int) -> tuple[str, int]:
    return render_template("games/show.html", **_board(game_id), message=message), status
