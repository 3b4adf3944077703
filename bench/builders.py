"""What the benchmarks build and count with: statement and fold counters, throwaway PostgreSQL
databases, an export file, a logged-in test client, the phone's browser. The bench's own copies, so
that bench/ never imports the test suite (tests/ keeps its own helpers)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, event, select, text
from sqlalchemy.engine import make_url

from scorekeeper import page_cache
from scorekeeper.extensions import db
from scorekeeper.models import PartnershipTotal, Player, PlayerTotal, PlayerTotalCanasta
from scorekeeper.running_totals import rebuild
from scorekeeper.services.export_formats import FORMAT, VERSION

if TYPE_CHECKING:
    from playwright.sync_api import Page

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


# --- Counting ---------------------------------------------------------------------------------------


@contextmanager
def counting(app: Flask) -> Iterator[list[str]]:
    """Within the block, every statement ``app``'s engine sends is appended to the yielded list."""
    statements: list[str] = []

    def record(_connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", record)


@contextmanager
def scored_hands() -> Iterator[list[int]]:
    """Count the hands the rules score (``score_hand`` calls made by a fold) while the block runs."""
    import scorekeeper.rules.match as match_module

    counted = [0]
    original = match_module.__dict__["score_hand"]  # the name fold_match calls

    def counting_score_hand(*args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return original(*args, **kwargs)

    setattr(match_module, "score_hand", counting_score_hand)  # noqa: B010
    try:
        yield counted
    finally:
        setattr(match_module, "score_hand", original)  # noqa: B010


def clear_page_cache(app: Flask) -> None:
    """Forget every page ``app`` keeps rendered in memory (:mod:`scorekeeper.page_cache`)."""
    cache: page_cache.PageCache | None = app.extensions.get(page_cache.EXTENSION)
    if cache is not None:
        cache.clear()


def totals_equal_a_rebuild(club_id: int) -> bool:
    """Whether the account's stored running totals are what a rebuild from its sides writes (the
    rebuild is rolled back). Call it in an app context with no pending changes."""

    def rows() -> list[Any]:
        mine = select(Player.id).where(Player.club_id == club_id)
        found = []
        for model in (PlayerTotal, PlayerTotalCanasta, PartnershipTotal):
            keys = model.__table__.primary_key.columns
            query = select(*model.__table__.columns).where(model.player_id.in_(mine)).order_by(*keys)
            if model is PlayerTotalCanasta:
                query = query.where(PlayerTotalCanasta.count != 0)  # a rebuild writes no empty count
            found += [tuple(row) for row in db.session.execute(query)]
        return found

    stored = rows()
    rebuild(db.session.connection(), club_id)
    rebuilt = rows()
    db.session.rollback()
    return stored == rebuilt


# --- Databases and files ----------------------------------------------------------------------------


def fresh_postgres_database(name: str) -> str:
    """Drop and recreate the database ``name`` on ``SCOREKEEPER_TEST_POSTGRES_URL``'s server; its URL."""
    server = make_url(os.environ.get("SCOREKEEPER_TEST_POSTGRES_URL", DEFAULT_POSTGRES))
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(name: str) -> None:
    server = make_url(os.environ.get("SCOREKEEPER_TEST_POSTGRES_URL", DEFAULT_POSTGRES))
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


def export_of(hands: int) -> bytes:
    """A JSON export of one classic match (Ana against Eva) with ``hands`` hands in which nobody goes
    out and each side keeps 40 points in hand (−40 each)."""
    losing = {"melds": 0, "hand": 40, "red_threes": 0, "canastas": {}, "penalties": []}
    match = {
        "ruleset": "classic",
        "target": 5000,
        "house_rules": {},
        "first_dealer": 0,
        "created_at": datetime(2026, 11, 20, 21, 0, tzinfo=UTC).isoformat(),
        "sides": [{"name": "Nosotros", "players": ["Ana"]}, {"name": "Ellos", "players": ["Eva"]}],
        "hands": [
            {"number": n, "went_out": None, "going_out_kind": None, "sides": [losing, losing]}
            for n in range(1, hands + 1)
        ],
        "totals": [-40 * hands, -40 * hands],
    }
    document = {"format": FORMAT, "version": VERSION, "exported_at": match["created_at"], "matches": [match]}
    return json.dumps(document).encode()


# --- Pages through the test client ------------------------------------------------------------------

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')
BOUNDARY = "scorekeeper-bench-boundary"


def csrf_token(client: FlaskClient, url: str) -> str:
    """The CSRF token of the form on the page at ``url``."""
    found = CSRF.search(client.get(url).get_data(as_text=True))
    assert found, f"no CSRF token on {url}"
    return found.group(1) or found.group(2)


def logged_in(app: Flask, username: str, password: str) -> FlaskClient:
    """A test client logged in through the login form (CSRF token included), English pages."""
    client = app.test_client()
    client.set_cookie("lang", "en")
    data = {"username": username, "password": password, "csrf_token": csrf_token(client, "/login")}
    answer = client.post("/login", data=data)
    assert answer.status_code == 302, answer.status_code
    return client


def multipart(csrf: str, raw: bytes, filename: str) -> bytes:
    """A form body with the CSRF token and ``raw`` as its file (separated by :data:`BOUNDARY`)."""
    head = f"--{BOUNDARY}\r\n"
    return b"".join(
        [
            f'{head}Content-Disposition: form-data; name="csrf_token"\r\n\r\n{csrf}\r\n'.encode(),
            f'{head}Content-Disposition: form-data; name="file"; filename="{filename}"\r\n'.encode(),
            b"Content-Type: application/octet-stream\r\n\r\n",
            raw,
            f"\r\n--{BOUNDARY}--\r\n".encode(),
        ]
    )


# --- The phone's browser ----------------------------------------------------------------------------

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
}


def register(page: Page, username: str = "ana", password: str = "a long password") -> None:
    """Create the account through the registration page; it is then logged in."""
    page.goto("/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Repeat the password").fill(password)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/")
