"""Absolute addresses that other devices open: table cards' QR codes, table links, the wall's link.

``url_for(..., _external=True)`` builds them from the request's own host, so a director who opened
the app at ``http://localhost:5000`` prints cards that point at the phone itself. The app's
``PUBLIC_URL`` (environment ``SCOREKEEPER_PUBLIC_URL``; ``./scripts/serve --lan`` sets it to the
laptop's network address) takes the place of the request's host for every such address, and
:func:`unreachable` says when an address is one that no other device can open (localhost or a
loopback IP), so that pages can warn the director and say how to fix it (docs/club-night.md).
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, request, url_for

#: Host names that only ever mean "this device".
_LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})


def public_base() -> str | None:
    """The configured public base URL without its trailing slash, or ``None`` when none is set."""
    base = str(current_app.config.get("PUBLIC_URL") or "").strip()
    return base.rstrip("/") or None


def external_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` as an absolute address other devices open: on the configured
    public base when there is one, else on the request's host (may raise ``BuildError`` like
    ``url_for``)."""
    base = public_base()
    if base is None:
        return url_for(endpoint, _external=True, **values)
    return base + url_for(endpoint, **values)


def unreachable(url: str) -> bool:
    """Whether ``url`` names this device only (localhost, 127.0.0.0/8, ::1, 0.0.0.0): a phone that
    scans it opens nothing."""
    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    if host in _LOCAL_NAMES or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def tables_base() -> str:
    """The base of the addresses given to the tables: the configured public URL, else the host this
    request came to."""
    return public_base() or request.url_root.rstrip("/")


def tables_unreachable() -> bool:
    """Whether the tables' addresses (cards, links, the wall's link) would name this device only."""
    return unreachable(tables_base())


def init_app(app: Flask) -> None:
    """Give templates ``tables_base()`` and ``tables_unreachable()`` (templates/events/_reach.html)."""
    app.jinja_env.globals.update(tables_base=tables_base, tables_unreachable=tables_unreachable)
