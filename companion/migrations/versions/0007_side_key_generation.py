"""the sides' confirmation links of a match can be replaced: a generation number per match

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('side_key_generation', sa.Integer(), nullable=False,
                                      server_default='0'))


def downgrade() -> None:
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('side_key_generation')
