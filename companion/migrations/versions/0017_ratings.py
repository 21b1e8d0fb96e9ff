"""Ratings: each rated game's step of its players, and where each player stands now

Both tables are a replay of the finished games (services/ratings.py): the upgrade leaves them
empty and fills them by replaying every stored game once, oldest first.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-29 09:00:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'ratingstep',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('game', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column('player', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_ratingstep_game_id', 'ratingstep', ['game_id'], unique=False)
    op.create_index('ix_ratingstep_game_at', 'ratingstep', ['game', 'at', 'game_id'],
                    unique=False)
    op.create_index('ix_ratingstep_player', 'ratingstep', ['game', 'player', 'at'],
                    unique=False)
    op.create_table(
        'playerrating',
        sa.Column('game', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
        sa.Column('player', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
        sa.Column('mu', sa.Float(), nullable=False),
        sa.Column('sigma', sa.Float(), nullable=False),
        sa.Column('games', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('game', 'player'),
    )
    from companion.services.ratings import recompute_all
    recompute_all(sqlmodel.Session(op.get_bind()))


def downgrade() -> None:
    op.drop_table('playerrating')
    op.drop_index('ix_ratingstep_player', table_name='ratingstep')
    op.drop_index('ix_ratingstep_game_at', table_name='ratingstep')
    op.drop_index('ix_ratingstep_game_id', table_name='ratingstep')
    op.drop_table('ratingstep')
