"""Helpers for the tests (and the benchmarks in bench/, which import them): not part of the app."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import OperationalError

from scorekeeper import page_cache
from scorekeeper.extensions import db
from scorekeeper.models import User
from scorekeeper.services.accounts import create_token

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TEST_PASSWORD = "correct horse battery"


@contextmanager
def counting(app: Flask) -> Iterator[list[str]]:
    """Within the block, every statement ``app``'s engine sends is appended to the yielded list: the
    query-count tests and the benchmarks show with it that a page's statements do not grow with its
    data."""
    statements: list[str] = []

    def record(_connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", record)


@contextmanager
def scored_hands() -> Iterator[list[int]]:
    """Count the hands the rules score (``score_hand`` calls made by a fold) while the block runs:
    the tests and the benchmarks show with it that a request folds a match once."""
    import scorekeeper.rules.match as match_module

    counted = [0]
    original = match_module.score_hand

    def counting_score_hand(*args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return original(*args, **kwargs)

    match_module.score_hand = counting_score_hand  # type: ignore[assignment]
    try:
        yield counted
    finally:
        match_module.score_hand = original  # type: ignore[assignment]


def clear_page_cache(app: Flask) -> None:
    """Forget every page ``app`` keeps rendered in memory (:mod:`scorekeeper.page_cache`)."""
    cache: page_cache.PageCache | None = app.extensions.get(page_cache.EXTENSION)
    if cache is not None:
        cache.clear()


def postgres_admin() -> tuple[URL, Engine]:
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


def make_user(app: Flask, username: str, password_hash: str) -> tuple[int, str]:
    """A user and a fresh API token for it: ``(user id, token)``."""
    with app.app_context():
        user = User(username=username, password_hash=password_hash)
        db.session.add(user)
        db.session.commit()
        return user.id, create_token(user)


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


class Deadlock(Exception):
    """What psycopg raises when PostgreSQL breaks a deadlock: its SQLSTATE."""

    sqlstate = "40P01"


def lose_lock_race(monkeypatch: pytest.MonkeyPatch, step: str, cause: Exception | None = None) -> None:
    """Make the session's ``step`` (``commit``, ``flush``) fail as a write that lost a race for locks
    does (``cause``: a PostgreSQL deadlock by default); ``monkeypatch.undo()`` ends it."""

    def lost() -> None:
        raise OperationalError("UPDATE ...", {}, cause or Deadlock("deadlock detected"))

    monkeypatch.setattr(db.session, step, lost)


class Clock:
    """A settable clock for the time limits (``scorekeeper.throttle.now``): tests move it forward
    instead of sleeping."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
