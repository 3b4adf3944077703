"""Configuration: defaults, then the environment, then the test configuration given to the factory.

Local state lives in the instance folder: the SQLite database and a generated secret key. It is
``SCOREKEEPER_INSTANCE_PATH`` when set; otherwise ``instance/`` at the top of the project in a source
checkout (editable install), and ``instance/`` in the working directory for an installed wheel (never
beside the installed package).
"""

from __future__ import annotations

import os
import secrets
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent
#: A wheel ships templates/ and static/ inside the package (pyproject.toml maps them there); a source
#: checkout keeps them at the top of the project.
INSTALLED = (PACKAGE_DIR / "templates").is_dir()
TEMPLATES_DIR = (PACKAGE_DIR if INSTALLED else PROJECT_ROOT) / "templates"
STATIC_DIR = (PACKAGE_DIR if INSTALLED else PROJECT_ROOT) / "static"
SQLITE_BUSY_TIMEOUT_S = 15


def instance_path() -> str:
    """``SCOREKEEPER_INSTANCE_PATH``, else ``instance/`` of the source checkout, or of the working
    directory when installed from a wheel."""
    default = Path.cwd() / "instance" if INSTALLED else PROJECT_ROOT / "instance"
    return os.environ.get("SCOREKEEPER_INSTANCE_PATH") or str(default)


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
        #: How often the shared live scoreboard asks whether anything changed: a saved hand reaches
        #: the table's phones within two seconds (its cost: docs/performance.md).
        "SHARE_POLL_SECONDS": 1.5,
        #: Rendered scoreboards kept in each process's memory (scorekeeper.page_cache); 0 turns it off.
        #: Folded matches kept in each process's memory (scorekeeper.services.match_states), by
        #: number of matches; 0 turns it off.
        "MATCH_STATE_CACHE": int(os.environ.get("SCOREKEEPER_MATCH_STATE_CACHE", "256")),
        "PAGE_CACHE_BYTES": int(float(os.environ.get("SCOREKEEPER_PAGE_CACHE_MB", "32")) * 1024 * 1024),
        #: Failed logins allowed from one address, and at one account from browsers that have not
        #: logged in to it before (scorekeeper.auth.guard); counted in the database, windows up to a day.
        #: Per account a slow-down, not a stop: after 10 in an hour one more each minute, so that the
        #: owner in a new browser never waits more than a minute (docs/reliability.md).
        "LOGIN_LIMIT_PER_ADDRESS": "10 per minute; 100 per hour",
        "LOGIN_LIMIT_PER_USERNAME": "10 per hour, then 1 per minute",
        #: Accounts created (or tried) from one address, and accounts made on the whole server.
        "REGISTER_LIMIT_PER_ADDRESS": "10 per hour",
        "REGISTER_LIMIT_TOTAL": os.environ.get("SCOREKEEPER_REGISTER_LIMIT", "50 per hour"),
        #: A login session ends after this many days unused, or this many days after the login
        #: (scorekeeper.sessions); the remember-me cookie lasts as long.
        "SESSION_IDLE_DAYS": 14,
        "SESSION_MAX_DAYS": 30,
        "REMEMBER_COOKIE_DURATION": timedelta(days=30),
        #: Strict-Transport-Security max-age in production (HTTPS only from then on); 0: no header.
        "HSTS_SECONDS": 365 * 24 * 3600 if production() else 0,
        #: Behind a reverse proxy, how many proxies set X-Forwarded-For (0: none, use the peer).
        "PROXY_COUNT": int(os.environ.get("SCOREKEEPER_PROXY_COUNT", "0")),
        #: The address other devices open this app at (e.g. ``http://192.168.1.20:8000``): table
        #: cards, table links and the wall's link are built on it (scorekeeper.public_urls);
        #: empty: on the host the request came to.
        "PUBLIC_URL": os.environ.get("SCOREKEEPER_PUBLIC_URL", ""),
    }


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: enforce foreign keys, write-ahead log for readers beside a writer, every commit on disk
    before it is acknowledged (``synchronous=FULL``: a power cut loses no saved hand; NORMAL would
    only survive a crash of the process), wait when busy."""
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_S * 1000}")
        cursor.close()
