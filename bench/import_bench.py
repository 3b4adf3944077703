"""How long an import of a large history takes, on SQLite and PostgreSQL, and where the time goes.

    .venv/bin/python bench/import_bench.py                  # 5,000 matches, both databases
    .venv/bin/python bench/import_bench.py --db postgresql --matches 1000 --profile

The file is what a JSON export of 5,000 matches holds when it fills most of the 5 MB the page
accepts: classic matches of 1 to 4 hands (2.5 on average), twelve players seated in turn, so that
the import finds or adds players, sides, seats, canastas and partnerships like a real history.
Each run, on an empty database of its own: the file checked by the rules (``read_export``); the
import stored (``store_matches``: its time and SQL statements); the whole upload through the page
(test client: read, check, store, answer), within the request and in the background (the
answer at once, then the job until it is done); the same file again (every match recognised,
nothing stored). Then the running totals are compared with a rebuild from the sides, and the stored matches
are counted. ``--profile`` prints the top of a cProfile of the store step.

PostgreSQL: ``SCOREKEEPER_BENCH_POSTGRES_URL`` (default the local server); the script makes its own
database ``scorekeeper_bench_import`` and drops it at the end. Prints figures; asserts only that the
import stored what it should.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(BENCH.parent))

from data import PASSWORD, hand_sequence  # noqa: E402
from sqlalchemy import create_engine, func, select, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
DATABASE = "scorekeeper_bench_import"
NAMES = ["Ana", "Luis", "Eva", "Juan", "Marta", "Pablo", "Lucía", "Jorge", "Sofía", "Diego", "Inés", "Tomás"]
USERNAME = "importer"


def export_document(count: int) -> dict[str, Any]:
    """An export of ``count`` classic matches (1 to 4 hands each), every total folded by the rules."""
    from scorekeeper.rules import fold_match, get_ruleset, load_hand

    rs = get_ruleset("classic", {})
    start = datetime(2020, 1, 1, 20, 0, tzinfo=UTC)
    matches = []
    for i in range(count):
        hands = hand_sequence(1 + i % 4, offset=i)
        seats = [NAMES[(i + k) % len(NAMES)] for k in (0, 3, 6, 9)]
        state = fold_match(rs, rs.target, 2, [load_hand(h) for h in hands])
        matches.append(
            {
                "ruleset": "classic",
                "target": rs.target,
                "house_rules": {},
                "first_dealer": i % 4,
                "created_at": (start + timedelta(hours=3 * i)).isoformat(),
                "sides": [
                    {"name": "Nosotros", "players": seats[:2]},
                    {"name": "Ellos", "players": seats[2:]},
                ],
                "hands": hands,
                "totals": list(state.totals),
            }
        )
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "exported_at": start.isoformat(),
        "matches": matches,
    }


@contextmanager
def database(kind: str, work: Path) -> Iterator[str]:
    """The URL of an empty database of ``kind`` (PostgreSQL: dropped afterwards)."""
    if kind == "sqlite":
        yield f"sqlite:///{work / 'import.sqlite3'}"
        return
    server = make_url(os.environ.get("SCOREKEEPER_BENCH_POSTGRES_URL", DEFAULT_POSTGRES))
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"))
        connection.execute(text(f"CREATE DATABASE {DATABASE}"))
    try:
        yield server.set(database=DATABASE).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)"))
        admin.dispose()


def make_app(url: str, work: Path) -> Any:
    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(work)
    from scorekeeper import create_app

    return create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})


def clear(app: Any) -> None:
    """Every match and player gone (the account stays), for the next measurement."""
    from scorekeeper.extensions import db

    with app.app_context():
        db.session.remove()
        tables = [
            t for t in reversed(db.metadata.sorted_tables) if t.name not in {"users", "alembic_version"}
        ]
        with db.engine.begin() as connection:
            for table in tables:
                connection.execute(table.delete())


def owner(app: Any) -> int:
    """The id of the importing account (made on the first call)."""
    from werkzeug.security import generate_password_hash

    from scorekeeper.extensions import db
    from scorekeeper.models import User

    with app.app_context():
        found = db.session.scalar(select(User.id).where(User.username == USERNAME))
        if found is None:
            user = User(username=USERNAME, password_hash=generate_password_hash(PASSWORD))
            db.session.add(user)
            db.session.commit()
            found = user.id
        return int(found)


def check_stored(app: Any, club_id: int, count: int) -> str:
    """The stored matches counted and the running totals compared with a rebuild from the sides."""
    from builders import totals_equal_a_rebuild

    from scorekeeper.extensions import db
    from scorekeeper.models import Match

    with app.app_context():
        stored = db.session.scalar(select(func.count()).select_from(Match).where(Match.club_id == club_id))
        assert stored == count, f"{stored} matches stored, {count} expected"
        assert totals_equal_a_rebuild(club_id), "running totals differ from a rebuild"
    return f"{stored} matches stored, running totals equal to a rebuild"


def timed(run: Any) -> tuple[Any, float]:
    """``run()`` and the seconds it took (wall clock); its CPU seconds in this process go to ``CPU``."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run()
    CPU.append(time.process_time() - cpu)
    return result, time.perf_counter() - start


#: The CPU seconds of each :func:`timed` run, in this process (the database server's not counted):
#: on a busy machine the wall clock grows with the load, this much less.
CPU: list[float] = []


def cpu() -> str:
    return f"(CPU here {CPU[-1]:5.2f} s)"


def measure(kind: str, count: int, profile: bool) -> list[str]:
    from builders import counting

    from scorekeeper.extensions import db
    from scorekeeper.services.export_formats import read_export
    from scorekeeper.services.transfer import store_matches

    lines = []
    raw = json.dumps(export_document(count), ensure_ascii=False, separators=(",", ":")).encode()
    with tempfile.TemporaryDirectory() as folder, database(kind, Path(folder)) as url:
        app = make_app(url, Path(folder))
        with app.app_context():
            version = db.session.scalar(
                text("select sqlite_version()" if kind == "sqlite" else "show server_version")
            )
        lines.append(f"{kind} {version}: {count:,} matches, file {len(raw) / 1024 / 1024:.2f} MB")
        club_id = owner(app)
        imported, seconds = timed(lambda: read_export(raw))
        lines.append(f"  read and check (read_export):       {seconds:6.2f} s {cpu()}")
        profiler = cProfile.Profile() if profile else None
        with app.app_context(), counting(app) as statements:
            if profiler:
                profiler.enable()
            _, seconds = timed(lambda: store_matches(club_id, imported.matches, imported.exported_at))
            if profiler:
                profiler.disable()
        lines.append(
            f"  store (store_matches):              {seconds:6.2f} s {cpu()}, "
            f"{len(statements):,} SQL statements"
        )
        lines.append("  " + check_stored(app, club_id, count))
        with app.app_context():
            _, seconds = timed(lambda: store_matches(club_id, read_export(raw).matches))
        lines.append(f"  the same file again (all skipped):  {seconds:6.2f} s {cpu()}")
        clear(app)
        app.config["IMPORT_BACKGROUND_BYTES"] = len(raw)  # this once, within the request
        response, seconds = timed(lambda: upload(app, raw))
        assert response.status_code == 302, response.status_code
        lines.append(f"  the upload, imported in the request: {seconds:5.2f} s {cpu()}")
        lines.append("  " + check_stored(app, club_id, count))
        clear(app)
        app.config.pop("IMPORT_BACKGROUND_BYTES")
        answered, done = in_background(app, raw)
        lines.append(
            f"  the upload, imported in the background: answered in {answered:.2f} s, done after {done:.2f} s"
        )
        lines.append("  " + check_stored(app, club_id, count))
        with app.app_context():
            db.engine.dispose()
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(35)
        lines.append(out.getvalue())
    return lines


def in_background(app: Any, raw: bytes) -> tuple[float, float]:
    """The upload as the page takes a large file: seconds until its answer (a 303 to the job's
    progress page), and until the job says it is done (its row read every 50 ms)."""
    from scorekeeper.extensions import db
    from scorekeeper.models import ImportJob

    start = time.perf_counter()
    response = upload(app, raw)
    answered = time.perf_counter() - start
    assert response.status_code == 303, response.status_code
    job_id = int(response.location.rsplit("/", 1)[1])
    with app.app_context():
        while (state := db.session.get(ImportJob, job_id).state) not in {"done", "failed"}:
            db.session.rollback()
            time.sleep(0.05)
        assert state == "done", state
    return answered, time.perf_counter() - start


def upload(app: Any, raw: bytes) -> Any:
    """The file sent through the import page (test client, logged in as the account); its answer."""
    from builders import BOUNDARY, csrf_token, logged_in, multipart

    client = logged_in(app, USERNAME, PASSWORD)
    body = multipart(csrf_token(client, "/transfer"), raw, "backup.json")
    return client.post("/transfer", data=body, content_type=f"multipart/form-data; boundary={BOUNDARY}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the store step")
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    for kind in kinds:
        for line in measure(kind, args.matches, args.profile):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
