"""Where a hand submission's time goes: cProfile over hands posted to 60-hand matches through the
API (``POST /api/v1/matches/ID/hands``) and the phone's endpoint (``POST /matches/ID/hands.json``),
in-process, on SQLite or PostgreSQL, next to the token-checked bare route (the floor).

    .venv/bin/python bench/submit_profile.py --db sqlite [--profile] [--cold] [--phone]

Prints the fastest and median times and, with ``--profile``, the functions that take most of the
time (cumulative), so that each remaining millisecond can be named.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import data
import inproc
from builders import counting
from main import api_token, small_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument("--cold", action="store_true", help="forget the folded matches before each")
    parser.add_argument("--phone", action="store_true", help="the phone's endpoint, not the API")
    parser.add_argument("--lines", type=int, default=45)
    parser.add_argument("--phases", action="store_true", help="time the phases of a request (median ms)")
    args = parser.parse_args()

    from data import HANDS

    from scorekeeper.services import match_states

    work_dir = tempfile.TemporaryDirectory(prefix="scorekeeper-bench-")
    with work_dir as work, small_app(args.db, work) as (app, _):
        inproc.add_bare_routes(app)
        built = data.build(app, history_sizes=(), board_sizes=(60,), submit_matches=64, submit_start=60)
        token = api_token(app)
        auth = {"Authorization": f"Bearer {token}"}
        client = app.test_client()
        if args.phone:
            client = inproc.logged_in(app, "bench")
        targets = built.matches["submit"]
        numbers = {m: 60 for m in targets}
        turn = {"n": 0}
        states = app.extensions.get(match_states.EXTENSION)
        csrf: dict[str, str] = {}

        def post() -> Any:
            # Cold: each request another match, the process's folded matches forgotten; else eight
            # hands in a row to each match, as at a table.
            step = turn["n"] if args.cold else turn["n"] // 8
            match_id = targets[step % len(targets)]
            turn["n"] += 1
            numbers[match_id] += 1
            hand = {"number": numbers[match_id], **HANDS[0]}
            if args.cold and states is not None:
                states.clear()
            if args.phone:
                if "token" not in csrf:
                    csrf["token"] = client.get(f"/matches/{match_id}/hands.json").get_json()["csrf_token"]
                key = f"k{match_id}-{numbers[match_id]}"
                headers = {"X-CSRFToken": csrf["token"], "Idempotency-Key": key}
                answer = client.post(f"/matches/{match_id}/hands.json", json=hand, headers=headers)
            else:
                answer = client.post(f"/api/v1/matches/{match_id}/hands", json=hand, headers=auth)
            assert answer.status_code == 201, answer.get_data(as_text=True)[:300]
            return answer

        def timed(send: Any, repeat: int) -> list[float]:
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                send()
                times.append((time.perf_counter() - start) * 1000)
            return times

        phases = _phases() if args.phases else None
        bare = timed(lambda: client.get(inproc.BARE_TOKEN, headers=auth), 200)
        post()
        with counting(app) as statements:
            post()
        subs = timed(post, args.repeat)
        floor = min(bare)
        print(f"{args.db}: floor (token checked) {floor:.2f} ms; submission fastest {min(subs):.2f} ms"
              f" ({min(subs) / floor:.1f}x), median {statistics.median(subs):.2f} ms,"
              f" {len(statements)} statements")
        if phases is not None:
            requests = len(phases["commit"])
            for name, times in phases.items():
                if times:
                    print(f"  {name:<34} median {statistics.median(times):6.3f} ms  min {min(times):6.3f} ms"
                          f"  a request: {sum(times) / requests:6.3f} ms  ({len(times)} calls)")
        if args.profile:
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.repeat):
                post()
            profiler.disable()
            stats = pstats.Stats(profiler)
            stats.sort_stats("cumulative").print_stats(args.lines)
            stats.sort_stats("tottime").print_stats(25)
        for s in statements:
            print("  ", s[:160].replace("\n", " "), "..." + s[-120:].replace("\n", " "))


def _phases() -> dict[str, list[float]]:
    """Wrap the phases of a submission with timers (the milliseconds of each call)."""
    import functools

    from sqlalchemy.orm import Session

    from scorekeeper import running_totals
    from scorekeeper.api import routes, serialize
    from scorekeeper.services import matches, unit_of_work

    found: dict[str, list[float]] = {}

    def wrap(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)
        times = found.setdefault(label, [])

        @functools.wraps(inner)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                times.append((time.perf_counter() - start) * 1000)

        setattr(owner, name, timed)

    wrap(routes, "user_for_token", "token check")
    wrap(routes, "get_match", "get_match (match, sides, seats)")
    wrap(matches, "view", "view (kept or read)")
    wrap(matches, "_parse", "parse_hand")
    wrap(unit_of_work.MatchWrite, "summarise", "summarise")
    wrap(Session, "_flush", "ORM flush")
    wrap(running_totals, "add_changes", "running totals (3 upserts)")
    wrap(unit_of_work, "_commit_keeping", "commit")
    wrap(routes, "hand_created", "answer (41 KB of JSON)")
    wrap(serialize, "match_text", "match JSON")
    return found


if __name__ == "__main__":
    main()
