"""The budget of the scripts that keep score without signal (issue 14): the service worker, the scorer
and the queue together at most 30 KB gzipped (level 6, as nginx sends them). Sizes, never times;
``pytest -s`` prints them (bench/offline_budget.py prints them too)."""

from __future__ import annotations

import gzip
from pathlib import Path

from flask.testing import FlaskClient

BUDGET_KB = 30
STATIC = Path(__file__).resolve().parents[2] / "static"


def gzipped(body: bytes) -> int:
    return len(gzip.compress(body, compresslevel=6))


def test_worker_scorer_and_queue_fit_in_30_kb_gzipped(client: FlaskClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    bodies = {
        "/sw.js": worker.get_data(),
        "static/scorer.js": (STATIC / "scorer.js").read_bytes(),
        "static/queue.js": (STATIC / "queue.js").read_bytes(),
    }
    sizes = {name: (len(body), gzipped(body)) for name, body in bodies.items()}
    for name, (raw, packed) in sizes.items():
        print(f"{name}: {raw / 1024:.1f} KB, {packed / 1024:.1f} KB gzipped")
    total = sum(packed for _raw, packed in sizes.values())
    print(f"together: {total / 1024:.1f} KB gzipped (budget {BUDGET_KB} KB)")
    assert total <= BUDGET_KB * 1024
