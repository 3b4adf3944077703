"""ids never given twice on SQLite: users, matches, players and API tokens use AUTOINCREMENT

Without it SQLite gives a new row the largest id in use plus one, so once the newest match (or
account, player, token) is deleted, the next one gets its id, and what still names the old one by
id (a hand queued offline on a phone, a kept page, a bookmark, a stale form, the account's tag)
would name the new one. PostgreSQL's sequences never go back: nothing to do there.

Each table is rebuilt (a new table, the rows copied with their ids, the old one dropped, the new one
renamed): ``env.py`` runs SQLite migrations with foreign keys off, so dropping the old table deletes
nothing that points at it, and checks them all (``PRAGMA foreign_key_check``) before committing.

Revision ID: 0015_autoincrement_ids
Revises: 0014_import_jobs
Create Date: 2026-11-25 15:40:00

"""

from alembic import op

# revision identifiers, used by Alembic.
revision = "0015_autoincrement_ids"
down_revision = "0014_import_jobs"
branch_labels = None
depends_on = None

#: Tables whose ids leave the server (URLs, forms, the account tag, the phone's queue) and whose rows
#: can be deleted; parents first. Copied from scorekeeper.models: a migration imports no app code.
TABLES = ("users", "matches", "players", "api_tokens")


def _rebuild(autoincrement: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for table in TABLES:
        with op.batch_alter_table(
            table, recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
        ):
            pass


def upgrade():
    _rebuild(True)


def downgrade():
    _rebuild(False)
