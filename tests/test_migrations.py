"""The schema is made by migrations only: they must match the models exactly, and
`flask --app companion migration -m "..."` (`make migration`) writes the next one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Column, Integer, Table, create_engine, inspect
from sqlmodel import SQLModel

from companion import db, models  # noqa: F401


def test_migrations_match_the_models(app):
    with app.extensions["engine"].connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []


@pytest.fixture
def migrations(tmp_path, monkeypatch) -> Path:
    """A copy of companion/migrations for `migration` to write into (never the real one)."""
    copy = tmp_path / "migrations"
    shutil.copytree(db.MIGRATIONS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(db, "MIGRATIONS", copy)
    return copy


def test_migration_command_writes_nothing_when_the_models_match_the_migrations(app, migrations):
    before = sorted(p.name for p in (migrations / "versions").iterdir())
    result = app.test_cli_runner().invoke(args=["migration", "-m", "nothing changed"])
    assert result.exit_code == 0, result.output
    assert "The models match the migrations: no migration written." in result.output
    assert sorted(p.name for p in (migrations / "versions").iterdir()) == before


def test_migration_command_writes_the_next_numbered_revision_for_a_model_change(
        app, migrations, tmp_path):
    newest = max(int(p.name[:4]) for p in (migrations / "versions").glob("[0-9]*.py"))
    table = Table("scratch_note", SQLModel.metadata, Column("id", Integer, primary_key=True))
    try:
        result = app.test_cli_runner().invoke(args=["migration", "-m", "scratch note"])
    finally:
        SQLModel.metadata.remove(table)  # the models go back to what every other test expects
    assert result.exit_code == 0, result.output
    written = migrations / "versions" / f"{newest + 1:04d}_scratch_note.py"
    assert f"Wrote {written}." in result.output
    text = written.read_text()
    assert f"down_revision = '{newest:04d}'" in text
    assert "op.create_table('scratch_note'" in text
    # The new revision applies on top of the others.
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    db.upgrade(url)
    engine = create_engine(url)
    assert "scratch_note" in inspect(engine).get_table_names()
    engine.dispose()
