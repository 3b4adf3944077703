"""``./scripts/serve --lan`` (scorekeeper.lan): the address and QR code printed for the phones, and
the app served by gunicorn with plain-HTTP cookies. The server under test listens on 127.0.0.1 only;
nothing here sends traffic elsewhere."""

from __future__ import annotations

import io
import ipaddress
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import segno

from scorekeeper.lan import announce, gunicorn_command, lan_address, serve_environment
from tests.system.helpers import GUNICORN, free_port


def test_announce_prints_the_address_its_qr_code_and_the_https_warning() -> None:
    out = io.StringIO()
    announce("192.168.1.23", 8000, out)
    text = out.getvalue()
    assert "http://192.168.1.23:8000/" in text
    qr = io.StringIO()
    segno.make("http://192.168.1.23:8000/", error="m").terminal(out=qr, compact=True)
    assert qr.getvalue() in text  # the code a phone scans is the code of that very address
    other = io.StringIO()
    segno.make("http://192.168.1.24:8000/", error="m").terminal(out=other, compact=True)
    assert other.getvalue() not in text
    assert "HTTPS" in text and "offline" in text and "docs/production.md" in text


def test_announce_without_a_network_says_only_this_machine_can_open_it() -> None:
    out = io.StringIO()
    announce(None, 8000, out)
    assert "http://127.0.0.1:8000/" in out.getvalue()
    assert "HTTPS" in out.getvalue()


def test_lan_address_is_none_or_an_ipv4_address_of_another_interface_than_loopback() -> None:
    address = lan_address()
    assert address is None or not ipaddress.IPv4Address(address).is_loopback


def test_the_served_app_builds_table_links_on_the_address_the_phones_open() -> None:
    env: dict[str, str] = {}
    serve_environment("192.168.1.23", 8000, env)
    assert env == {"SCOREKEEPER_INSECURE_COOKIES": "1", "SCOREKEEPER_PUBLIC_URL": "http://192.168.1.23:8000"}
    chosen = {"SCOREKEEPER_PUBLIC_URL": "https://club.example.org"}
    serve_environment("192.168.1.23", 8000, chosen)
    assert chosen["SCOREKEEPER_PUBLIC_URL"] == "https://club.example.org"  # the director's choice stays
    alone: dict[str, str] = {}
    serve_environment(None, 8000, alone)
    assert "SCOREKEEPER_PUBLIC_URL" not in alone


def test_gunicorn_listens_where_asked_with_several_workers() -> None:
    command = gunicorn_command("0.0.0.0", 8123, workers=3)
    assert command[command.index("--bind") + 1] == "0.0.0.0:8123"
    assert command[command.index("--workers") + 1] == "3"
    assert command[-1] == "scorekeeper:create_app()"


def test_the_launcher_serves_the_app_with_plain_http_cookies(app, database_url: str, tmp_path: Path) -> None:
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed")
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": database_url, "SCOREKEEPER_INSTANCE_PATH": str(tmp_path)}
    env.pop("SCOREKEEPER_SECRET_KEY", None)
    env.pop("SCOREKEEPER_INSECURE_COOKIES", None)
    log = tmp_path / "lan.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.lan", "--host", "127.0.0.1", "--port", str(port),
             "--workers", "2"],
            env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=2) as response:
                    status, cookie = response.status, response.headers.get("Set-Cookie", "")
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.2)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    assert status == 200
    assert cookie and "Secure" not in cookie  # plain HTTP: a Secure cookie would never come back
    assert f"http://127.0.0.1:{port}/" in log.read_text()
    assert (tmp_path / "secret_key").is_file()  # made once, before the workers start
