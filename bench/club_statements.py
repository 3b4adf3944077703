"""Statements per request (docs/performance.md, "Clubs: the membership check"), run from a tree's
root with its own virtualenv, so that two releases can be compared:

    .venv/bin/python bench/club_statements.py

An account with a classic match of two hands on a fresh SQLite database; each request is sent twice
and the statements of the second are counted. Prints figures as JSON, asserts nothing.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.getcwd())
os.environ["SCOREKEEPER_INSTANCE_PATH"] = tempfile.mkdtemp()

from werkzeug.security import generate_password_hash  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from tests.helpers import TEST_PASSWORD, counting, make_user  # noqa: E402
from tests.web.helpers import logged_in  # noqa: E402

SIDES = [{"name": "A", "players": ["Ana", "Luis"]}, {"name": "B", "players": ["Eva", "Juan"]}]


def hand(number: int) -> dict[str, Any]:
    return {
        "number": number,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
    }


def main() -> None:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3",
        }
    )
    _id, token = make_user(app, "ana", generate_password_hash(TEST_PASSWORD))
    api, headers = app.test_client(), {"Authorization": f"Bearer {token}"}
    match = api.post(
        "/api/v1/matches", json={"ruleset": "classic", "sides": SIDES}, headers=headers
    ).get_json()["id"]
    for number in (1, 2):
        api.post(f"/api/v1/matches/{match}/hands", json=hand(number), headers=headers)
    page = logged_in(app, "ana")
    figures: dict[str, int] = {}
    numbers = iter(range(3, 100))

    def count(name: str, send: Callable[[], Any]) -> None:
        send()
        with counting(app) as statements:
            send()
        figures[name] = len(statements)

    count("API GET /matches/ID", lambda: api.get(f"/api/v1/matches/{match}", headers=headers))
    count("API GET /matches", lambda: api.get("/api/v1/matches", headers=headers))
    count(
        "API POST hand",
        lambda: api.post(f"/api/v1/matches/{match}/hands", json=hand(next(numbers)), headers=headers),
    )
    count("scoreboard (kept page)", lambda: page.get(f"/matches/{match}"))
    count("history page", lambda: page.get("/history"))
    count("ladder page", lambda: page.get("/players/ratings"))
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
