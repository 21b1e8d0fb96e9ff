"""Every helper a template may use on any page, registered in this one place."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from flask_babel import get_locale
from jinja2 import pass_context, pass_eval_context
from jinja2.filters import do_join
from jinja2.nodes import EvalContext
from jinja2.runtime import Context

from . import digits
from .i18n import (
    LANGUAGES,
    RTL,
    cards,
    current_digits,
    install_template_gettext,
    join_items,
    join_list,
    list_separator,
    num,
    render_msg,
    shown_name,
    translate,
)
from .links import side_url
from .rules.catalogue import get_game
from .rules.messages import Team, naming
from .rules.scores import Line
from .services import setup, wall
from .services.tournament_status import knockout_standings, status
from .services.tournaments.group_stage import group_tables
from .views.share import qr_svg, share_links


def init_app(app: Flask) -> None:
    """Filters and names for every template (after Babel, whose gettext this replaces)."""
    install_template_gettext(app)
    app.add_template_filter(_per_reader(num), "num")
    app.add_template_filter(_per_reader(cards), "cards")
    # `message | naming(game.sides)`: the engine's "Side 1" becomes the player's name.
    app.add_template_filter(naming, "naming")
    app.add_template_filter(breakdown, "breakdown")
    app.add_template_filter(names, "names")
    # A partnership's name, printed or joined with others, in the reader's words.
    app.jinja_env.finalize = shown_name
    app.add_template_filter(join, "join")
    app.context_processor(_language)
    app.context_processor(_page_helpers)


def _per_reader(function: Callable[[Any], str]) -> Callable[..., str]:
    """`function` as a template filter worked out for each reader.

    Jinja folds a plain filter on a constant (`{{ 0 | num }}`) when it compiles a template, so
    the first reader's digits would stay for everyone; it never folds a context filter.
    """
    @pass_context
    def for_reader(_context: Context, value: Any) -> str:
        return function(value)

    return for_reader


def breakdown(lines: list[Line]) -> str:
    """"most cards 30, jacks 2, basras 20" in the request's language."""
    items = [translate("%(label)s %(points)s", label=render_msg(line.label),
                       points=num(line.points)) for line in lines]
    return join_list(items, style="unit") if items else "—"


def names(items: list[str]) -> str:
    items = list(items)
    return join_items([shown_name(item) for item in items],
                      any(isinstance(item, Team) for item in items))


@pass_eval_context
def join(eval_context: EvalContext, items: Iterable[Any], separator: str = "",
         attribute: str | int | None = None) -> str:
    """Jinja's `join`, each partnership's name in it as the reader's language joins it."""
    shown = items if attribute is not None else [shown_name(item) for item in items]
    return str(do_join(eval_context, shown, separator, attribute))


def _language() -> dict[str, Any]:
    lang = str(get_locale() or "en")
    return {
        "lang": lang,
        "text_dir": "rtl" if lang in RTL else "ltr",
        "languages": LANGUAGES,
        "digit_systems": digits.SAMPLES,
        "digits": current_digits(),
        "say": render_msg,
        "comma": list_separator,
    }


def _page_helpers() -> dict[str, Any]:
    return {
        "preset_title": setup.preset_title, "value_title": setup.value_title,
        "rules_title": setup.rules_title, "spec_of": get_game,
        "share_links": share_links, "qr_svg": qr_svg, "side_url": side_url,
        # Tournament pages: "Round x of y", a knockout's rounds reached, a table's live points.
        "hall_status": status, "hall_reached": knockout_standings, "wall_live": wall.live_points,
        "group_tables": group_tables,  # a groups then knockout's standings, group by group
        # When the page was made (ms since 1970): a board read offline says how old it is.
        "page_time": int(time.time() * 1000),
    }
