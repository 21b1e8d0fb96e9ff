"""Basra game hands drop a carry_in their rules refuse

A game ignores a hand's own `carry_in` (it threads the carries itself) and used to take any
value there unchecked; a hand is now read the same way in a game as alone, so a `carry_in`
the game's rules refuse (not 0 or a multiple of the majority points carried on a tie) would
stop the game from opening. Such a value is dropped from stored hands and their history; it
never counted.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 17:40:00
"""
from typing import Any

from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

GAMES = sa.table("game", sa.column("id", sa.String), sa.column("game", sa.String),
                 sa.column("rules", sa.JSON))
HANDS = sa.table("hand", sa.column("id", sa.Integer), sa.column("game_id", sa.String),
                 sa.column("data", sa.JSON))
EVENTS = sa.table("gameevent", sa.column("id", sa.Integer), sa.column("game_id", sa.String),
                  sa.column("before", sa.JSON), sa.column("after", sa.JSON))


def upgrade() -> None:
    bind = op.get_bind()
    steps = {row.id: _step(row.rules) for row in
             bind.execute(sa.select(GAMES.c.id, GAMES.c.rules).where(GAMES.c.game == "basra"))}
    for row in bind.execute(sa.select(HANDS).where(HANDS.c.game_id.in_(steps))).all():
        kept = _kept(row.data, steps[row.game_id])
        if kept != row.data:
            bind.execute(HANDS.update().where(HANDS.c.id == row.id).values(data=kept))
    for row in bind.execute(sa.select(EVENTS).where(EVENTS.c.game_id.in_(steps))).all():
        step = steps[row.game_id]
        before, after = _kept(row.before, step), _kept(row.after, step)
        if (before, after) != (row.before, row.after):
            bind.execute(EVENTS.update().where(EVENTS.c.id == row.id)
                         .values(before=before, after=after))


# The presets' majority rules as 0011 knows them (frozen here, as migrations are); older rows
# may store only the preset's name.
PRESET_MAJORITY = {"lebanese": ("none", 3)}


def _step(rules: Any) -> int:
    """What a carry_in must be a multiple of under these rules (0: no carry at all)."""
    rules = rules if isinstance(rules, dict) else {}
    tie, points = PRESET_MAJORITY.get(rules.get("preset", "egyptian"), ("carry", 30))
    if rules.get("majority_tie", tie) != "carry":
        return 0
    points = rules.get("majority_points", points)
    return points if isinstance(points, int) and points > 0 else 0


def _kept(data: Any, step: int) -> Any:
    """The hand without a carry_in its rules refuse (as 0011 reads them, frozen here); the
    hands a trim took away (`{"hands": [...]}`) each the same way."""
    if isinstance(data, dict) and isinstance(data.get("hands"), list):
        return {**data, "hands": [_kept(hand, step) for hand in data["hands"]]}
    if not isinstance(data, dict) or "carry_in" not in data:
        return data
    carry = data["carry_in"]
    if isinstance(carry, int) and not isinstance(carry, bool) and carry >= 0 and (
            carry == 0 or (step and carry % step == 0)):
        return data
    return {key: value for key, value in data.items() if key != "carry_in"}


def downgrade() -> None:
    pass  # the dropped values never counted, and are not kept
