"""Seasons: a season of evenings (tournaments) of one game, and the tournaments in it

A season keeps its name, game, how many evenings count, the points by place and its key,
stored hashed like a director key; each tournament counted in it is one row.

Revision ID: 0018
Revises: 0016
Create Date: 2026-11-29 09:00:00
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0018'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('season',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('game', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('count_best', sa.Integer(), nullable=False),
    sa.Column('points', sa.JSON(), nullable=False),
    sa.Column('key_hash', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('updated_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('seasonevent',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('season_id', sa.String(length=32), nullable=False),
    sa.Column('tournament_id', sa.String(length=32), nullable=False),
    sa.Column('added_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('season_id', 'tournament_id')
    )
    with op.batch_alter_table('seasonevent', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seasonevent_season_id'), ['season_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_seasonevent_tournament_id'), ['tournament_id'],
                              unique=False)


def downgrade() -> None:
    with op.batch_alter_table('seasonevent', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seasonevent_tournament_id'))
        batch_op.drop_index(batch_op.f('ix_seasonevent_season_id'))
    op.drop_table('seasonevent')
    op.drop_table('season')
