"""What the shared live board's polling costs the server: one phone's poll of an unchanged board
(``304``), the new board served from memory to the other phones after a hand, and its one render.

In-process (Flask's test client, no network), on SQLite in a temporary folder, or on the database
given with ``--database-url``. Prints the figures, and how many phones one core follows at a poll
interval (``--interval``, default the app's). Run: ``.venv/bin/python bench/share_poll.py``.
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

from builders import clear_page_cache, counting
from werkzeug.security import generate_password_hash

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import User

SIDES = [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]


def hand(number: int) -> dict[str, object]:
    """The sides take turns going out, each time with a clean canasta."""
    out = number % 2
    return {
        "number": number,
        "went_out": out,
        "going_out_kind": "normal",
        "sides": [
            {"melds": 120, "hand": 0 if side == out else 30, "canastas": {"clean": 1 if side == out else 0}}
            for side in range(2)
        ],
    }


def timed(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """``(median, p95)`` in milliseconds of ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    parser.add_argument("--hands", type=int, default=30, help="hands in the shared match (default 30)")
    parser.add_argument("--repeat", type=int, default=500, help="polls measured (default 500)")
    parser.add_argument("--interval", type=float, help="seconds between polls (default: the app's)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="share-poll-"))
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(work)
    url = args.database_url or f"sqlite:///{work / 'bench.sqlite3'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    interval = args.interval or float(app.config["SHARE_POLL_SECONDS"])
    with app.app_context():
        user = User(username="bench-share", password_hash=generate_password_hash("bench password"))
        db.session.add(user)
        db.session.commit()
        match = services.create_match(user.id, {"ruleset": "classic", "target": 100000, "sides": SIDES})
        for number in range(1, args.hands + 1):
            services.add_hand(match, hand(number))
        token = services.create_share_link(match, user.id).token
        match_id = match.id

    phone = app.test_client()
    board = f"/s/{token}/board"
    first = phone.get(board)
    etag = first.headers["ETag"]

    def poll() -> None:
        response = phone.get(board, headers={"If-None-Match": etag})
        assert response.status_code == 304, response.status_code

    with counting(app) as statements:
        poll()
    poll_sql = len(statements)
    unchanged = timed(poll, args.repeat)

    # After a hand: the first phone renders the new board, the others get it from memory.
    with app.app_context():
        services.add_hand(db.session.get(type(match), match_id), hand(args.hands + 1))
        clear_page_cache(app)

    def render() -> None:
        clear_page_cache(app)
        assert phone.get(board, headers={"If-None-Match": etag}).status_code == 200

    def from_memory() -> None:
        assert phone.get(board, headers={"If-None-Match": etag}).status_code == 200

    rendered = timed(render, max(args.repeat // 10, 20))
    from_memory()
    remembered = timed(from_memory, args.repeat)
    size = len(phone.get(board).get_data())

    per_core = interval * 1000 / unchanged[0]
    print(
        f"database: {app.config['SQLALCHEMY_DATABASE_URI'].split(':', 1)[0]}, {args.hands} hands, "
        f"poll every {interval:g} s"
    )
    print(
        f"poll, nothing new (304): median {unchanged[0]:.2f} ms, p95 {unchanged[1]:.2f} ms, "
        f"{poll_sql} SQL statement(s), no body"
    )
    print(
        f"new board from memory (200): median {remembered[0]:.2f} ms, p95 {remembered[1]:.2f} ms, "
        f"{size / 1024:.1f} KB"
    )
    print(f"new board rendered (200, once per hand, process and language): median {rendered[0]:.2f} ms")
    print(
        f"one phone polling: {1 / interval:.2f} requests/s, {unchanged[0] / (interval * 1000) * 100:.3f}% "
        f"of a core; one core follows about {per_core:.0f} phones"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
