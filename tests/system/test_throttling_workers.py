"""Login limits hold across gunicorn workers: the failures are counted in the database, so two
worker processes count together (with a per-process memory store each would allow its own 10), and
atomically, so guesses sent at the same moment to both workers get no more checks than the limit."""

from __future__ import annotations

import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from tests.helpers import make_user
from tests.system.helpers import GUNICORN, Server

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
#: The documented default: 10 failed logins per minute from one address (scorekeeper.config).
PER_ADDRESS = 10


class LoggingServer(Server):
    """gunicorn with an access log naming the worker process (``%(p)s``) that served each request."""

    def _spawn(self, env: dict[str, str], workers: int, log: Any) -> Any:
        import subprocess

        return subprocess.Popen(
            [str(GUNICORN), "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
             "--threads", "2", "--timeout", "60", "--access-logfile", "-",
             "--access-logformat", "served %(p)s %(m)s %(U)s %(s)s", "scorekeeper:create_app()"],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def served(self) -> list[tuple[str, str, str, int]]:
        """(worker pid, method, path, status) of every request, in order."""
        found = re.findall(r"served <?(\d+)>? (\w+) (\S+) (\d+)", Path(self.log).read_text())
        return [(pid, method, path, int(status)) for pid, method, path, status in found]


def guess(base: str, password: str) -> int:
    """A browser's login attempt (GET the form for its CSRF token, POST it); each request on a new
    connection, so the workers take them as they come."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(base + "/login", timeout=30).read().decode()
    token = CSRF.search(page)
    assert token, page[:500]
    body = urllib.parse.urlencode({"csrf_token": token.group(1), "username": "ana", "password": password})
    try:
        with opener.open(base + "/login", data=body.encode(), timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_the_login_limit_holds_across_two_workers(app, password_hash, database_url, tmp_path, start_server):
    start_server  # noqa: B018 - skips when gunicorn is missing
    make_user(app, "ana", password_hash)
    server = LoggingServer(database_url, tmp_path, workers=2)
    try:
        answers = [guess(server.base, f"guess {n}") for n in range(PER_ADDRESS + 6)]
    finally:
        server.stop()
    served = server.served()  # once stopped: a worker logs a request after answering it
    assert answers == [200] * PER_ADDRESS + [429] * 6
    posts = [pid for pid, method, path, _status in served if method == "POST" and path == "/login"]
    assert len(posts) == PER_ADDRESS + 6
    assert len(set(posts)) == 2, "both workers answered some of the guesses"


def test_simultaneous_guesses_across_workers_do_not_overshoot(
    app, password_hash, database_url, tmp_path, start_server
):
    """Twenty browsers with their forms ready send their guess at once, to two workers with two
    threads each: ten are checked, ten refused (scorekeeper.throttle counts under a locked row)."""
    start_server  # noqa: B018 - skips when gunicorn is missing
    make_user(app, "ana", password_hash)
    server = LoggingServer(database_url, tmp_path, workers=2)
    try:
        answers = simultaneous_guesses(server.base, 2 * PER_ADDRESS)
    finally:
        server.stop()
    assert sorted(answers) == [200] * PER_ADDRESS + [429] * PER_ADDRESS


def simultaneous_guesses(base: str, count: int) -> list[int]:
    """``count`` browsers GET the form, then all POST a wrong guess once every one has its form."""
    barrier = threading.Barrier(count, timeout=120)
    answers: list[int] = []

    def browser(n: int) -> None:
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        token = CSRF.search(opener.open(base + "/login", timeout=30).read().decode())
        assert token
        form = {"csrf_token": token.group(1), "username": "ana", "password": f"guess {n}"}
        body = urllib.parse.urlencode(form)
        barrier.wait()
        try:
            with opener.open(base + "/login", data=body.encode(), timeout=60) as answer:
                answers.append(int(answer.status))
        except urllib.error.HTTPError as error:
            answers.append(int(error.code))

    threads = [threading.Thread(target=browser, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
