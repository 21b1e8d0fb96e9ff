"""match keys are random and stored

A match's table and side keys were worked out from its id (with the director key, and with
the app's SECRET_KEY), so a match made with a removed match's id (SQLite gives the highest
one again) had the removed match's keys. They are now random and stored with the match.

Upgrading a running tournament keeps every link already handed out: each side key is worked
out here once more, as before, and stored (the app's SECRET_KEY comes from `flask migrate`;
without it the sides get new links), and a side key the director had replaced is kept as
replaced. A table's key needs the director key, which is not stored: its hash stays, so the
printed table links keep working, and the director's page still shows them (see
services/tournament_keys.shown_table_key).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28 13:54:30.318800
"""
import base64
import hashlib
import hmac
import secrets

from alembic import context, op
import sqlalchemy as sa
import sqlmodel


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

MATCHES = sa.table("match", sa.column("id", sa.Integer), sa.column("tournament_id", sa.String),
                   sa.column("sides", sa.JSON), sa.column("side_key_generation", sa.Integer),
                   sa.column("side_keys", sa.JSON))
REPLACED = sa.table("replacedsidekey", sa.column("tournament_id", sa.String),
                    sa.column("key_hash", sa.String))


def upgrade() -> None:
    op.create_table('replacedsidekey',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.String(length=32), nullable=False),
    sa.Column('key_hash', sqlmodel.sql.sqltypes.AutoString(length=128), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('replacedsidekey', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_replacedsidekey_tournament_id'), ['tournament_id'], unique=False)

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('table_key', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=True))
        batch_op.add_column(sa.Column('side_keys', sa.JSON(), nullable=True))

    _store_side_keys(op.get_bind(), context.config.attributes.get("secret_key"))

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.alter_column('side_keys', existing_type=sa.JSON(), nullable=False)
        batch_op.drop_column('side_key_generation')


def _store_side_keys(bind: sa.Connection, secret: str | None) -> None:
    """Each match's side keys as 0011 worked them out (new ones without the secret), and the
    keys of the generations the director replaced, as replaced."""
    for match in bind.execute(sa.select(MATCHES)).all():
        sides = range(len(match.sides or []))
        if secret is None:
            keys = [secrets.token_urlsafe(16) for _ in sides]
        else:
            keys = [_side_key(secret, match, side, match.side_key_generation) for side in sides]
            for old in range(match.side_key_generation):
                bind.execute(REPLACED.insert(), [
                    {"tournament_id": match.tournament_id,
                     "key_hash": hashlib.sha256(_side_key(secret, match, side, old).encode())
                     .hexdigest()} for side in sides])
        bind.execute(MATCHES.update().where(MATCHES.c.id == match.id).values(side_keys=keys))


def _side_key(secret: str, match: sa.Row, side: int, generation: int) -> str:
    """A side's key as 0011 derived it (frozen here, as migrations are)."""
    purpose = f"side:{match.tournament_id}:{match.id}:{side}" + (
        f":{generation}" if generation else "")
    digest = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def downgrade() -> None:
    # Side links handed out since this revision end (0011 works them out from the id).
    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('side_key_generation', sa.INTEGER(), server_default=sa.text("'0'"), nullable=False))
        batch_op.drop_column('side_keys')
        batch_op.drop_column('table_key')

    with op.batch_alter_table('replacedsidekey', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_replacedsidekey_tournament_id'))

    op.drop_table('replacedsidekey')
