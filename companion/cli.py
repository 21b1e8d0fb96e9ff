"""Command-line tools: `flask --app companion migrate | translations | backup | restore`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import db


def init_app(app: Flask) -> None:
    app.cli.add_command(migrate)
    app.cli.add_command(translations)
    app.cli.add_command(backup)
    app.cli.add_command(restore)


@click.command()
def migrate() -> None:
    """Bring the database schema up to date."""
    db.upgrade(current_app.config["SQLALCHEMY_URL"])
    click.echo("Database schema is up to date.")


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
