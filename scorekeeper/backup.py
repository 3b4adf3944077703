"""Backup, restore and integrity check of the embedded SQLite database.

Backups use SQLite's online backup API, so they are consistent while the app keeps running.
(PostgreSQL has its own tools: ``pg_dump`` and ``pg_restore``; see docs/production.md.)
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path


class NotSqlite(ValueError):
    """The configured database is not an SQLite file."""


def sqlite_path(database_url: str) -> Path:
    """The file of an ``sqlite:///...`` URL. :raise NotSqlite: another database."""
    prefix = "sqlite:///"
    if not database_url.startswith(prefix) or database_url == prefix:
        raise NotSqlite(database_url.split(":", 1)[0])
    return Path(database_url[len(prefix) :])


def integrity_problems(path: Path) -> list[str]:
    """What SQLite's integrity and foreign-key checks find in the file (empty: all is well)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        rows = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        problems = [] if rows == ["ok"] else rows
        problems += [f"foreign key: {row}" for row in connection.execute("PRAGMA foreign_key_check")]
    return problems


def backup(database: Path, target: Path) -> None:
    """Copy the live database to ``target`` (a new file) consistently, then check the copy."""
    if target.exists():
        raise FileExistsError(target)
    source = sqlite3.connect(database)
    try:
        with sqlite3.connect(target) as copy:
            source.backup(copy)
        copy.close()
    finally:
        source.close()
    problems = integrity_problems(target)
    if problems:
        target.unlink()
        raise ValueError(f"the copy failed its integrity check: {problems[:3]}")


def restore(backup_file: Path, database: Path) -> None:
    """Replace ``database`` with a checked backup, atomically. Stop the app first.

    :raise ValueError: the backup fails its integrity check (nothing is replaced).
    """
    problems = integrity_problems(backup_file)
    if problems:
        raise ValueError(f"the backup failed its integrity check: {problems[:3]}")
    handle, temporary = tempfile.mkstemp(dir=database.parent, prefix=".restore-")
    os.close(handle)
    try:
        with sqlite3.connect(backup_file) as source, sqlite3.connect(temporary) as copy:
            source.backup(copy)
        for suffix in ("-wal", "-shm"):
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        os.replace(temporary, database)
    finally:
        Path(temporary).unlink(missing_ok=True)
