"""Shelem hands stored with bidding-team points below 5 are raised to 5

The Hâkem's four discards are the bidding team's thirteenth trick, worth at least 5 points,
so the rules now refuse `bidder_points` below 5. Earlier versions let 0 through; such a game
would no longer open. Each such hand becomes the nearest possible one (5 points), recorded in
the game's history as a correction, and the game's totals are worked out again.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""
from datetime import datetime, timezone

from alembic import op
import sqlalchemy as sa

from companion.rules.catalogue import get_game
from companion.rules.messages import RuleError

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

LEAST = 5
REASON = "points raised to 5: the Hâkem's discards are worth at least 5 (Companion update)"


def upgrade() -> None:
    bind = op.get_bind()
    # The columns this revision reads and writes, as they stand at 0003 (JSON typed, so
    # SQLite hands back dicts and lists, not text).
    game = sa.table("game", sa.column("id", sa.String), sa.column("game", sa.String),
                    sa.column("rules", sa.JSON), sa.column("players", sa.JSON),
                    sa.column("teams", sa.JSON), sa.column("first_dealer", sa.Integer),
                    sa.column("version", sa.Integer), sa.column("totals", sa.JSON),
                    sa.column("winners", sa.JSON), sa.column("finished", sa.Boolean))
    hand = sa.table("hand", sa.column("id", sa.Integer), sa.column("game_id", sa.String),
                    sa.column("position", sa.Integer), sa.column("data", sa.JSON))
    event = sa.table("gameevent", sa.column("game_id", sa.String),
                     sa.column("version", sa.Integer), sa.column("action", sa.String),
                     sa.column("number", sa.Integer), sa.column("before", sa.JSON),
                     sa.column("after", sa.JSON), sa.column("reason", sa.String),
                     sa.column("undone", sa.Boolean), sa.column("created_at", sa.DateTime))
    for row in bind.execute(sa.select(game).where(game.c.game == "shelem")).mappings():
        hands = bind.execute(sa.select(hand).where(hand.c.game_id == row["id"])
                             .order_by(hand.c.position)).mappings().all()
        raised = [h for h in hands if _too_low(h["data"])]
        if not raised:
            continue
        version = row["version"]
        for stored in raised:
            after = {**stored["data"], "bidder_points": LEAST}
            version += 1
            bind.execute(hand.update().where(hand.c.id == stored["id"]).values(data=after))
            bind.execute(event.insert().values(
                game_id=row["id"], version=version, action="edit", number=stored["position"],
                before=stored["data"], after=after, reason=REASON, undone=False,
                created_at=datetime.now(timezone.utc)))
        values = {"version": version}
        datas = [{**h["data"], "bidder_points": LEAST} if _too_low(h["data"]) else h["data"]
                 for h in hands]
        try:
            spec = get_game("shelem")
            sides = len(row["teams"]) if row["teams"] else len(row["players"])
            state = spec.play_written(spec.resolve(row["rules"]), datas, sides,
                                      len(row["players"]),
                                      row["first_dealer"])
            values.update(totals=state.totals, winners=state.winners, finished=state.finished)
        except (RuleError, KeyError, TypeError):
            pass  # another impossible hand: the game page names it, as before
        bind.execute(game.update().where(game.c.id == row["id"]).values(**values))


def _too_low(data: object) -> bool:
    points = data.get("bidder_points") if isinstance(data, dict) else None
    return type(points) is int and 0 <= points < LEAST


def downgrade() -> None:
    pass  # the raised hands stay raised: the older rule accepted 5 as well
