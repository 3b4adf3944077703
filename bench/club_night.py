"""A club night's load on one small machine: gunicorn (several workers) on PostgreSQL, 30 tables
saving hands through their table links at once, 10 walls and the director's console polling.

Each table is a thread that saves its hands one after another through ``POST /api/v1/table/hands``
with its table token and an ``Idempotency-Key``, as the phone's queue does; every third hand is sent
twice with the same key (an answer lost on the way, the phone sends again), which must store it once.
Each table's page asks for its table's state every 5 s (static/table.js). Each wall polls the
read-only wall's board with ``If-None-Match`` every ``--wall-interval`` seconds
(the app's poll is 1.5 s); the console reads the event (``GET /api/v1/events/ID``) every 2 s.

Printed: errors (any answer that is not 201/200 for a save, 200/304 for a poll: must be 0), hands
lost or doubled (counted in the database against what the tables sent: must be 0), p50/p95/max of a
save, of a wall's poll (304 and 200 apart) and of the console's read, and how long after a save the
walls showed it (the ETag moved). Figures go to docs/performance.md, "Club night load".

Run: ``.venv/bin/python bench/club_night.py`` (PostgreSQL at ``SCOREKEEPER_TEST_POSTGRES_URL``, default
the local server; a throwaway database ``scorekeeper_bench_club`` is made and dropped).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/builders.py, bench/load.py
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

from builders import drop_postgres_database, fresh_postgres_database
from load import Server
from sqlalchemy import func, select
from werkzeug.security import generate_password_hash

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Hand, User
from scorekeeper.services.accounts import create_token
from scorekeeper.tables.wall import wall_token

DATABASE = "scorekeeper_bench_club"


def call(
    base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any, dict[str, str], float]:
    """One request: (status, JSON body or None, headers, seconds)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base + path,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", "Accept": "application/json", **(headers or {})},
    )
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            status, head = response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        raw, status, head = error.read(), error.code, dict(error.headers)
    took = time.perf_counter() - start
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return status, parsed, head, took


def hand(number: int, match: int) -> dict[str, Any]:
    """A hand in which nobody goes out (the game goes on), as the queue sends it."""
    side = {"melds": 50 + 5 * (number % 7), "hand": 40, "red_threes": 0, "canastas": {}, "penalties": []}
    return {
        "number": number,
        "went_out": None,
        "going_out_kind": None,
        "match": match,
        "sides": [side, {**side, "melds": 30}],
    }


def percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"n={len(values)} p50={statistics.median(ordered) * 1000:.0f} ms p95={p95 * 1000:.0f} ms"
        f" max={ordered[-1] * 1000:.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--hands", type=int, default=8, help="hands each table saves (default 8)")
    parser.add_argument("--walls", type=int, default=10)
    parser.add_argument("--wall-interval", type=float, default=1.5)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a table waits between hands")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="club-night-"))
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(work)
    url = fresh_postgres_database(DATABASE)
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})  # migrates the schema
    with app.app_context():
        user = User(username="director", password_hash=generate_password_hash("bench password"))
        db.session.add(user)
        db.session.commit()
        api_token = create_token(user)
    server = Server(url, work, workers=args.workers, threads=args.threads)
    try:
        return run(app, server.base, api_token, args)
    finally:
        server.stop()
        with app.app_context():
            db.engine.dispose()
        drop_postgres_database(DATABASE)


def run(app: Any, base: str, api_token: str, args: argparse.Namespace) -> int:
    director = {"Authorization": f"Bearer {api_token}"}
    entries = [{"name": f"Pareja {i + 1}", "players": [f"A{i}", f"B{i}"]} for i in range(2 * args.tables)]
    status, event, _h, _t = call(
        base,
        "POST",
        "/api/v1/events",
        {
            "name": "Bench night",
            "ruleset": "classic",
            "target": 100000,
            "format": "mitchell",
            "rounds": 3,
            "game": {"hands": args.hands + 2},
            "entries": entries,
        },
        director,
    )
    assert status == 201, (status, event)
    status, seated, _h, _t = call(base, "POST", f"/api/v1/events/{event['id']}/rounds", None, director)
    assert status == 201, (status, seated)
    games = {t["number"]: t["match"] for t in seated["tables"]}
    tokens = {}
    for number in games:
        status, made, _h, _t = call(
            base, "POST", f"/api/v1/events/{event['id']}/tables/{number}/link", None, director
        )
        assert status == 201, (status, made)
        tokens[number] = made["token"]
    with app.test_request_context():
        board = f"/w/{wall_token(event['id'], 0)}/board"

    lock = threading.Lock()
    errors: list[str] = []
    saves: list[float] = []
    saved_at: list[float] = []
    polls_304: list[float] = []
    polls_200: list[float] = []
    console: list[float] = []
    states: list[float] = []
    seen_changes: list[float] = []  # when a wall saw a new version
    start_line = threading.Barrier(len(games) + 1)
    done = threading.Event()

    def table(number: int) -> None:
        headers = {"Authorization": f"Bearer {tokens[number]}"}
        start_line.wait()
        for n in range(1, args.hands + 1):
            key = f"t{number}-h{n}"
            tries = 2 if n % 3 == 0 else 1  # a lost answer: the phone sends again with the same key
            for _ in range(tries):
                status, body, _h, took = call(
                    base,
                    "POST",
                    "/api/v1/table/hands",
                    hand(n, games[number]),
                    {**headers, "Idempotency-Key": key},
                )
                with lock:
                    if status in (200, 201):
                        saves.append(took)
                        saved_at.append(time.perf_counter())
                    else:
                        errors.append(f"table {number} hand {n}: {status} {body}")
            if args.think:
                time.sleep(args.think)

    def wall() -> None:
        etag = ""
        while not done.is_set():
            status, _b, head, took = call(base, "GET", board, None, {"If-None-Match": etag} if etag else {})
            with lock:
                if status == 304:
                    polls_304.append(took)
                elif status == 200:
                    polls_200.append(took)
                    if etag:
                        seen_changes.append(time.perf_counter())
                    etag = head.get("ETag", "")
                else:
                    errors.append(f"wall: {status}")
            done.wait(args.wall_interval)

    def table_page(number: int) -> None:
        """The table's page following its table (static/table.js): its state every 5 s."""
        while not done.is_set():
            status, _b, _h, took = call(base, "GET", f"/t/{tokens[number]}/state")
            with lock:
                (states.append(took) if status == 200 else errors.append(f"table page {number}: {status}"))
            done.wait(5.0)

    def director_console() -> None:
        while not done.is_set():
            status, _b, _h, took = call(base, "GET", f"/api/v1/events/{event['id']}", None, director)
            with lock:
                (console.append(took) if status == 200 else errors.append(f"console: {status}"))
            done.wait(2.0)

    watchers = [threading.Thread(target=wall) for _ in range(args.walls)] + [
        threading.Thread(target=director_console)
    ]
    watchers += [threading.Thread(target=table_page, args=(n,)) for n in games]
    for w in watchers:
        w.start()
    tables = [threading.Thread(target=table, args=(n,)) for n in games]
    for t in tables:
        t.start()
    began = time.perf_counter()
    start_line.wait()
    for t in tables:
        t.join()
    elapsed = time.perf_counter() - began
    time.sleep(args.wall_interval + 0.5)  # the walls' last poll sees the last hand
    last_save = max(saved_at) if saved_at else began
    done.set()
    for w in watchers:
        w.join()

    with app.app_context():
        rows = db.session.execute(
            select(Hand.match_id, func.count(Hand.id), func.count(func.distinct(Hand.number)))
            .where(Hand.match_id.in_(games.values()))
            .group_by(Hand.match_id)
        ).all()
    stored = {m: (count, distinct) for m, count, distinct in rows}
    lost = sum(max(0, args.hands - stored.get(m, (0, 0))[0]) for m in games.values())
    doubled = sum(max(0, count - args.hands) + (count - distinct) for count, distinct in stored.values())
    caught_up = [t - last_save for t in seen_changes if t >= last_save]
    timings = {
        "save (POST /api/v1/table/hands)": saves,
        "wall poll, unchanged (304)": polls_304,
        "wall poll, new board (200)": polls_200,
        "console read (GET /api/v1/events/ID)": console,
        "table pages' state (GET /t/TOKEN/state, each every 5 s)": states,
    }
    counts = {"stored": sum(c for c, _d in stored.values()), "lost": lost, "doubled": doubled}
    report(args, len(games), elapsed, errors, counts, timings, caught_up)
    return 0 if not errors and not lost and not doubled else 1


def report(
    args: argparse.Namespace,
    tables: int,
    elapsed: float,
    errors: list[str],
    counts: dict[str, int],
    timings: dict[str, list[float]],
    caught_up: list[float],
) -> None:
    print(
        f"club night: {tables} tables x {args.hands} hands (every 3rd sent twice), {args.walls} walls"
        f" every {args.wall_interval} s, 1 console every 2 s, {tables} table pages every 5 s;"
        f" gunicorn {args.workers} workers x {args.threads} threads, PostgreSQL; {elapsed:.1f} s"
    )
    print(f"errors: {len(errors)}" + (f" e.g. {errors[:3]}" if errors else ""))
    print(
        f"hands stored: {counts['stored']} of {tables * args.hands};"
        f" lost {counts['lost']}, doubled {counts['doubled']}"
    )
    for name, values in timings.items():
        print(f"{name}: {percentiles(values)}")
    if caught_up:
        first, last = min(caught_up) * 1000, max(caught_up) * 1000
        print(f"walls showing the last hand: {first:.0f} to {last:.0f} ms after it was saved")


if __name__ == "__main__":
    raise SystemExit(main())
