"""In-process measurements: the scoring engine alone, and each page through Flask's test client with
the SQL statements it sends counted (a ``before_cursor_execute`` listener). No server, no network."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from data import PASSWORD, Built, hand_sequence
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import fold_match, get_ruleset, load_hand, parse_hand
from scorekeeper.sql_count import counting

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


# --- Scoring engine ------------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineResult:
    hands: int
    parse_us: float  # check one hand from the API's JSON (parse_hand)
    load_us: float  # rebuild one stored hand (load_hand), as every page does
    fold_us: float  # score and fold one hand (fold_match over the whole match, per hand)


def _per_hand(hands: int, repeat: int, run: Callable[[], object]) -> float:
    """Best of 5 rounds of ``repeat`` runs, in µs per hand."""
    best = float("inf")
    for _round in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best / hands * 1e6


def engine(hands: int = 500, repeat: int = 20) -> EngineResult:
    """Recompute a ``hands``-hand classic match from its raw inputs: parse once, fold many times."""
    rs = get_ruleset("classic", {})
    stored = hand_sequence(hands)
    raw = [{k: v for k, v in h.items()} for h in stored]
    parsed = [load_hand(h) for h in stored]
    fold_match(rs, 1_000_000, 2, parsed)  # warm
    return EngineResult(
        hands=hands,
        parse_us=_per_hand(hands, max(1, repeat // 4), lambda: [parse_hand(rs, h, [2, 2]) for h in raw]),
        load_us=_per_hand(hands, repeat, lambda: [load_hand(h) for h in stored]),
        fold_us=_per_hand(hands, repeat, lambda: fold_match(rs, 1_000_000, 2, parsed)),
    )


# --- Pages through the test client ----------------------------------------------------------------


@dataclass(frozen=True)
class PageResult:
    page: str
    size: str  # what grows: "60 hands", "1,000 matches"
    url: str
    ms: float  # the fastest of the timed requests
    statements: int
    kbytes: float
    note: str = ""


def logged_in(app: Flask, username: str) -> FlaskClient:
    """A test client logged in through the login form (CSRF token included), English pages."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    page = client.get("/login").get_data(as_text=True)
    found = CSRF.search(page)
    assert found, "no CSRF token on /login"
    answer = client.post(
        "/login",
        data={"username": username, "password": PASSWORD, "csrf_token": found.group(1) or found.group(2)},
    )
    assert answer.status_code == 302, answer.status_code
    return client


def measure(
    app: Flask,
    client: FlaskClient,
    page: str,
    size: str,
    url: str,
    repeat: int,
    before: Callable[[], None] | None = None,
    note: str = "",
) -> PageResult:
    """Warm up once, count the statements of one request, then time ``repeat`` requests and keep the
    fastest (as timeit does: on a shared machine the noise only adds time, and a slow spell would
    otherwise fall on one size and not another); ``before`` runs before each, outside the timing."""
    assert client.get(url).status_code == 200, url
    if before:
        before()
    with counting(app) as statements:
        answer = client.get(url)
    assert answer.status_code == 200, (url, answer.status_code)
    times = []
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    return PageResult(
        page, size, url, min(times) * 1000, len(statements), len(answer.data) / 1024, note
    )


def growth(app: Flask, built: Built, quick: bool) -> list[PageResult]:
    """Scoreboards, histories and a player's statistics at growing sizes."""
    scale = 3 if quick else 1
    results = []
    bench = logged_in(app, "bench")
    for size in (10, 60, 100, 500):
        if f"board{size}" in built.matches:
            mid = built.matches[f"board{size}"][0]
            results.append(
                measure(
                    app,
                    bench,
                    "scoreboard",
                    f"{size} hands",
                    f"/matches/{mid}?rendered",  # a query string skips the page cache: render it
                    max(3, (40 if size < 500 else 15) // scale),
                    note="rendered anew each time",
                )
            )
    for size in (10, 1000, 20000):
        if f"hist{size}" in built.users:
            client = logged_in(app, f"hist{size}")
            results.append(measure(app, client, "history", f"{size:,} matches", "/history", 30 // scale))
    for size in (10, 1000):
        player = built.players.get(f"ana{size}")
        if player is None:
            continue
        client = logged_in(app, f"hist{size}")
        url = f"/players/{player}"
        # Every figure is stored with the sides (no match is folded), so there is no cold case.
        results.append(
            measure(app, client, "player statistics", f"{size:,} matches", url, max(3, 15 // scale))
        )
    return results
