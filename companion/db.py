"""Database engine, one session per request, and schema migrations with Alembic."""

from __future__ import annotations

import sqlite3
from contextlib import suppress
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, g
from sqlalchemy import Engine, event
from sqlmodel import Session, create_engine

MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    # WAL lets readers (spectators polling) run while a scorer writes; FKs are off by default.
    cursor = dbapi_connection.cursor()
    with suppress(sqlite3.OperationalError):  # a read-only file keeps its mode, and is read
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def init_app(app: Flask) -> None:
    app.extensions["engine"] = make_engine(app.config["SQLALCHEMY_URL"])
    app.teardown_appcontext(_close_session)


def get_session() -> Session:
    """The request's session, opened on first use and closed at teardown."""
    if "db" not in g:
        from flask import current_app

        g.db = Session(current_app.extensions["engine"], expire_on_commit=False)
    session: Session = g.db
    return session


def _close_session(_exc: BaseException | None) -> None:
    session = g.pop("db", None)
    if session is not None:
        session.close()


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def upgrade(url: str, secret_key: str | None = None) -> None:
    """Bring the schema at `url` up to the newest migration; `secret_key` (the app's) lets a
    migration keep what was worked out from it (0012: the sides' confirmation links)."""
    config = alembic_config(url)
    config.attributes["secret_key"] = secret_key
    command.upgrade(config, "head")
