"""undo keeps what it reverses in its own column

An undo or a redo stored the kind of change it takes back in `reason`; it now has its own
column, `reverses`, and those events' reasons are moved there (and back on downgrade).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 15:16:32.558656
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

EVENTS = sa.table("gameevent", sa.column("action", sa.String), sa.column("reason", sa.String),
                  sa.column("reverses", sa.String))
REVERSING = EVENTS.c.action.in_(("undo", "redo"))


def upgrade() -> None:
    with op.batch_alter_table('gameevent', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reverses', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      nullable=False, server_default=""))
    op.execute(EVENTS.update().where(REVERSING).values(reverses=sa.func.substr(EVENTS.c.reason,
                                                                                 1, 16),
                                                         reason=""))


def downgrade() -> None:
    op.execute(EVENTS.update().where(REVERSING).values(reason=EVENTS.c.reverses))
    with op.batch_alter_table('gameevent', schema=None) as batch_op:
        batch_op.drop_column('reverses')
