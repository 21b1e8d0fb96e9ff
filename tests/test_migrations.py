"""The schema is made by migrations only: they must match the models exactly."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from companion import models  # noqa: F401


def test_migrations_match_the_models(app):
    with app.extensions["engine"].connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []
