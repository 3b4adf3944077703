"""A real server: the app under gunicorn (several worker processes) on 127.0.0.1, using the test
database, and a small JSON client for it. The tests here fire concurrent requests and kill it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.system.helpers import GUNICORN, Server


@pytest.fixture
def start_server(app, database_url, tmp_path) -> Iterator[Any]:
    """``start_server()`` starts gunicorn on the test database; every one started is stopped."""
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed")
    servers: list[Server] = []

    def start(workers: int = 4) -> Server:
        servers.append(Server(database_url, tmp_path, workers))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()
