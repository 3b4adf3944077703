"""A home table whose host is a laptop: the app under gunicorn on the local network, over plain HTTP.

``./scripts/serve --lan`` runs ``python -m scorekeeper.lan``: it prints the address the phones at the
table open (the machine's LAN address) with a QR code of it in the terminal, warns what plain HTTP
cannot do, then replaces itself with gunicorn bound to every interface. Nothing here sends traffic:
the LAN address is the one the system would route through, found by ``connect`` on a UDP socket,
which sends no packet.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import shutil
import socket
import sys
from collections.abc import MutableMapping
from pathlib import Path
from typing import TextIO

import segno

from .config import instance_path, secret_key

DEFAULT_PORT = 8000
#: Listen on every interface: the point is that the phones on the network reach this machine.
ALL_INTERFACES = "0.0.0.0"  # nosec B104
WORKERS = 3
#: Any address outside this machine will do: the socket is only asked which interface would reach it.
_ROUTE_PROBE = ("10.255.255.255", 9)

WARNING = (
    "Plain HTTP on the local network: cookies are sent without the Secure flag, and phones cannot use\n"
    "the app offline (browsers only allow that over HTTPS). For a club, or anything beyond this table,\n"
    "serve it over HTTPS as docs/production.md says."
)


def lan_address() -> str | None:
    """The IPv4 address other machines on the local network reach this one at, or ``None`` when the
    machine has no network but loopback. No packet is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_ROUTE_PROBE)  # UDP: picks the route, sends nothing
            address = str(probe.getsockname()[0])
        except OSError:  # no route at all
            address = ""
    if address and not ipaddress.ip_address(address).is_loopback and address != ALL_INTERFACES:
        return address
    try:
        candidates = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        return None
    usable = sorted(str(a) for a in candidates if not ipaddress.ip_address(a).is_loopback)
    return usable[0] if usable else None


def phone_url(address: str, port: int) -> str:
    return f"http://{address}:{port}/"


def announce(address: str | None, port: int, out: TextIO) -> None:
    """Print the address for the phones, its QR code (terminal characters) and the plain-HTTP warning;
    without a LAN address, say that phones cannot reach this machine."""
    if address is None:
        print("No local network found: only this machine can open the app,", file=out)
        print(f"at {phone_url('127.0.0.1', port)}", file=out)
    else:
        url = phone_url(address, port)
        print(f"Phones on the same network: open {url}", file=out)
        print("or scan this code with the phone's camera:", file=out)
        segno.make(url, error="m").terminal(out=out, compact=True)
    print(file=out)
    print(WARNING, file=out)
    out.flush()


def gunicorn_command(host: str, port: int, workers: int = WORKERS) -> list[str]:
    """gunicorn beside this Python (the virtualenv's), serving the app on ``host:port``."""
    gunicorn = Path(sys.executable).with_name("gunicorn")
    program = str(gunicorn) if gunicorn.exists() else (shutil.which("gunicorn") or "gunicorn")
    return [program, "--bind", f"{host}:{port}", "--workers", str(workers), "--threads", "2",
            "--timeout", "30", "scorekeeper:create_app()"]


def serve_environment(address: str | None, port: int, env: MutableMapping[str, str]) -> None:
    """What the served app is told: plain-HTTP cookies, and (unless the director set one) the public
    URL the table cards, table links and the wall's link are built on: the address the phones reach."""
    env["SCOREKEEPER_INSECURE_COOKIES"] = "1"  # plain HTTP: a Secure cookie would never come back
    if address is not None:
        env.setdefault("SCOREKEEPER_PUBLIC_URL", phone_url(address, port).rstrip("/"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="scripts/serve --lan", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--workers", type=int, default=WORKERS)
    parser.add_argument("--host", default=ALL_INTERFACES, help="interface (default: all)")
    args = parser.parse_args(argv)
    # The key is made once here, before the workers start, so they all sign cookies with the same one.
    instance = Path(instance_path())
    instance.mkdir(parents=True, exist_ok=True)
    secret_key(instance)
    address = lan_address() if args.host == ALL_INTERFACES else args.host
    announce(address, args.port, sys.stdout)
    serve_environment(address, args.port, os.environ)
    command = gunicorn_command(args.host, args.port, args.workers)
    # Our own gunicorn, with the arguments made above.
    os.execv(command[0], command)  # nosec B606


if __name__ == "__main__":
    main()
