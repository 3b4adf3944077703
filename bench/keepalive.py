"""Why a few kept-alive connections were reset under load, shown and measured (docs/reliability.md).

gunicorn's threaded worker closes a kept-alive connection that stayed idle for ``--keep-alive``
seconds (2 by default) with a plain ``close()``. A client that sends its next request on that
connection in the same instant finds it gone: if the request reached the server first, the unread
bytes make the kernel answer with a reset ("Connection reset by peer"); otherwise the client reads
an empty answer ("Remote end closed connection"). The race is inherent to HTTP/1.1 keep-alive
(RFC 9112, section 9.3.1: a client must be ready to retry), so it shows up as a few failures in
thousands whenever clients pause for about the server's keep-alive between requests.

Each client here keeps one connection and pauses about the server's keep-alive (± 50 ms) between
requests, which is where the race lives; then the same with the keep-alive docs/production.md
advises, and with the client's retry (once, on a fresh connection, only when a reused connection
failed before any answer). Run alone, SQLite, a few minutes:

    .venv/bin/python bench/keepalive.py [--seconds 40] [--clients 8]
"""

from __future__ import annotations

import argparse
import http.client
import random
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(BENCH.parent))

import load  # noqa: E402

#: gunicorn's default, and what docs/production.md advises (above nginx's 60 s upstream default).
DEFAULT_KEEPALIVE, ADVISED_KEEPALIVE = 2.0, 75.0
DROPPED = (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected)


@dataclass
class Tally:
    requests: int = 0
    dropped: int = 0  # a reused connection failed before any answer
    failed_after_retry: int = 0


def client(port: int, pause: float, deadline: float, retry: bool, tally: Tally, lock: threading.Lock) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < deadline:
        attempts = 2 if retry else 1
        for attempt in range(attempts):
            try:
                connection.request("GET", "/bench/hello")
                connection.getresponse().read()
                with lock:
                    tally.requests += 1
                break
            except DROPPED:
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                with lock:
                    tally.dropped += attempt == 0
                    tally.failed_after_retry += attempt == attempts - 1
        time.sleep(max(0.0, pause + random.uniform(-0.05, 0.05)))
    connection.close()


def run(keepalive: float, pause: float, retry: bool, seconds: float, clients: int, work: Path) -> Tally:
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    url = f"sqlite:///{work / 'keepalive.sqlite3'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})  # migrates
    with app.app_context():
        db.engine.dispose()
    server = load.Server(url, work, extra=("--keep-alive", f"{keepalive:g}"))
    tally, lock = Tally(), threading.Lock()
    deadline = time.monotonic() + seconds
    try:
        threads = [threading.Thread(target=client, args=(server.port, pause, deadline, retry, tally, lock))
                   for _ in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.stop()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    rows = [
        ("gunicorn default --keep-alive 2, no retry", DEFAULT_KEEPALIVE, False),
        ("gunicorn default --keep-alive 2, retry once", DEFAULT_KEEPALIVE, True),
        (f"--keep-alive {ADVISED_KEEPALIVE:g} (docs/production.md), no retry", ADVISED_KEEPALIVE, False),
    ]
    print(f"{args.clients} clients, each pausing about 2 s (the default keep-alive) between requests, "
          f"{args.seconds:g} s per row")
    print("| server | requests answered | reused connection dropped | failed after one retry |")
    print("|---|---|---|---|")
    for name, keepalive, retry in rows:
        with tempfile.TemporaryDirectory(prefix="scorekeeper-keepalive-") as work:
            tally = run(keepalive, DEFAULT_KEEPALIVE, retry, args.seconds, args.clients, Path(work))
        print(f"| {name} | {tally.requests} | {tally.dropped} | "
              f"{tally.failed_after_retry if retry else '-'} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
