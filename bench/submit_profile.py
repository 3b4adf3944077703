"""What a hand submission costs against the token-checked floor, and where its time goes: hands posted
to 60-hand matches in-process (Flask's test client), through the API (``POST /api/v1/matches/ID/hands``)
and the phone's endpoint (``POST /matches/ID/hands.json``), on SQLite or PostgreSQL.

    .venv/bin/python bench/submit_profile.py --db sqlite              # the rows, interleaved rounds
    .venv/bin/python bench/submit_profile.py --db sqlite --phases     # and each phase's milliseconds
    .venv/bin/python bench/submit_profile.py --db sqlite --profile    # and cProfile of the hot row

The rows take turns in rounds (a slow spell of the shared machine hits them alike); each reports its
fastest and median wall time and its fastest CPU time (this process's: what the request costs the
server's Python, without waiting for the CPU, the disk's fsync or the database server). Prints
figures only, never a verdict on timing.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import data
import inproc
from builders import counting, scored_hands
from main import api_token, small_app


class Submitter:
    """Posts the next hand of 60-hand matches: ``cold``, each time to a match this process has never
    read (as another worker's, or after a restart); else eight hands in a row to each match, as a
    table enters them (the match kept folded by the write before)."""

    def __init__(self, targets: list[int], post: Callable[[int, dict[str, Any]], Any], cold: bool) -> None:
        self.targets, self.post, self.cold = targets, post, cold
        self.numbers = {m: 60 for m in targets}
        self.turn = 0

    def __call__(self) -> Any:
        step = self.turn if self.cold else self.turn // 8
        self.turn += 1
        if step >= len(self.targets):
            raise RuntimeError("not enough matches built for this many submissions")
        match_id = self.targets[step]
        self.numbers[match_id] += 1
        answer = self.post(match_id, {"number": self.numbers[match_id], **data.HANDS[0]})
        assert answer.status_code == 201, answer.get_data(as_text=True)[:300]
        return answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--per-round", type=int, default=12)
    parser.add_argument("--phases", nargs="?", const="hot", choices=("hot", "cold", "phone"),
                        help="time the phases of a row (hot: the default; cold; phone)")
    parser.add_argument("--profile", nargs="?", const="hot", choices=("hot", "cold", "phone"),
                        help="cProfile a row (hot: the default; cold; phone)")
    parser.add_argument("--lines", type=int, default=40)
    parser.add_argument("--callees", help="also print what the functions matching this called, and callers")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (pstats: tottime...)")
    parser.add_argument("--statements", action="store_true", help="print each row's SQL statements")
    args = parser.parse_args()

    work_dir = tempfile.TemporaryDirectory(prefix="scorekeeper-bench-")
    with work_dir as work, small_app(args.db, work) as (app, run):
        inproc.add_bare_routes(app)
        posts = args.rounds * args.per_round + 2  # each row's, with its warm-up and counted one
        extra = args.rounds * args.per_round
        posts_hot = (posts + extra * ((args.phases is not None) + (args.profile is not None))) // 8 + 1
        posts_cold = posts + extra * ((args.phases == "cold") + (args.profile == "cold"))
        built = data.build(app, history_sizes=(), board_sizes=(60,),
                           submit_matches=posts_cold + 2 * posts_hot, submit_start=60)
        auth = {"Authorization": f"Bearer {api_token(app)}"}
        api = app.test_client()
        phone = inproc.logged_in(app, "bench")
        targets = built.matches["submit"]
        csrf = phone.get(f"/matches/{targets[0]}/hands.json").get_json()["csrf_token"]

        def by_api(match_id: int, hand: dict[str, Any]) -> Any:
            return api.post(f"/api/v1/matches/{match_id}/hands", json=hand, headers=auth)

        def by_phone(match_id: int, hand: dict[str, Any]) -> Any:
            headers = {"X-CSRFToken": csrf, "Idempotency-Key": f"k-{match_id}-{hand['number']}"}
            return phone.post(f"/matches/{match_id}/hands.json", json=hand, headers=headers)

        rows: dict[str, Callable[[], Any]] = {
            "floor: bare JSON route, token checked": lambda: api.get(inproc.BARE_TOKEN, headers=auth),
            "API: the next hand (match kept folded)": Submitter(targets[:posts_hot], by_api, cold=False),
            "API: a hand, match not folded here": Submitter(targets[posts_hot:-posts_hot], by_api, cold=True),
            "phone: the next hand (hands.json)": Submitter(targets[-posts_hot:], by_phone, cold=False),
        }
        for send in rows.values():  # warm up, and count
            send()
        counts = {}
        for name, send in rows.items():
            with counting(app) as statements, scored_hands() as scored:
                send()
            counts[name] = (len(statements), scored[0])
            if args.statements:
                print(f"\n{name}:")
                for statement in statements:
                    print("   ", " ".join(statement.split())[:160])
        wall: dict[str, list[float]] = {name: [] for name in rows}
        cpu: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.rounds):
            for name, send in rows.items():
                for _ in range(args.per_round):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    send()
                    cpu[name].append((time.process_time() - start_cpu) * 1000)
                    wall[name].append((time.perf_counter() - start) * 1000)
        floor_name = next(iter(rows))
        floor, floor_cpu = min(wall[floor_name]), min(cpu[floor_name])
        print(f"\n{run.version}: {args.rounds} rounds of {args.per_round} requests a row\n")
        print("| request | fastest ms | median ms | / floor | CPU ms (fastest) | CPU / floor | statements"
              " | hands scored |")
        print("|---|---|---|---|---|---|---|---|")
        for name in rows:
            fastest, cpu_fastest = min(wall[name]), min(cpu[name])
            print(f"| {name} | {fastest:.2f} | {statistics.median(wall[name]):.2f} | {fastest / floor:.1f}x"
                  f" | {cpu_fastest:.2f} | {cpu_fastest / floor_cpu:.1f}x | {counts[name][0]}"
                  f" | {counts[name][1]} |")
        if args.phases:
            phased = list(rows.values())[("hot", "cold", "phone").index(args.phases) + 1]
            phases = _phases()
            for _ in range(args.rounds * args.per_round):
                phased()
            print(f"\nPhases of the {args.phases} row (ms a call; the floor's token check included):\n")
            for label, times in phases.items():
                if times:
                    print(f"  {label:<40} fastest {min(times):6.3f}  median {statistics.median(times):6.3f}")
        if args.profile:
            profiled_row = list(rows.values())[("hot", "cold", "phone").index(args.profile) + 1]
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.rounds * args.per_round):
                profiled_row()
            profiler.disable()
            stats = pstats.Stats(profiler).sort_stats(args.sort)
            stats.print_stats(args.lines)
            if args.callees:
                stats.print_callees(args.callees)
                stats.print_callers(args.callees)


def _phases() -> dict[str, list[float]]:
    """Wrap the phases of a submission with timers (the milliseconds of each call)."""
    from sqlalchemy.orm import Session

    from scorekeeper import running_totals
    from scorekeeper.api import routes, serialize
    from scorekeeper.services import hand_results, matches, unit_of_work

    found: dict[str, list[float]] = {}

    def wrap(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name, None)
        if inner is None:  # the code before this change has no such step
            return
        times = found.setdefault(label, [])

        @functools.wraps(inner)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return inner(*args, **kwargs)
            finally:
                times.append((time.perf_counter() - start) * 1000)

        setattr(owner, name, timed)

    wrap(routes, "user_for_token", "token check (2 statements)")
    wrap(routes, "get_match", "get_match (the match and its sides)")
    wrap(matches, "view", "view (kept, or read from the hands)")
    wrap(hand_results, "state_of", "state_of (the state from stored results)")
    wrap(serialize, "match_text", "match_text (the match's JSON)")
    wrap(matches, "_parse", "parse_hand")
    wrap(unit_of_work.MatchWrite, "summarise", "summarise (result, figures)")
    wrap(matches, "fold_stored", "fold_stored (the new hand scored)")
    wrap(unit_of_work.MatchWrite, "finish", "finish (totals, commit)")
    wrap(matches, "_add_hand", "_add_hand (all of the write)")
    wrap(Session, "_flush", "ORM flush (6 statements)")
    wrap(unit_of_work.MatchWrite, "append", "append: the hand's rows (5 statements)")
    wrap(running_totals, "add_changes", "running totals (3 upserts)")
    wrap(unit_of_work, "_commit_keeping", "commit (fsync)")
    wrap(routes, "hand_created", "answer: 41 KB of JSON")
    return found


if __name__ == "__main__":
    main()
