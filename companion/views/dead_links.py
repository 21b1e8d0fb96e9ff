"""Links that stopped working say so: a table's scorer link replaced by a new key, a table
whose match is over. Never a silent redirect or a board missing its "Add hand"."""

from __future__ import annotations

from flask_babel import gettext as _

from ..db import get_session
from ..pages.tournament_access import OTHER_DIRECTOR
from ..services.tournament_keys import directs_a_tournament


def replaced() -> str:
    return str(_("This table link was replaced; ask the director for the new one."))


def finished() -> str:
    return str(_("This table's match is finished: nothing more is entered here. Its result "
                 "is on the tournament's page."))


def table_game_notice(in_tournament: bool, editor: bool, presented: str | None) -> str | None:
    """On a table game's page: the sentence for a phone whose key no longer opens it."""
    if not in_tournament or not presented or editor:
        return None
    if directs_a_tournament(get_session(), presented):
        return str(_(OTHER_DIRECTOR))
    return replaced()
