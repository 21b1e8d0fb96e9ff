"""Command-line tools: `flask --app companion migrate | translations`."""

from __future__ import annotations

from pathlib import Path

import click
from flask import Flask, current_app

from . import db


def init_app(app: Flask) -> None:
    app.cli.add_command(migrate)
    app.cli.add_command(translations)


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
