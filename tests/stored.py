"""What the database holds, for tests that check a refused request stored nothing."""

from __future__ import annotations

from sqlmodel import func, select

from companion.db import get_session
from companion.models import Game


def stored_games(client) -> int:
    """How many games are stored (deleted ones included), whoever created them."""
    with client.application.app_context():
        return get_session().exec(select(func.count()).select_from(Game)).one()
