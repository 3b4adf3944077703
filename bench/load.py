"""The app under gunicorn on 127.0.0.1, driven by wrk; the scoreboard's page weight; Lighthouse."""

from __future__ import annotations

import gzip
import http.client
import http.cookiejar
import itertools
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from data import PASSWORD

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
LIGHTHOUSE = BENCH / ".node" / "node_modules" / ".bin" / "lighthouse"
REPORTS = BENCH / ".node" / "reports"  # Lighthouse JSON reports, git-ignored with the tools
USER_AGENT = "scorekeeper-bench"
#: One configuration for the floor and the app (docs/production.md suggests 2 workers a core).
WORKERS, THREADS = 2, 4
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``gunicorn bench/wsgi.py`` on a free port of 127.0.0.1, in its own process group."""

    def __init__(self, database_url: str, instance: Path, workers: int = WORKERS,
                 threads: int = THREADS, extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": "bench",
               "SCOREKEEPER_INSTANCE_PATH": str(instance), "SCOREKEEPER_INSECURE_COOKIES": "1"}
        self.log_path = instance / f"gunicorn-{self.port}.log"
        self.command = [str(GUNICORN), "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
                        "--threads", str(threads), "--timeout", "60", *extra, "--pythonpath", str(BENCH),
                        "wsgi:app"]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(self.command, env=env, cwd=ROOT, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/bench/hello", timeout=2):
                    return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not start: {self.log_path.read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None


def login(base: str, username: str) -> str:
    """Log in through the form (with its CSRF token); the ``Cookie`` header of the session."""
    jar = http.cookiejar.CookieJar()
    headers = [("User-Agent", USER_AGENT), ("Accept-Language", "en")]
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)
    opener.addheaders = headers
    page = opener.open(base + "/login", timeout=10).read().decode()
    found = CSRF.search(page)
    assert found, "no CSRF token on /login"
    form = {"username": username, "password": PASSWORD, "csrf_token": found.group(1) or found.group(2)}
    try:
        opener.open(base + "/login", urllib.parse.urlencode(form).encode(), timeout=10)
        raise AssertionError("the login did not redirect")
    except urllib.error.HTTPError as error:
        assert error.code == 302, error.code
    return "; ".join(f"{c.name}={c.value}" for c in jar if c.name in {"session", "lang"})


# --- wrk -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadResult:
    name: str
    url: str
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int  # non-2xx/3xx answers and socket errors
    note: str = ""


def _ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def parse_wrk(output: str) -> tuple[float, float, float, int, int]:
    """Requests/s, p50 and p99 (ms), requests, errors from wrk's ``--latency`` output."""
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    pct = {p: _ms(v, u) for p, v, u in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", output, re.M)}
    requests = int(re.search(r"(\d+) requests in", output).group(1))  # type: ignore[union-attr]
    errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses:\s+(\d+)", output))
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    if socket_errors:
        errors += sum(int(n) for n in socket_errors.groups())
    return rps, pct["50"], pct["99"], requests, errors


def wrk(base: str, path: str, seconds: float, cookie: str = "", script: Path | None = None,
        connections: int = 8, threads: int = 2, headers: tuple[str, ...] = ()) -> str:
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
               "-H", f"User-Agent: {USER_AGENT}", "-H", "Accept-Language: en"]
    if cookie:
        command += ["-H", f"Cookie: {cookie}"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", str(script)]
    done = subprocess.run([*command, base + path], capture_output=True, text=True, timeout=seconds + 60,
                          check=True)
    return done.stdout


def drive(base: str, name: str, path: str, seconds: float, warmup: float, cookie: str = "",
          note: str = "", headers: tuple[str, ...] = ()) -> LoadResult:
    """A short warm-up run, then the measured one."""
    if warmup:
        wrk(base, path, warmup, cookie, headers=headers)
    rps, p50, p99, requests, errors = parse_wrk(wrk(base, path, seconds, cookie, headers=headers))
    return LoadResult(name, path, rps, p50, p99, requests, errors, note)


@dataclass(frozen=True)
class Row:
    """One request to drive with wrk: its name in the tables, path, cookie and extra headers."""

    name: str
    path: str
    cookie: str = ""
    headers: tuple[str, ...] = ()


def rounds(base: str, rows: list[Row], seconds: float, warmup: float, count: int) -> list[LoadResult]:
    """Each row ``count`` times, the rows taking turns (so a slow spell of the machine hits them
    all alike); per row, the run with the lowest p50."""
    runs: dict[str, list[LoadResult]] = {row.name: [] for row in rows}
    for number in range(count):
        for row in rows:
            runs[row.name].append(drive(base, row.name, row.path, seconds, warmup if number == 0 else 1,
                                        row.cookie, headers=row.headers))
    return [min(runs[row.name], key=lambda r: r.p50_ms) for row in rows]


def etag(base: str, path: str, cookie: str) -> str:
    """The ETag of a page as a browser would have it after its first visit."""
    request = urllib.request.Request(base + path, headers={"Cookie": cookie, "Accept-Language": "en",
                                                           "User-Agent": USER_AGENT})
    with urllib.request.urlopen(request, timeout=30) as response:
        return str(response.headers["ETag"])


def submit(base: str, token: str, match_ids: list[int], first_number: int, hand: dict[str, object],
           seconds: float, threads: int = 8) -> LoadResult:
    """Hand submissions through the JSON API from a Python client: ``threads`` threads (as many as
    wrk's connections), each with its own keep-alive connection and its own matches, posting the next
    hand of each of its matches in turn (so a match's hand N+1 goes only after hand N was answered).

    wrk cannot do this safely: its Lua ``request()`` does not know which earlier request was answered,
    and one hand number lost makes every later hand of that match a 422.
    """
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
               "User-Agent": USER_AGENT}
    latencies: list[list[float]] = [[] for _ in range(threads)]
    errors = [0] * threads
    deadline = time.monotonic() + seconds

    def worker(index: int) -> None:
        mine = match_ids[index::threads]
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        for k in itertools.count():
            if time.monotonic() >= deadline:
                break
            body = json.dumps({**hand, "number": first_number + k // len(mine)})
            start = time.perf_counter()
            connection.request("POST", f"/api/v1/matches/{mine[k % len(mine)]}/hands", body, headers)
            answer = connection.getresponse()
            answer.read()
            latencies[index].append(time.perf_counter() - start)
            errors[index] += answer.status != 201
        connection.close()

    elapsed = _in_threads(threads, worker)
    every = sorted(t for per in latencies for t in per)
    return LoadResult("hand submission (POST /api/v1/matches/ID/hands)", "/api/v1/matches/ID/hands",
                      len(every) / elapsed, _percentile(every, 50), _percentile(every, 99), len(every),
                      sum(errors), f"Python client, {threads} threads, into {len(match_ids)} matches of "
                      f"{first_number - 1}+ hands")


def _in_threads(count: int, worker: Callable[[int], None]) -> float:
    """Run ``worker(0)`` to ``worker(count - 1)`` in threads of their own; the seconds they took."""
    started = time.monotonic()
    pool = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return time.monotonic() - started


def _percentile(sorted_seconds: list[float], pct: float) -> float:
    if not sorted_seconds:
        return float("nan")
    index = min(len(sorted_seconds) - 1, round(pct / 100 * (len(sorted_seconds) - 1)))
    return sorted_seconds[index] * 1000


def hello_python(base: str, seconds: float, threads: int = 8) -> LoadResult:
    """The floor again, from the same Python client as the submissions (GET /bench/hello)."""
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    latencies: list[list[float]] = [[] for _ in range(threads)]
    deadline = time.monotonic() + seconds

    def worker(index: int) -> None:
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        while time.monotonic() < deadline:
            start = time.perf_counter()
            connection.request("GET", "/bench/hello", headers={"User-Agent": USER_AGENT})
            connection.getresponse().read()
            latencies[index].append(time.perf_counter() - start)
        connection.close()

    elapsed = _in_threads(threads, worker)
    every = sorted(t for per in latencies for t in per)
    return LoadResult("floor again, from the same Python client", "/bench/hello (python)",
                      len(every) / elapsed, _percentile(every, 50),
                      _percentile(every, 99), len(every), 0, f"{threads} threads")


# --- Page weight -------------------------------------------------------------------------------


class _Assets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("href") and set((found.get("rel") or "").split()) & {
            "stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"
        }:
            self.urls.append(found["href"] or "")
        elif tag in {"script", "img", "source"} and found.get("src"):
            self.urls.append(found["src"] or "")


@dataclass(frozen=True)
class Resource:
    url: str
    raw: int
    gzipped: int


def _fetch(base: str, path: str, cookie: str) -> bytes:
    request = urllib.request.Request(base + path, headers={"Cookie": cookie, "User-Agent": USER_AGENT,
                                                           "Accept-Language": "en"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return bytes(answer.read())


def page_weight(base: str, path: str, cookie: str) -> list[Resource]:
    """The page and every asset it references (stylesheets, scripts, icons, images)."""
    html = _fetch(base, path, cookie)
    parser = _Assets()
    parser.feed(html.decode())
    resources = [Resource(path, len(html), len(gzip.compress(html, 6)))]
    for url in dict.fromkeys(parser.urls):
        if url.startswith("data:"):
            continue
        body = _fetch(base, urllib.parse.urlsplit(url).path, cookie)
        resources.append(Resource(url, len(body), len(gzip.compress(body, 6))))
    return resources


# --- Lighthouse --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LighthouseResult:
    page: str
    url: str
    scores: dict[str, int]  # performance, accessibility, best-practices (0 to 100)
    failing: list[str]  # audits that cost points
    metrics: dict[str, str]


CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run")


def lighthouse(base: str, page: str, path: str, cookie: str, out: Path) -> LighthouseResult:
    """Lighthouse's mobile run (its default form factor and throttling) in Debian's Chromium."""
    out.mkdir(parents=True, exist_ok=True)
    report = out / f"lighthouse-{page.replace(' ', '-')}.json"
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    problem = ""
    for _attempt in range(3):  # Lighthouse sometimes loses its trace (NO_NAVSTART): run it again
        report.unlink(missing_ok=True)
        done = subprocess.run(
            [str(LIGHTHOUSE), base + path, f"--chrome-flags={CHROME_FLAGS}", "--output=json",
             f"--output-path={report}", "--quiet",
             "--only-categories=performance,accessibility,best-practices",
             "--extra-headers", json.dumps({"Cookie": cookie})],
            env=env, check=False, timeout=240, capture_output=True, text=True,
        )
        data = json.loads(report.read_text()) if report.exists() else {}
        problem = (data.get("runtimeError") or {}).get("message", "") or (
            done.stderr[-500:] if done.returncode else "")
        if not problem:
            break
    else:
        raise RuntimeError(f"Lighthouse failed on {path}: {problem}")
    scores = {key: round((cat["score"] or 0) * 100) for key, cat in data["categories"].items()}
    failing = []
    for key, cat in data["categories"].items():
        for ref in cat["auditRefs"]:
            audit = data["audits"][ref["id"]]
            if ref.get("weight") and audit.get("score") is not None and audit["score"] < 1:
                failing.append(f"{key}: {ref['id']} ({audit['score']})")
    metrics = {m: data["audits"][m]["displayValue"] for m in
               ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
                "cumulative-layout-shift") if m in data["audits"]}
    return LighthouseResult(page, path, scores, failing, metrics)
