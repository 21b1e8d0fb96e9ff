"""Database engine, one session per request, and schema migrations with Alembic."""

from __future__ import annotations

import re
import sqlite3
import threading
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
        WriterLock(engine)
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


WRITES = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b", re.IGNORECASE)
WRITER_WAIT = 30  # seconds a writer waits for another of this process, as SQLite's busy timeout


class WriterLock:
    """One writer at a time among this process's connections to a SQLite file, held from a
    transaction's first write to its end.

    SQLite lets one connection write; another waits in its busy handler, which sleeps in C: in a
    gevent worker no other greenlet runs meanwhile, so a holder that yields (a socket, a timer)
    never resumes and the worker freezes. Made with the engine, in a worker gevent has
    patched (and `make run` patches first of all), this lock is gevent's: a writer waits for
    it cooperatively, the holder runs on, and SQLite's own wait is left to other processes
    (the CLI, a second worker).
    """

    def __init__(self, engine: Engine) -> None:
        self.lock = threading.Lock()
        event.listen(engine, "before_cursor_execute", self._before_execute)
        for name in ("commit", "rollback"):
            event.listen(engine, name, self._connection_ended)
        # A connection back in the pool ends whatever it held, however it got there.
        event.listen(engine.pool, "reset", self._reset)
        for name in ("checkin", "close"):
            event.listen(engine.pool, name, self._released)
        event.listen(engine.pool, "invalidate", self._invalidated)

    def _before_execute(self, conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        info = conn.connection.info
        if info.get("writing") or not WRITES.match(statement):
            return
        if not self.lock.acquire(timeout=WRITER_WAIT):
            raise sqlite3.OperationalError("database is locked")
        info["writing"] = True

    def _connection_ended(self, conn: Any) -> None:
        self._release(conn.connection.info)

    def _released(self, _dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            self._release(record.info)

    def _reset(self, dbapi_connection: Any, record: Any, _state: Any) -> None:
        self._released(dbapi_connection, record)

    def _invalidated(self, dbapi_connection: Any, record: Any, _error: Any) -> None:
        self._released(dbapi_connection, record)

    def _release(self, info: dict[str, Any]) -> None:
        if info.pop("writing", False):
            self.lock.release()


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
