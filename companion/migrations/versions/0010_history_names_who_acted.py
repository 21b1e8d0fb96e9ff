"""the tournament history says who acted, and where, for events stored before 0008

Events stored before revision 0008 carry no actor (the column's default, "system") and no
round, table or names. Each of those actions had only one possible actor, so it is written
in: the director created, added entrants, paired, set or removed results and replaced side
links; a side confirmed or disputed (the director, where the word names no side). Events
about a match get the round, table and entrants' names of that match.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 17:10:00
"""
from typing import Any

from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None

EVENTS = sa.table("tournamentevent", sa.column("id", sa.Integer), sa.column("action", sa.String),
                  sa.column("by", sa.String), sa.column("match_id", sa.Integer),
                  sa.column("round", sa.Integer), sa.column("table", sa.Integer),
                  sa.column("names", sa.JSON), sa.column("after", sa.JSON))
MATCHES = sa.table("match", sa.column("id", sa.Integer), sa.column("round_id", sa.Integer),
                   sa.column("table", sa.Integer), sa.column("sides", sa.JSON))
ROUNDS = sa.table("round", sa.column("id", sa.Integer), sa.column("number", sa.Integer))
ENTRANTS = sa.table("entrant", sa.column("id", sa.Integer), sa.column("name", sa.String))

# The actions stored before 0008, and who alone could take them.
DIRECTORS = ("create", "entrants", "round", "result", "clear_result", "side_keys")
WORDS = ("confirmed", "disputed")


def upgrade() -> None:
    conn = op.get_bind()
    names = dict(conn.execute(sa.select(ENTRANTS.c.id, ENTRANTS.c.name)).all())
    old = conn.execute(sa.select(EVENTS).where(EVENTS.c.by == "system",
                                               EVENTS.c.action.in_(DIRECTORS + WORDS))).all()
    for event in old:
        values: dict[str, Any] = {"by": _actor(event.action, event.after)}
        if event.match_id is not None and event.round is None:
            values.update(_where(conn, event.match_id, names))
        conn.execute(EVENTS.update().where(EVENTS.c.id == event.id).values(**values))


def _actor(action: str, after: Any) -> str:
    if action in WORDS and isinstance(after, dict) and after.get("side") is not None:
        return "side"
    return "director"


def _where(conn: Any, match_id: int, names: dict[int, str]) -> dict[str, Any]:
    """The round, table and entrants' names of the match an event is about."""
    found = conn.execute(sa.select(ROUNDS.c.number, MATCHES.c.table, MATCHES.c.sides)
                         .join(ROUNDS, ROUNDS.c.id == MATCHES.c.round_id)
                         .where(MATCHES.c.id == match_id)).first()
    if found is None:
        return {}
    return {"round": found.number, "table": found.table,
            "names": [names.get(side, "?") for side in found.sides]}


def downgrade() -> None:
    # What 0010 wrote in was true of the events; taking it back would lose nothing, but the
    # rows cannot tell which values were written here, so they are left as they are.
    pass
