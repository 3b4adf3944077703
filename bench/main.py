"""Every benchmark of scorekeeper in one run; see docs/performance.md. Started by ``bench/run``.

Per database (SQLite, then PostgreSQL): build the data sets, measure each page in-process (time and
SQL statements), then serve the app with gunicorn and drive it with wrk next to a bare "hello" route.
Once: the scoring engine, the scoreboard's page weight and Lighthouse. Prints the tables and writes
them to bench/results.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(BENCH.parent))

import data  # noqa: E402
import inproc  # noqa: E402
import load  # noqa: E402
from sqlalchemy import create_engine, func, select, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
BENCH_DATABASE = "scorekeeper_bench"
SCOREBOARD_BUDGET = 3.0  # p50 within 3x of the floor's
API_BUDGET = 3.0  # the API's read of a 60-hand match within 3x of the bare JSON route (in-process)
API_MATCH = "API match, 60 hands"
BARE_API = "bare JSON route, token checked"
FLOOR = "floor: bare Flask hello (GET /bench/hello)"
SCOREBOARD = "scoreboard, 60 hands (GET /matches/ID)"
#: Each load row is measured this many times (3 with --quick), the rows taking turns, and its
#: fastest round (by p50) is reported, as timeit reports the best run: the noise here only adds time.
#: One run alone can be off by a factor of two: the machine is shared, and wrk's 8 connections split
#: between the 2 workers as they happen to be accepted (all on one worker halves the throughput).
ROUNDS = 5
#: A query string makes the app render the page instead of serving it from its page cache: the cost
#: of the first view after each change (scorekeeper.page_cache).
SCOREBOARD_RENDERED = "scoreboard, 60 hands, rendered anew (GET /matches/ID?rendered)"
WEIGHT_BUDGET_KB = 50
LIGHTHOUSE_BUDGET = 95
ENGINE_BUDGET_US = 1000  # "well under a millisecond per hand"
GROWTH_SLACK = 1.25  # timing noise allowed on "time grows no faster than the page"


@dataclass
class DatabaseRun:
    name: str
    version: str
    load: list[load.LoadResult] = field(default_factory=list)
    #: The same floor and pages with one thread per worker (no GIL contention inside a worker).
    single_thread: list[load.LoadResult] = field(default_factory=list)
    pages: list[inproc.PageResult] = field(default_factory=list)
    login: inproc.LoginTiming | None = None
    api: list[inproc.ApiRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Report:
    machine: dict[str, str]
    engine: inproc.EngineResult | None = None
    runs: list[DatabaseRun] = field(default_factory=list)
    weight: dict[str, list[load.Resource]] = field(default_factory=dict)
    lighthouse: list[load.LighthouseResult] = field(default_factory=list)
    #: (budget, measured, met); met is None for a figure shown beside the budgets without one.
    budgets: list[tuple[str, str, bool | None]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def say(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", flush=True)


def machine() -> dict[str, str]:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory = next((line.split()[1] for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal")), "0")
    return {
        "CPU": f"{cpu}, {os.cpu_count()} cores (nproc)",
        "memory": f"{int(memory) / 1024 / 1024:.1f} GiB",
        "OS": platform.platform(),
        "Python": platform.python_version(),
        "SQLite": sqlite3.sqlite_version,
        "wrk": _first_line(["wrk", "--version"]),
    }


def _first_line(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=20)
    except OSError:
        return "not installed"
    return (done.stdout or done.stderr).strip().splitlines()[0] if (done.stdout or done.stderr) else "?"


# --- Databases ---------------------------------------------------------------------------------


def postgres_database() -> tuple[str, Any]:
    """A fresh ``scorekeeper_bench`` database on the server of ``SCOREKEEPER_BENCH_POSTGRES_URL``."""
    server = make_url(os.environ.get("SCOREKEEPER_BENCH_POSTGRES_URL", DEFAULT_POSTGRES))
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)"))
        connection.execute(text(f"CREATE DATABASE {BENCH_DATABASE}"))
        # As docs/production.md advises: the default (4) prices random reads for spinning disks, and
        # makes PostgreSQL scan whole tables where the statistics need a thousand rows by index.
        connection.execute(text(f"ALTER DATABASE {BENCH_DATABASE} SET random_page_cost = 1.1"))
    return server.set(database=BENCH_DATABASE).render_as_string(hide_password=False), admin


def drop_postgres(admin: Any) -> None:
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)"))
    admin.dispose()


def run_database(kind: str, args: argparse.Namespace, report: Report, work: Path) -> None:
    admin = None
    instance = work / kind
    instance.mkdir()
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(instance)
    if kind == "postgresql":
        url, admin = postgres_database()
    else:
        url = f"sqlite:///{instance / 'bench.sqlite3'}"
    try:
        from scorekeeper import create_app
        from scorekeeper.extensions import db

        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench",
                          "LOGIN_LIMIT_PER_ADDRESS": "1000000 per minute",
                          "LOGIN_LIMIT_PER_USERNAME": "1000000 per minute"})
        inproc.add_bare_routes(app)
        with app.app_context():
            query = "select sqlite_version()" if kind == "sqlite" else "show server_version"
            version = db.session.scalar(text(query))
        run = DatabaseRun(kind, f"{'SQLite' if kind == 'sqlite' else 'PostgreSQL'} {version}")
        report.runs.append(run)
        say(f"{run.version}: building the data sets")
        start = time.perf_counter()
        built = data.build(app, submit_start=10)
        run.notes.append(f"data sets built in {time.perf_counter() - start:.1f} s")
        say(run.notes[-1])
        say("pages in-process (time and SQL statements)")
        run.pages = inproc.growth(app, built, args.quick)
        say("failed logins: an existing account and an unknown name")
        run.login = inproc.login_timing(app)
        say("the API in-process: a 60-hand match against a bare JSON route, a hand submitted")
        run.api = inproc.api(app, built, api_token(app), args.quick)
        with app.app_context():
            db.engine.dispose()
        serve(kind, url, instance, built, app, args, report, run)
    finally:
        if admin is not None:
            drop_postgres(admin)


def serve(kind: str, url: str, instance: Path, built: data.Built, app: Any, args: argparse.Namespace,
          report: Report, run: DatabaseRun) -> None:
    if not shutil.which("wrk"):
        report.skipped.append("wrk is not installed: no server load figures (run bench/run as root)")
        return
    from scorekeeper.extensions import db
    from scorekeeper.models import Hand, User
    from scorekeeper.services.accounts import create_token

    seconds, warmup, rounds = (3, 1, 3) if args.quick else (5, 2, ROUNDS)
    say(f"gunicorn --workers {load.WORKERS} --threads {load.THREADS}; wrk -t2 -c8 -d{seconds}s, "
        f"{rounds} rounds")
    board = built.matches["board60"][0]
    server = load.Server(url, instance)
    try:
        base = server.base
        bench = load.login(base, "bench")
        hist = load.login(base, "hist1000")
        tag = load.etag(base, f"/matches/{board}", bench)
        run.load += load.rounds(base, [
            load.Row(FLOOR, "/bench/hello", bench),
            load.Row(SCOREBOARD, f"/matches/{board}", bench),
            load.Row(SCOREBOARD_RENDERED, f"/matches/{board}?rendered", bench),
            load.Row("scoreboard revalidated: If-None-Match, 304", f"/matches/{board}", bench,
                     (f"If-None-Match: {tag}",)),
            load.Row("history, 1,000 matches (GET /history)", "/history", hist),
        ], seconds, warmup, rounds)
        with app.app_context():
            user = db.session.scalar(select(User).where(User.username == "bench"))
            token = create_token(user)
            before = db.session.scalar(select(func.count(Hand.id)))
        run.load.append(load.hello_python(base, seconds))
        result = load.submit(base, token, built.matches["submit"], 11, data.HANDS[0], seconds)
        with app.app_context():
            stored = db.session.scalar(select(func.count(Hand.id))) - before
            db.session.remove()
            db.engine.dispose()
        run.load.append(result)
        run.notes.append(f"hand submissions: {result.requests} answers, {result.errors} errors; "
                         f"{stored} hands were stored")
        if not report.weight:
            say("page weight")
            report.weight["scoreboard (60 hands)"] = load.page_weight(base, f"/matches/{board}", bench)
            report.weight["hand entry"] = load.page_weight(base, f"/matches/{board}/hands/new", bench)
        if not report.lighthouse and not args.skip_lighthouse:
            if not load.LIGHTHOUSE.exists():
                report.skipped.append("Lighthouse is not installed "
                                      "(npm install --prefix bench/.node lighthouse@12)")
            else:
                for page, path in (("scoreboard", f"/matches/{board}"),
                                   ("hand entry", f"/matches/{board}/hands/new")):
                    say(f"Lighthouse: {page}")
                    try:
                        report.lighthouse.append(load.lighthouse(base, page, path, bench, load.REPORTS))
                    except (RuntimeError, OSError, ValueError) as error:
                        report.skipped.append(str(error)[:300])
    finally:
        server.stop()
    say(f"gunicorn --workers {load.WORKERS} --threads 1: the floor and the pages again")
    server = load.Server(url, instance, threads=1)
    try:
        base = server.base
        bench, hist = load.login(base, "bench"), load.login(base, "hist1000")
        run.single_thread += load.rounds(base, [
            load.Row(FLOOR, "/bench/hello", bench),
            load.Row(SCOREBOARD, f"/matches/{board}", bench),
            load.Row(SCOREBOARD_RENDERED, f"/matches/{board}?rendered", bench),
            load.Row("history, 1,000 matches (GET /history)", "/history", hist),
        ], seconds, warmup, rounds)
    finally:
        server.stop()


# --- Report ------------------------------------------------------------------------------------


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def budgets(report: Report) -> None:
    add = report.budgets.append
    for run in report.runs:
        match = next((r for r in run.api if r.name == API_MATCH), None)
        bare = next((r for r in run.api if r.name == BARE_API), None)
        if match and bare:
            add((f"{run.version}: {API_MATCH} within {API_BUDGET:g}x of the {BARE_API} (in-process)",
                 f"{match.ms / bare.ms:.1f}x ({match.ms:.2f} ms vs {bare.ms:.2f} ms)",
                 match.ms / bare.ms <= API_BUDGET))
        floor = next((r for r in run.load if r.url == "/bench/hello"), None)
        for board in (r for r in run.load if r.name.startswith("scoreboard")):
            if floor is None:
                break
            ratio = board.p50_ms / floor.p50_ms
            measured = f"{ratio:.1f}x ({board.p50_ms:.1f} ms vs {floor.p50_ms:.2f} ms)"
            if board.name == SCOREBOARD_RENDERED:  # paid once per change and process: shown, no budget
                add((f"{run.version}: scoreboard rendered anew (the first view of each change)", measured,
                     None))
                continue
            what = "revalidated (304)" if "revalidated" in board.name else "viewed (200)"
            add((f"{run.version}: scoreboard {what} p50 within {SCOREBOARD_BUDGET:g}x of the floor's",
                 measured, ratio <= SCOREBOARD_BUDGET))
        for page in ("scoreboard", "history", "player statistics"):
            series = [p for p in run.pages if p.page == page]
            if len(series) < 2:
                continue
            counts = {p.statements for p in series}
            add((f"{run.version}: {page} statements do not grow",
                 " / ".join(f"{p.statements} ({p.size})" for p in series), len(counts) == 1))
            small, big = series[0], series[-1]
            time_ratio, size_ratio = big.ms / small.ms, big.kbytes / small.kbytes
            add((f"{run.version}: {page} time grows no faster than the page",
                 f"time x{time_ratio:.1f}, page x{size_ratio:.1f} ({small.size} to {big.size})",
                 time_ratio <= max(size_ratio, 1.0) * GROWTH_SLACK))
    if report.weight:
        raw = sum(r.raw for r in report.weight["scoreboard (60 hands)"]) / 1024
        add((f"scoreboard with all it loads under {WEIGHT_BUDGET_KB} KB uncompressed", f"{raw:.1f} KB",
             raw <= WEIGHT_BUDGET_KB))
    for result in report.lighthouse:
        low = {k: v for k, v in result.scores.items() if v < LIGHTHOUSE_BUDGET}
        add((f"Lighthouse mobile {result.page}: {LIGHTHOUSE_BUDGET} or more in each category",
             ", ".join(f"{k} {v}" for k, v in result.scores.items()), not low))
    if report.engine:
        add(("scoring engine well under 1 ms per hand",
             f"{report.engine.load_us + report.engine.fold_us:.1f} µs per hand (load + fold)",
             report.engine.load_us + report.engine.fold_us < ENGINE_BUDGET_US / 10))


def _ratio(result: load.LoadResult, results: list[load.LoadResult]) -> str:
    """p50 over the floor's p50, both timed by the same client (wrk, or the Python one)."""
    python = result.note.startswith("Python") or result.url.endswith("(python)")
    wanted = "/bench/hello (python)" if python else "/bench/hello"
    floor = next((r for r in results if r.url == wanted), None)
    return f"{result.p50_ms / floor.p50_ms:.1f}x" if floor else "-"


def login_section(run: DatabaseRun) -> list[str]:
    timing = run.login
    assert timing is not None
    return [f"### Failed logins, {run.version}", "",
            f"In-process through the login form; median of {timing.rounds}, the two kinds alternating. "
            "Alike, so that the time of a refusal does not tell which usernames exist.", "",
            table(["failed login", "ms (median)"], [
                ["wrong password for an existing account", f"{timing.known_ms:.1f}"],
                ["unknown username", f"{timing.unknown_ms:.1f}"]]), ""]


def api_token(app: Any) -> str:
    """A new API token of the ``bench`` account."""
    from scorekeeper.extensions import db
    from scorekeeper.models import User
    from scorekeeper.services.accounts import create_token

    with app.app_context():
        token = create_token(db.session.scalar(select(User).where(User.username == "bench")))
        db.session.remove()
    return token


def api_section(run: DatabaseRun) -> list[str]:
    bare = next(r for r in run.api if r.name == BARE_API)
    return [f"### The API in-process, {run.version}", "",
            "Flask's test client in one process, bearer token; each row the fastest (and the median) "
            "of its requests; SQL statements and hands scored (`score_hand` calls) in one request; the "
            "ratio of the fastest to the bare route with the token checked.", "",
            table(["request", "fastest ms", "median ms", "SQL statements", "hands scored", "KB",
                   "/ bare (token)"], [
                [r.name, f"{r.ms:.2f}", f"{r.median_ms:.2f}", str(r.statements), str(r.hands_scored),
                 f"{r.kbytes:.1f}", f"{r.ms / bare.ms:.1f}x"] for r in run.api]), ""]


@contextmanager
def small_app(kind: str, work: str, **config: Any) -> Iterator[tuple[Any, DatabaseRun]]:
    """An app on a fresh database of ``kind`` (SQLite in ``work``, or a PostgreSQL database of the
    bench's own, dropped afterwards), for the ``--only`` measurements; yields it and its run."""
    instance = Path(work) / kind
    instance.mkdir()
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(instance)
    admin = None
    if kind == "postgresql":
        url, admin = postgres_database()
    else:
        url = f"sqlite:///{instance / 'bench.sqlite3'}"
    try:
        from scorekeeper import create_app
        from scorekeeper.extensions import db

        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", **config})
        with app.app_context():
            query = "select sqlite_version()" if kind == "sqlite" else "show server_version"
            version = db.session.scalar(text(query))
        yield app, DatabaseRun(kind, f"{'SQLite' if kind == 'sqlite' else 'PostgreSQL'} {version}")
        with app.app_context():
            db.engine.dispose()
    finally:
        if admin is not None:
            drop_postgres(admin)


def api_only(kinds: list[str], quick: bool) -> str:
    """``--only api``: the API rows alone, on a small data set of each kind (a 60-hand match and
    matches of 60 hands to submit into)."""
    out = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as work:
        for kind in kinds:
            with small_app(kind, work) as (app, run):
                inproc.add_bare_routes(app)
                say(f"{run.version}: building a 60-hand match and matches to submit into")
                built = data.build(app, history_sizes=(), board_sizes=(60,), submit_matches=32,
                                   submit_start=60)
                say(f"{run.version}: the API in-process")
                run.api = inproc.api(app, built, api_token(app), quick)
            out += api_section(run)
            match = next(r for r in run.api if r.name == API_MATCH)
            bare = next(r for r in run.api if r.name == BARE_API)
            ratio = match.ms / bare.ms
            out += [f"Budget: {API_MATCH} within {API_BUDGET:g}x of the {BARE_API}: "
                    f"{'pass' if ratio <= API_BUDGET else 'MISS'} ({ratio:.1f}x)", ""]
    return "\n".join(out)


def login_only(kinds: list[str]) -> str:
    """``--only login``: the failed-login timings alone, on an empty database of each kind."""
    out = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as work:
        for kind in kinds:
            limits = {"LOGIN_LIMIT_PER_ADDRESS": "1000000 per minute",
                      "LOGIN_LIMIT_PER_USERNAME": "1000000 per minute"}
            with small_app(kind, work, **limits) as (app, run):
                from scorekeeper.services.accounts import create_user

                with app.app_context():
                    create_user("bench", data.PASSWORD)
                say(f"{run.version}: failed logins")
                run.login = inproc.login_timing(app)
            out += login_section(run)
    return "\n".join(out)


def render(report: Report, command: str) -> str:
    out = [f"Command: `{command}` ({time.strftime('%Y-%m-%d %H:%M %Z')})", "",
           table(["machine", ""], [[k, v] for k, v in report.machine.items()]
                 + [[run.name, run.version] for run in report.runs]), ""]
    for run in report.runs:
        if run.load:
            out += [f"### Server under load, {run.version}", "",
                    f"gunicorn `--workers {load.WORKERS} --threads {load.THREADS}` on 127.0.0.1; "
                    "`wrk -t2 -c8 --latency` (logged-in session cookie); same server for every row; "
                    "each wrk row is the fastest (by p50) of several rounds in which the rows take "
                    "turns (5; 3 with --quick).", "",
                    table(["request", "req/s", "p50 ms", "p99 ms", "p50 / floor", "errors"], [
                        [r.name + (f" ({r.note})" if r.note else ""), f"{r.rps:,.0f}", f"{r.p50_ms:.2f}",
                         f"{r.p99_ms:.2f}", _ratio(r, run.load), str(r.errors)] for r in run.load]),
                    "", "The submissions are timed by a Python client (threads), so their ratio is to the "
                    "floor timed by that same client.", ""]
        if run.single_thread:
            out += [f"Same machine and database, `--workers {load.WORKERS} --threads 1` (one request at a "
                    "time per process, so no two threads of a worker compete for the GIL):", "",
                    table(["request", "req/s", "p50 ms", "p99 ms", "p50 / floor", "errors"], [
                        [r.name, f"{r.rps:,.0f}", f"{r.p50_ms:.2f}", f"{r.p99_ms:.2f}",
                         _ratio(r, run.single_thread), str(r.errors)] for r in run.single_thread]), ""]
        if run.pages:
            out += [f"### Cost as the work grows, {run.version}", "",
                    "In-process through Flask's test client (no network): time of a request (the "
                    "fastest of 3 to 40), SQL statements it sends, size of the HTML.", "",
                    table(["page", "size", "ms (fastest)", "SQL statements", "HTML KB", "note"], [
                        [p.page, p.size, f"{p.ms:.1f}", str(p.statements), f"{p.kbytes:.1f}", p.note]
                        for p in run.pages]), ""]
        if run.login:
            out += login_section(run)
        if run.api:
            out += api_section(run)
        if run.notes:
            out += [*(f"- {note}" for note in run.notes), ""]
    if report.weight:
        out += ["### Page weight", "",
                "Each page and everything it loads, as served (Flask does not compress; nginx does, see "
                "docs/production.md), and gzip level 6.", ""]
        rows = []
        for page, resources in report.weight.items():
            rows += [[page, r.url, f"{r.raw / 1024:.1f}", f"{r.gzipped / 1024:.1f}"] for r in resources]
            rows.append([f"**{page}, total**", "", f"**{sum(r.raw for r in resources) / 1024:.1f}**",
                         f"**{sum(r.gzipped for r in resources) / 1024:.1f}**"])
        out += [table(["page", "resource", "KB", "KB gzip"], rows), ""]
    if report.lighthouse:
        out += ["### Lighthouse (mobile, simulated slow 4G, Debian's Chromium)", "",
                table(["page", "performance", "accessibility", "best practices", "FCP", "LCP", "TBT",
                       "CLS"], [
                    [r.page, *(str(r.scores.get(k, "-")) for k in ("performance", "accessibility",
                                                                     "best-practices")),
                     *(r.metrics.get(m, "-") for m in ("first-contentful-paint", "largest-contentful-paint",
                                                        "total-blocking-time", "cumulative-layout-shift"))]
                    for r in report.lighthouse]), ""]
        for r in report.lighthouse:
            if r.failing:
                out.append(f"- {r.page}, audits below full marks: {', '.join(r.failing)}")
        out.append("")
    if report.engine:
        e = report.engine
        out += [f"### Scoring engine ({e.hands}-hand classic match, best of 5)", "",
                table(["step", "µs per hand"], [
                    ["check a hand from the API's JSON (`parse_hand`)", f"{e.parse_us:.1f}"],
                    ["rebuild a stored hand (`load_hand`)", f"{e.load_us:.1f}"],
                    ["score and fold (`fold_match`)", f"{e.fold_us:.1f}"],
                    [f"recompute the whole {e.hands}-hand match from stored inputs",
                     f"{e.load_us + e.fold_us:.1f} ({(e.load_us + e.fold_us) * e.hands / 1000:.1f} ms "
                     "for the match)"]]), ""]
    if report.budgets:
        out += ["### Budgets", "", table(["budget", "measured", "result"], [
            [name, value, "-" if ok is None else "pass" if ok else "**MISS**"]
            for name, value, ok in report.budgets]), ""]
    if report.skipped:
        out += ["Skipped: " + "; ".join(report.skipped), ""]
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short wrk runs and fewer repetitions")
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--skip-lighthouse", action="store_true")
    parser.add_argument("--output", type=Path, default=BENCH / "results.md")
    parser.add_argument("--only", choices=("login", "api", "ratings"),
                        help="one measurement alone, printed (results.md is left as it is)")
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    if args.only == "login":
        print(login_only(kinds))
        return 0
    if args.only == "api":
        print(api_only(kinds, args.quick))
        return 0
    if args.only == "ratings":  # bench/ratings_bench.py: 20,000 matches (2,000 with --quick)
        import ratings_bench

        return ratings_bench.main(["--db", args.db, "--matches", "2000" if args.quick else "20000"])
    command = "bench/run" + "".join(f" {a}" for a in sys.argv[1:])
    report = Report(machine())
    say("scoring engine")
    report.engine = inproc.engine(500, 5 if args.quick else 20)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as work:
        for kind in kinds:
            try:
                run_database(kind, args, report, Path(work))
            except Exception as error:  # one database failing still reports the other
                if kind != "postgresql":
                    raise
                report.skipped.append(f"PostgreSQL: {error.__class__.__name__}: {str(error)[:200]}")
    budgets(report)
    text_ = render(report, command)
    args.output.write_text("<!-- Written by bench/run; do not edit. -->\n\n" + text_ + "\n")
    print()
    print(text_)
    print(f"\nWritten to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
