"""Configuration: defaults, then the environment, then the test configuration given to the factory.

Local state lives in the instance folder (``instance/`` at the top of the project unless
``SCOREKEEPER_INSTANCE_PATH`` says otherwise): the SQLite database and a generated secret key.
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SQLITE_BUSY_TIMEOUT_S = 15


def instance_path() -> str:
    return os.environ.get("SCOREKEEPER_INSTANCE_PATH") or str(PROJECT_ROOT / "instance")


def normalise_database_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs written the usual way (``postgres://``, ``postgresql://``)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class MissingSecret(RuntimeError):
    """Production without ``SCOREKEEPER_SECRET_KEY``: refuse to start rather than guess a key."""


def production() -> bool:
    return os.environ.get("SCOREKEEPER_ENV", "").lower() == "production"


def secret_key(instance: Path) -> str:
    """``SCOREKEEPER_SECRET_KEY``; outside production, else a key generated once into the instance
    folder. :raise MissingSecret: production without the variable (every process and machine must
    share one key, so a generated one would log people out at random)."""
    from_env = os.environ.get("SCOREKEEPER_SECRET_KEY")
    if from_env:
        return from_env
    if production():
        raise MissingSecret("SCOREKEEPER_ENV=production needs SCOREKEEPER_SECRET_KEY (docs/production.md)")
    key_file = instance / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(48))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def default_config(instance: Path) -> dict[str, Any]:
    database_url = os.environ.get("SCOREKEEPER_DATABASE_URL") or (
        f"sqlite:///{instance / 'scorekeeper.sqlite3'}"
    )
    return {
        "SQLALCHEMY_DATABASE_URI": database_url,
        "AUTO_MIGRATE": True,  # bring the schema to the latest migration when the app starts
        "API_PAGE_SIZE": 20,
        #: A form's CSRF token stays valid for the whole session: a scoreboard revalidated with a 304
        #: keeps the forms it was first sent with.
        "WTF_CSRF_TIME_LIMIT": None,
        #: How often the shared live scoreboard asks whether anything changed.
        "SHARE_POLL_SECONDS": 4,
        #: Rendered scoreboards kept in each process's memory (scorekeeper.page_cache); 0 turns it off.
        "PAGE_CACHE_BYTES": int(float(os.environ.get("SCOREKEEPER_PAGE_CACHE_MB", "32")) * 1024 * 1024),
        "RATELIMIT_STORAGE_URI": os.environ.get("SCOREKEEPER_RATELIMIT_STORAGE", "memory://"),
        "RATELIMIT_HEADERS_ENABLED": True,
        #: Failed-or-not login attempts allowed from one address, and for one username.
        "LOGIN_LIMIT_PER_ADDRESS": "10 per minute; 100 per hour",
        "LOGIN_LIMIT_PER_USERNAME": "20 per hour",
        #: Behind a reverse proxy, how many proxies set X-Forwarded-For (0: none, use the peer).
        "PROXY_COUNT": int(os.environ.get("SCOREKEEPER_PROXY_COUNT", "0")),
    }


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: enforce foreign keys, write-ahead log for readers beside a writer, wait when busy."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_S * 1000}")
        cursor.close()
