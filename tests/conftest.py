"""Fixtures: an app on a fresh database (SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from companion import create_app
from companion.db import upgrade

from .browser.watchdog import STALLED
from .helpers import PG_URL, HandsDescribed, with_driver

BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory) -> Path:
    """A migrated SQLite file, copied for each test (migrating once is the slow part)."""
    path = tmp_path_factory.mktemp("template") / "companion.db"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_url(worker_id) -> str:
    """A schema of its own per xdist worker in the test database, migrated once."""
    schema = f"companion_{worker_id}"
    base = with_driver(PG_URL)
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    sep = "&" if "?" in base else "?"
    url = f"{base}{sep}options=-csearch_path%3D{schema}"
    upgrade(url)
    return url


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path, sqlite_template) -> str:
    if request.param == "sqlite":
        path = tmp_path / "companion.db"
        shutil.copy(sqlite_template, path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("postgres_url")
    engine = create_engine(url)
    with engine.begin() as conn:
        tables = [row[0] for row in conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename <> 'alembic_version'"))]
        if tables:
            conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " CASCADE"))
    engine.dispose()
    return url


@pytest.fixture
def empty_db_url(db_url, tmp_path, worker_id) -> str:
    """An empty database of the same kind as `db_url` (not even migrated)."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.db'}"
    schema = f"restore_{worker_id}"
    admin = create_engine(with_driver(PG_URL))
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    admin.dispose()
    return f"{with_driver(PG_URL)}?options=-csearch_path%3D{schema}"


@pytest.fixture
def app(db_url, tmp_path):
    app = create_app({
        "TESTING": True,
        "DATABASE_URL": db_url,
        "SECRET_KEY": "test-secret",
        "WTF_CSRF_ENABLED": False,
        "RATELIMIT_ENABLED": False,
    })
    app.test_client_class = HandsDescribed
    yield app
    app.extensions["engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def worker_id(request) -> str:
    return getattr(request.config, "workerinput", {}).get("workerid", "main")


def pytest_terminal_summary(terminalreporter) -> None:
    """The browser tests that stalled and were tried again (tests/browser/watchdog.py), said
    where everyone reads them: a passing second try hides nothing."""
    said = [text for reports in terminalreporter.stats.values() for report in reports
            if getattr(report, "when", None) == "call"
            for name, text in getattr(report, "sections", []) if name == STALLED]
    if said:
        terminalreporter.section(STALLED)
        for text in said:
            terminalreporter.write_line(text)
