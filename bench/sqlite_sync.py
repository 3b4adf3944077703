"""What ``synchronous=FULL`` costs SQLite in WAL mode, next to NORMAL (docs/reliability.md).

The one difference is an fsync of the write-ahead log at each commit, so this times commits of one
small row (a hand is one transaction of a few rows), in the instance folder's file system unless a
folder is given:

    .venv/bin/python bench/sqlite_sync.py [FOLDER] [--commits 400]
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def per_commit_ms(path: Path, synchronous: str, commits: int) -> float:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(f"PRAGMA synchronous={synchronous}")
    connection.execute("CREATE TABLE IF NOT EXISTS hands (id INTEGER PRIMARY KEY, body TEXT)")
    times = []
    for n in range(commits):
        start = time.perf_counter()
        connection.execute("BEGIN")
        connection.execute("INSERT INTO hands (body) VALUES (?)", (f'{{"number": {n}, "melds": 640}}',))
        connection.execute("COMMIT")
        times.append(time.perf_counter() - start)
    connection.close()
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "instance")
    parser.add_argument("--commits", type=int, default=400)
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    print(f"SQLite {sqlite3.sqlite_version}, WAL, {args.commits} commits each, in {args.folder}")
    print("| synchronous | ms per commit (median) |\n|---|---|")
    with tempfile.TemporaryDirectory(dir=args.folder) as work:
        for mode in ("NORMAL", "FULL", "NORMAL", "FULL"):  # twice, interleaved
            ms = per_commit_ms(Path(work) / f"{mode}.db", mode, args.commits)
            print(f"| {mode} | {ms:.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
