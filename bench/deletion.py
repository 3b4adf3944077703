"""What deleting costs: a match of 500 hands (``MAX_HANDS``) whose players sit in 30 other matches
(the running totals taken out, best hands looked for again), and an account of 200 matches with a
hand each. In-process, on SQLite in a temporary folder, or on a PostgreSQL database of its own
(``--db postgresql``: made on the test server, ``SCOREKEEPER_TEST_POSTGRES_URL``, and dropped).
Prints the medians. Run: ``.venv/bin/python bench/deletion.py [--db sqlite|postgresql]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/builders.py
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

from builders import drop_postgres_database, export_of, fresh_postgres_database

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import User
from scorekeeper.rules.hand import MAX_HANDS
from scorekeeper.services.account_deletion import delete_account
from scorekeeper.services.export_formats import read_export
from scorekeeper.services.transfer import store_matches

DATABASE = "scorekeeper_bench_deletion"
PAIR = {"ruleset": "classic", "sides": [{"name": "A", "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}]}
HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


def account(name: str) -> int:
    user = User(username=name, password_hash="-")
    db.session.add(user)
    db.session.commit()
    return user.id


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def full_match_deletes(runs: int) -> list[float]:
    times = []
    for run in range(runs):
        owner = account(f"full{run}")
        (match,) = store_matches(owner, read_export(export_of(MAX_HANDS)).matches)
        for _ in range(30):
            services.create_match(owner, PAIR)
        stored = services.get_match(owner, match.id)
        times.append(timed(lambda stored=stored: services.delete_match(stored)))
    return times


def account_deletes(runs: int, matches: int = 200) -> list[float]:
    times = []
    for run in range(runs):
        owner = account(f"acct{run}")
        for i in range(matches):
            sides = [
                {"name": "A", "players": ["Ana", "Luis"]},
                {"name": "B", "players": ["Eva", f"P{i % 7}"]},
            ]
            services.add_hand(services.create_match(owner, {"ruleset": "classic", "sides": sides}), HAND)
        times.append(timed(lambda owner=owner: delete_account(owner)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    which = parser.parse_args().db
    url = fresh_postgres_database(DATABASE) if which == "postgresql" else None
    url = url or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    with app.app_context():
        full = statistics.median(full_match_deletes(5))
        whole = statistics.median(account_deletes(3))
        db.engine.dispose()
    if which == "postgresql":
        drop_postgres_database(DATABASE)
    print(
        f"{which}: delete a match of {MAX_HANDS} hands: {full:.0f} ms;",
        f"an account of 200 matches: {whole:.0f} ms",
    )


if __name__ == "__main__":
    main()
