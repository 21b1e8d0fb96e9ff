"""Tournament hall: withdrawals, third-place matches, who acted in the audit trail

Entrants can withdraw, a knockout can play a third-place match, the tournament's history
says who acted at which round and table, and a game's history says when the director
made a change at a tournament table.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.add_column(sa.Column('withdrawn', sa.JSON(), nullable=True))

    with op.batch_alter_table('gameevent', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      nullable=False, server_default=''))

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('third_place', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))

    with op.batch_alter_table('tournamentevent', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by', sqlmodel.sql.sqltypes.AutoString(length=16),
                                      nullable=False, server_default='system'))
        batch_op.add_column(sa.Column('round', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('table', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('names', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tournamentevent', schema=None) as batch_op:
        batch_op.drop_column('names')
        batch_op.drop_column('table')
        batch_op.drop_column('round')
        batch_op.drop_column('by')

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('third_place')

    with op.batch_alter_table('gameevent', schema=None) as batch_op:
        batch_op.drop_column('by')

    with op.batch_alter_table('entrant', schema=None) as batch_op:
        batch_op.drop_column('withdrawn')
