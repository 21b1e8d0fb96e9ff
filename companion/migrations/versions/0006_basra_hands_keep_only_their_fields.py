"""Basra hands keep only their own fields

Basra hands are now refused with a field they do not have (as the other games' hands were
already). Earlier versions stored such a field with the hand and served it back; it is
dropped from stored hands and from their history, so those games still open.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

# A Basra hand's fields as this revision knows them (frozen here, as migrations are).
CARD_FIELDS = {"captured", "basras", "carry_in"}
COUNT_FIELDS = {"cards", "jacks", "aces", "two_of_clubs", "ten_of_diamonds", "basras",
                "carry_in"}


def upgrade() -> None:
    bind = op.get_bind()
    game = sa.table("game", sa.column("id", sa.String), sa.column("game", sa.String))
    hand = sa.table("hand", sa.column("id", sa.Integer), sa.column("game_id", sa.String),
                    sa.column("data", sa.JSON))
    event = sa.table("gameevent", sa.column("id", sa.Integer), sa.column("game_id", sa.String),
                     sa.column("before", sa.JSON), sa.column("after", sa.JSON))
    basra = sa.select(game.c.id).where(game.c.game == "basra")
    for row in bind.execute(sa.select(hand).where(hand.c.game_id.in_(basra))).mappings():
        if _trimmed(row["data"]) != row["data"]:
            bind.execute(hand.update().where(hand.c.id == row["id"])
                         .values(data=_trimmed(row["data"])))
    for row in bind.execute(sa.select(event).where(event.c.game_id.in_(basra))).mappings():
        before, after = _trimmed(row["before"]), _trimmed(row["after"])
        if (before, after) != (row["before"], row["after"]):
            bind.execute(event.update().where(event.c.id == row["id"])
                         .values(before=before, after=after))


def _trimmed(data: object) -> object:
    """A stored hand without unknown fields; anything else (None, a list of names) as it was."""
    if not isinstance(data, dict) or not ({"captured", "cards"} & data.keys()):
        return data
    known = CARD_FIELDS if "captured" in data else COUNT_FIELDS
    return {key: value for key, value in data.items() if key in known}


def downgrade() -> None:
    pass  # the dropped fields were never part of the hand
