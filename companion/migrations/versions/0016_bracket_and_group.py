"""A match's bracket and group, and longer format names

Double elimination puts each match in the winners', the losers' or the final bracket; groups
then knockout puts each group-stage match in its group. "double_elimination" is longer than
the 16 characters a format had.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-29 09:05:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.alter_column('format', existing_type=sqlmodel.sql.sqltypes.AutoString(length=16),
                              type_=sqlmodel.sql.sqltypes.AutoString(length=32),
                              existing_nullable=False)
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bracket', sqlmodel.sql.sqltypes.AutoString(length=8),
                                      nullable=False, server_default=''))
        batch_op.add_column(sa.Column('group_label', sqlmodel.sql.sqltypes.AutoString(length=4),
                                      nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('group_label')
        batch_op.drop_column('bracket')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.alter_column('format', existing_type=sqlmodel.sql.sqltypes.AutoString(length=32),
                              type_=sqlmodel.sql.sqltypes.AutoString(length=16),
                              existing_nullable=False)
