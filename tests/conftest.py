"""Shared fixtures. The database is SQLite by default; ``--db postgresql`` (or the environment
variable ``SCOREKEEPER_TEST_DB=postgresql``) runs the same tests on PostgreSQL, in a database
``scorekeeper_test_PID`` made afresh on the server named by ``SCOREKEEPER_TEST_POSTGRES_URL``
(default: the local server, ``postgresql+psycopg://postgres@127.0.0.1:5432/test``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import settings
from sqlalchemy import inspect, text
from werkzeug.security import generate_password_hash

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.helpers import (
    TEST_PASSWORD,
    Api,
    clear_page_cache,
    drop_postgres_database,
    fresh_postgres_database,
    make_user,
)

# Hypothesis: "thorough" in CI (CI=true), "quick" for local runs; HYPOTHESIS_PROFILE picks either.
settings.register_profile("thorough", max_examples=200, deadline=None)
settings.register_profile("quick", max_examples=25, deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("thorough" if os.environ.get("CI") == "true" else "quick")
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--db",
        choices=("sqlite", "postgresql"),
        default=os.environ.get("SCOREKEEPER_TEST_DB", "sqlite"),
        help="database the tests run against (default: sqlite, or $SCOREKEEPER_TEST_DB)",
    )


def pytest_report_header(config: pytest.Config) -> str:
    return f"scorekeeper test database: {config.getoption('--db')}"


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
            "REGISTER_LIMIT_PER_ADDRESS": "10000 per minute",
            "REGISTER_LIMIT_TOTAL": "10000 per minute",
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
        clear_page_cache(app)
        db.session.remove()
        tables = list(reversed(db.metadata.sorted_tables))
        with db.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                names = ", ".join(t.name for t in tables)
                connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
            else:
                for table in tables:
                    connection.execute(table.delete())
                # Ids start at 1 again, as RESTART IDENTITY does (AUTOINCREMENT keeps them here).
                if inspect(connection).has_table("sqlite_sequence"):
                    connection.execute(text("DELETE FROM sqlite_sequence"))


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


@pytest.fixture
def token(app: Flask, password_hash: str) -> str:
    """An API token of the account ``ana``."""
    return make_user(app, "ana", password_hash)[1]


@pytest.fixture
def other_token(app: Flask, password_hash: str) -> str:
    """An API token of another account, ``eva``."""
    return make_user(app, "eva", password_hash)[1]


@pytest.fixture
def api(client: FlaskClient, token: str) -> Api:
    return Api(client, token)


@pytest.fixture
def other_api(client: FlaskClient, other_token: str) -> Api:
    return Api(client, other_token)


@pytest.fixture
def old_url(pytestconfig: pytest.Config, tmp_path: Path) -> Iterator[str]:
    """A database of the test run's kind (``--db``) for a migration test to fill at an old revision."""
    if pytestconfig.getoption("--db") != "postgresql":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    name = f"scorekeeper_old_{os.getpid()}"
    yield fresh_postgres_database(name)
    drop_postgres_database(name)
