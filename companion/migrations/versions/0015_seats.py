"""Every seat enters its own: a game's seat links and what each seat sent

One row per seat of a game: its key, stored hashed like an edit key, and the entry its side
sent for the hand being entered. A new set of links replaces the game's rows.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29 05:30:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'seat',
        sa.Column('game_id', sa.String(length=32), nullable=False),
        sa.Column('side', sa.Integer(), nullable=False),
        sa.Column('key_hash', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
        sa.Column('hand', sa.Integer(), nullable=True),
        sa.Column('entry', sa.JSON(), nullable=True),
        sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'side'),
    )


def downgrade() -> None:
    op.drop_table('seat')
