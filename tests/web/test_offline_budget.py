"""The budget of the scripts that keep score without signal (issue 14): the service worker, the scorer
and the queue together at most 30 KB gzipped (level 6, as nginx sends them). Sizes, never times;
``pytest -s`` prints them (bench/offline_budget.py prints them too)."""

from __future__ import annotations

import gzip
from html.parser import HTMLParser
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import long_match

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
        "static/form_to_hand.js": (STATIC / "form_to_hand.js").read_bytes(),
        **{f"static/queue/{p.name}": p.read_bytes() for p in sorted((STATIC / "queue").glob("*.js"))},
    }
    sizes = {name: (len(body), gzipped(body)) for name, body in bodies.items()}
    for name, (raw, packed) in sizes.items():
        print(f"{name}: {raw / 1024:.1f} KB, {packed / 1024:.1f} KB gzipped")
    total = sum(packed for _raw, packed in sizes.values())
    print(f"together: {total / 1024:.1f} KB gzipped (budget {BUDGET_KB} KB)")
    assert total <= BUDGET_KB * 1024


#: Issue 6's budget: the scoreboard with everything it loads, uncompressed.
PAGE_BUDGET_KB = 50


class _Assets(HTMLParser):
    """What a page makes the browser fetch: stylesheets, icons, the manifest, scripts, images."""

    RELS = frozenset({"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"})

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("href") and set((found.get("rel") or "").split()) & self.RELS:
            self.urls.append(found["href"] or "")
        elif tag in {"script", "img", "source"} and found.get("src"):
            self.urls.append(found["src"] or "")


def page_weight(client: FlaskClient, path: str) -> dict[str, int]:
    """Bytes of the page and of every asset it references, as served."""
    page = client.get(path)
    assert page.status_code == 200
    parser = _Assets()
    parser.feed(page.get_data(as_text=True))
    sizes = {path: len(page.get_data())}
    for url in dict.fromkeys(parser.urls):
        answer = client.get(url)
        assert answer.status_code == 200, url
        sizes[url] = len(answer.get_data())
        answer.close()  # a static file's handle
    for url, size in sizes.items():
        print(f"{url}: {size / 1024:.1f} KB")
    print(f"{path} with all it loads: {sum(sizes.values()) / 1024:.1f} KB (budget {PAGE_BUDGET_KB} KB)")
    return sizes


def test_the_scoreboard_with_all_it_loads_is_under_50_kb(app: Flask, user_client: FlaskClient) -> None:
    """A 60-hand match (the benchmark's): the offline queue's scripts are not among what it loads;
    static/offline.js loads them only when this phone holds queued hands (tests/browser)."""
    match_id = long_match(app, 60)
    sizes = page_weight(user_client, f"/matches/{match_id}")
    assert not [url for url in sizes if "/queue/" in url or "scorer.js" in url]
    assert sum(sizes.values()) <= PAGE_BUDGET_KB * 1024


def test_the_hand_page_still_loads_the_offline_scripts(app: Flask, user_client: FlaskClient) -> None:
    match_id = long_match(app, 1)
    sizes = page_weight(user_client, f"/matches/{match_id}/hands/new")
    assert [url for url in sizes if "queue/main.js" in url] and [url for url in sizes if "scorer.js" in url]
