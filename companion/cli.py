"""Command-line tools: `flask --app companion migrate | migration | translations | backup |
restore`."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import db


def init_app(app: Flask) -> None:
    app.cli.add_command(migrate)
    app.cli.add_command(migration)
    app.cli.add_command(translations)
    app.cli.add_command(backup)
    app.cli.add_command(restore)


@click.command()
def migrate() -> None:
    """Bring the database schema up to date."""
    db.upgrade(current_app.config["SQLALCHEMY_URL"], current_app.config["SECRET_KEY"])
    click.echo("Database schema is up to date.")


@click.command()
@click.option("-m", "--message", required=True,
              help="What the change does, e.g. 'players get a nickname'.")
def migration(message: str) -> None:
    """Write the next migration from what the models changed (then read it, and `migrate`)."""
    try:
        path = write_migration(message)
    except CommandError as error:
        raise click.ClickException(str(error)) from None
    if path is None:
        click.echo("The models match the migrations: no migration written.")
    else:
        click.echo(f"Wrote {path}. Read it, then run `flask --app companion migrate`.")


def write_migration(message: str) -> Path | None:
    """Autogenerate the next numbered revision into migrations/versions; None if no change.

    The models are compared with a scratch SQLite database brought up to the newest
    migration, so neither the real database nor its contents matter.
    """
    with tempfile.TemporaryDirectory() as scratch:
        config = db.alembic_config(f"sqlite:///{Path(scratch, 'schema.db')}")
        command.upgrade(config, "head")
        script = command.revision(config, message=message, autogenerate=True,
                                  rev_id=_next_revision_id(config),
                                  process_revision_directives=_unless_empty)
    if not script:  # `_unless_empty` dropped it: alembic answers an empty list
        return None
    assert not isinstance(script, list)  # several scripts only come with several heads
    return Path(script.path)


def _next_revision_id(config: Config) -> str | None:
    """Revisions are numbered 0001, 0002, ...: the head's number plus one."""
    head = ScriptDirectory.from_config(config).get_current_head()
    return f"{int(head) + 1:04d}" if head and head.isdigit() else None


def _unless_empty(_context: object, _revision: object, directives: list[Any]) -> None:
    # An empty migration is noise: write none when the models match the migrations.
    if directives[0].upgrade_ops.is_empty():
        directives[:] = []


@click.command()
def translations() -> None:
    """Compile the translation catalogues (.po to .mo)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po_path in Path(current_app.root_path, "translations").glob("*/LC_MESSAGES/*.po"):
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file)
        with po_path.with_suffix(".mo").open("wb") as mo_file:
            write_mo(mo_file, catalog)
        click.echo(f"Compiled {po_path.parent.parent.name}")


def _schema_revision() -> str | None:
    from alembic.runtime.migration import MigrationContext

    with current_app.extensions["engine"].connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@with_appcontext
def backup(file: Path) -> None:
    """Write the whole database to FILE as JSON (restore it with `restore`)."""
    from .services import transfer

    data = transfer.backup(current_app.extensions["engine"], _schema_revision())
    partial = file.with_name(file.name + ".partial")
    partial.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1),
                       encoding="utf-8")
    os.replace(partial, file)  # a half-written backup never takes the place of a good one
    rows = sum(len(table["rows"]) for table in data["tables"].values())
    click.echo(f"Backed up {rows} rows to {file}.")


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_appcontext
def restore(file: Path) -> None:
    """Load a backup FILE into this (empty) database."""
    from .services import transfer

    db.upgrade(current_app.config["SQLALCHEMY_URL"])
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        rows = transfer.restore(current_app.extensions["engine"], _schema_revision(), data)
    except (ValueError, transfer.RestoreRefused) as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Restored {rows} rows from {file}.")
