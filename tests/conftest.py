"""Shared fixtures. The database is SQLite by default; ``--db postgresql`` (or the environment
variable ``SCOREKEEPER_TEST_DB=postgresql``) runs the same tests on PostgreSQL, in a database
``scorekeeper_test_PID`` made afresh on the server named by ``SCOREKEEPER_TEST_POSTGRES_URL``
(default: the local server, ``postgresql+psycopg://postgres@127.0.0.1:5432/test``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from werkzeug.security import generate_password_hash

from scorekeeper import create_app, page_cache
from scorekeeper.accounts import create_token
from scorekeeper.extensions import db
from scorekeeper.models import User

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TEST_PASSWORD = "correct horse battery"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db",
        choices=("sqlite", "postgresql"),
        default=os.environ.get("SCOREKEEPER_TEST_DB", "sqlite"),
        help="database the tests run against (default: sqlite, or $SCOREKEEPER_TEST_DB)",
    )


def pytest_report_header(config: pytest.Config) -> str:
    return f"scorekeeper test database: {config.getoption('--db')}"


def postgres_admin():  # type: ignore[no-untyped-def]
    server = make_url(os.environ.get("SCOREKEEPER_TEST_POSTGRES_URL", DEFAULT_POSTGRES))
    return server, create_engine(server, isolation_level="AUTOCOMMIT")


def fresh_postgres_database(name: str) -> str:
    """Drop and recreate the database ``name``; return its URL."""
    server, admin = postgres_admin()
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(name: str) -> None:
    _server, admin = postgres_admin()
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


@pytest.fixture(scope="session")
def database_url(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """SQLite in a temporary folder, or a PostgreSQL database of this test run's own (runs side by
    side do not disturb each other), dropped at the end."""
    if pytestconfig.getoption("--db") == "postgresql":
        name = f"scorekeeper_test_{os.getpid()}"
        yield fresh_postgres_database(name)
        drop_postgres_database(name)
    else:
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite3'}"


@pytest.fixture(scope="session")
def app(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app for the whole run, its schema made by the real migrations."""
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(tmp_path_factory.mktemp("instance"))
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test",
            # Tests log in far more often than people; the throttling test sets tight limits itself.
            "LOGIN_LIMIT_PER_ADDRESS": "10000 per minute",
            "LOGIN_LIMIT_PER_USERNAME": "10000 per minute",
        }
    )
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(autouse=True)
def _empty_tables(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test that touches the app starts with empty tables."""
    yield
    if "app" not in request.fixturenames:
        return
    app: Flask = request.getfixturevalue("app")
    with app.app_context():
        page_cache.clear()
        db.session.remove()
        tables = list(reversed(db.metadata.sorted_tables))
        with db.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                names = ", ".join(t.name for t in tables)
                connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
            else:
                for table in tables:
                    connection.execute(table.delete())


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def password_hash() -> str:
    """Hashing is slow on purpose, so it is done once for the whole run."""
    return generate_password_hash(TEST_PASSWORD)


def make_user(app: Flask, username: str, password_hash: str) -> tuple[int, str]:
    """A user and a fresh API token for it: ``(user id, token)``."""
    with app.app_context():
        user = User(username=username, password_hash=password_hash)
        db.session.add(user)
        db.session.commit()
        return user.id, create_token(user)


@pytest.fixture
def token(app: Flask, password_hash: str) -> str:
    """An API token of the account ``ana``."""
    return make_user(app, "ana", password_hash)[1]


@pytest.fixture
def other_token(app: Flask, password_hash: str) -> str:
    """An API token of another account, ``eva``."""
    return make_user(app, "eva", password_hash)[1]


class Api:
    """A thin JSON client for ``/api/v1`` with a bearer token."""

    def __init__(self, client: FlaskClient, token: str) -> None:
        self.client = client
        self.headers = {"Authorization": f"Bearer {token}"}

    def __getattr__(self, method: str) -> Any:
        if method not in {"get", "post", "put", "delete", "patch"}:
            raise AttributeError(method)

        def call(path: str, body: Any = None, **kwargs: Any) -> Any:
            if body is not None:
                kwargs["json"] = body
            return getattr(self.client, method)(f"/api/v1{path}", headers=self.headers, **kwargs)

        return call


@pytest.fixture
def api(client: FlaskClient, token: str) -> Api:
    return Api(client, token)


@pytest.fixture
def other_api(client: FlaskClient, other_token: str) -> Api:
    return Api(client, other_token)


class Deadlock(Exception):
    """What psycopg raises when PostgreSQL breaks a deadlock: its SQLSTATE."""

    sqlstate = "40P01"


def lose_lock_race(monkeypatch: pytest.MonkeyPatch, step: str, cause: Exception | None = None) -> None:
    """Make the session's ``step`` (``commit``, ``flush``) fail as a write that lost a race for locks
    does (``cause``: a PostgreSQL deadlock by default); ``monkeypatch.undo()`` ends it."""

    def lost() -> None:
        raise OperationalError("UPDATE ...", {}, cause or Deadlock("deadlock detected"))

    monkeypatch.setattr(db.session, step, lost)


__all__ = ["TEST_PASSWORD", "Api", "Deadlock", "Path", "lose_lock_race", "make_user"]
