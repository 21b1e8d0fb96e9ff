"""games of a Basra match: the match's first game and the game's number in it

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('match_id', sqlmodel.sql.sqltypes.AutoString(length=32),
                                      nullable=True))
        batch_op.add_column(sa.Column('match_number', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_match_id'), ['match_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_match_id'))
        batch_op.drop_column('match_number')
        batch_op.drop_column('match_id')
