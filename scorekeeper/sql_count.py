"""Count the SQL statements an app sends: the benchmarks and the query-count tests use it to show
that a page's statements do not grow with its data."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from sqlalchemy import event

from .extensions import db


@contextmanager
def counting(app: Flask) -> Iterator[list[str]]:
    """Within the block, every statement ``app``'s engine sends is appended to the yielded list."""
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
