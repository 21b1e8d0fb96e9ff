"""The director's day: the round clock, check-in, deleted tournaments

A tournament keeps its round's clock and when its director deleted it (restorable for 7
days); an entrant says whether it has checked in (everyone already entered has).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-28 13:58:41
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('checked_in', sa.Boolean(), nullable=False,
                                      server_default=sa.true()))

    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('clock', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('deleted_at', sqlmodel.sql.sqltypes.UTCDateTime(),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('clock')

    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.drop_column('checked_in')
