"""Print the size of the scripts that keep score without signal: the service worker (as served),
static/scorer.js, static/form_to_hand.js and
static/queue/*.js, raw and gzip level 6, against the 30 KB budget (issue 14).

    .venv/bin/python bench/offline_budget.py
"""

from __future__ import annotations

import gzip
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app  # noqa: E402

BUDGET_KB = 30


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/budget.db",
                          "SECRET_KEY": "budget"})
        worker = app.test_client().get("/sw.js").get_data()
    bodies = {"/sw.js": worker}
    modules = sorted(f"queue/{p.name}" for p in (ROOT / "static" / "queue").glob("*.js"))
    names = ["scorer.js", "form_to_hand.js", *modules]
    for name in names:
        bodies[f"static/{name}"] = (ROOT / "static" / name).read_bytes()
    total = 0
    for name, body in bodies.items():
        packed = len(gzip.compress(body, compresslevel=6))
        total += packed
        print(f"{name:20} {len(body) / 1024:6.1f} KB {packed / 1024:6.1f} KB gzipped")
    verdict = "pass" if total <= BUDGET_KB * 1024 else "FAIL"
    print(f"{'together':20} {'':9} {total / 1024:6.1f} KB gzipped: {verdict} (budget {BUDGET_KB} KB)")


if __name__ == "__main__":
    main()
