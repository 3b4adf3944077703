"""Helpers for the system tests: the app under gunicorn on 127.0.0.1 (:class:`Server`) and a small
JSON client for it (:class:`Client`)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str]


class Client:
    """JSON over HTTP with a bearer token; never raises for an HTTP status."""

    def __init__(self, base: str, token: str) -> None:
        self.base, self.token = base, token

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
             timeout: float = 30) -> Answer:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + "/api/v1" + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Answer(response.status, json.loads(response.read() or b"null"), dict(response.headers))
        except urllib.error.HTTPError as error:
            return Answer(error.code, json.loads(error.read() or b"null"), dict(error.headers))


class Server:
    """gunicorn running ``scorekeeper:create_app()`` in its own process group."""

    def __init__(self, database_url: str, instance: Path, workers: int = 4) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_SECRET_KEY": "system",
               "SCOREKEEPER_INSTANCE_PATH": str(instance), "SCOREKEEPER_INSECURE_COOKIES": "1"}
        self.log = instance / f"gunicorn-{self.port}.log"
        with self.log.open("wb") as log:  # the child keeps its own copy of the descriptor
            self.process = self._spawn(env, workers, log)
        self.wait_until_up()

    def _spawn(self, env: dict[str, str], workers: int, log: Any) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [str(GUNICORN), "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
             "--threads", "4", "--timeout", "60", "scorekeeper:create_app()"],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def wait_until_up(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/login", timeout=2):
                    return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: no clean shutdown of anything."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)


def hand(number: int, phone: int) -> dict:
    """Side 0 goes out with a clean canasta; side 1's melds tell the phones apart."""
    return {
        "number": number,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [
            {"melds": 300, "canastas": {"clean": 1}, "red_threes": 1},
            {"melds": 100 + 5 * phone, "hand": 40},
        ],
    }


SEATINGS = [[["Ana", "Luis"], ["Eva", "Juan"]], [["Juan", "Eva"], ["Luis", "Ana"]]]


def new_match(client: Client, seating: int = 0) -> int:
    sides = [
        {"name": name, "players": players} for name, players in zip("AB", SEATINGS[seating], strict=True)
    ]
    answer = client.call("POST", "/matches", {"ruleset": "classic", "target": 100000, "sides": sides})
    assert answer.status == 201, answer.body
    return int(answer.body["id"])
