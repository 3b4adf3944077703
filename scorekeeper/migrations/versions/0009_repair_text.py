"""repair stored text that cannot be exported: NUL and lone surrogates

Before the app checked text (scorekeeper.rules.text), a custom penalty's description could be
stored with a lone surrogate (a JSON "\\ud800" escape), after which the match's export and the whole
history's export failed every time, and on SQLite a side or player name could hold a NUL, which
PostgreSQL refuses (a move to it, or a backup restored there, would fail). Each such character is
replaced by U+FFFD, the replacement character, wherever text is kept: hands as entered, the edit
log's copies of them, side and player names. Nothing else changes, so every score stays the same.

Revision ID: 0009_repair_text
Revises: 0007_idempotency
Create Date: 2026-11-24 09:00:00

"""

import re
from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0009_repair_text"
down_revision = "0007_idempotency"
branch_labels = None
depends_on = None

#: What the app refuses since this revision (a copy: a migration must not change with the app).
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def repaired(value: Any) -> Any:
    """``value`` (JSON data or text) with every unstorable character replaced, keys included."""
    if isinstance(value, str):
        return UNSTORABLE.sub(REPLACEMENT, value)
    if isinstance(value, list):
        return [repaired(item) for item in value]
    if isinstance(value, dict):
        return {repaired(key): repaired(item) for key, item in value.items()}
    return value


def _repair_json(connection: sa.Connection, name: str, columns: tuple[str, ...]) -> None:
    table = sa.table(name, sa.column("id", sa.Integer), *(sa.column(c, sa.JSON) for c in columns))
    for row in connection.execute(sa.select(table)).mappings().all():
        changes = {c: repaired(row[c]) for c in columns if row[c] is not None and repaired(row[c]) != row[c]}
        if changes:
            connection.execute(sa.update(table).where(table.c.id == row["id"]).values(**changes))


def _repair_names(connection: sa.Connection, name: str, scope: str) -> None:
    """Names of ``name`` (unique within ``scope``): a repaired name that would clash with another
    gets its row id added, so no two players become one."""
    table = sa.table(name, sa.column("id", sa.Integer), sa.column(scope, sa.Integer), sa.column("name"))
    rows = connection.execute(sa.select(table)).mappings().all()
    taken = {(row[scope], row["name"]) for row in rows}
    for row in rows:
        fixed = repaired(row["name"])
        if fixed == row["name"]:
            continue
        if (row[scope], fixed) in taken:
            fixed = f"{fixed} ({row['id']})"
        taken.add((row[scope], fixed))
        connection.execute(sa.update(table).where(table.c.id == row["id"]).values(name=fixed))


def upgrade():
    connection = op.get_bind()
    _repair_json(connection, "hands", ("input",))
    _repair_json(connection, "edit_log", ("before", "after"))
    _repair_names(connection, "sides", "match_id")
    _repair_names(connection, "players", "owner_id")


def downgrade():
    """Nothing to undo: the characters replaced could not be exported, nor stored everywhere."""
