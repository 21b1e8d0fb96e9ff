"""Each board's revision, stored: a game's and a tournament's

A board said which version it showed by a sum of its game's, its match's other games' and its
tournament's versions, right only while every part only grew. Each game and tournament now
keeps its board's revision, moved on in the transaction of any change it shows
(services/boards.py). A game's match is found by its id, hence the index.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29 04:45:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('board_revision', sa.Integer(), nullable=False,
                                      server_default='0'))
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('board_revision', sa.Integer(), nullable=False,
                                      server_default='0'))
    with op.batch_alter_table('matchgame', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_matchgame_game_id'), ['game_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('matchgame', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_matchgame_game_id'))
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('board_revision')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('board_revision')
