"""Clubs own the data: ``clubs`` and ``memberships``; every account gets its personal club, with the
account's own id, so that every row's ``owner_id`` becomes its ``club_id`` unchanged; the roster's
revision moves from the account to the club.

Each account's personal club is named after it, its slug ``~`` + the username (a form chosen slugs,
``a-z0-9-``, can never take), and the account is its only member, an owner. The tables that belonged
to an account (players, matches, import_jobs, rating_steps, player_ratings, events, series) keep
every row and id; their ``owner_id`` is renamed ``club_id`` and points at ``clubs``.

The downgrade gives each club's rows to its first owner (for a personal club: the account itself)
and drops the clubs. A downgrade after an account made a second club with a player of the same name
as one of its personal club's fails on the roster's unique name, rather than merging two people.

Revision ID: 0021_clubs
Revises: 0020_hand_results_as_served
Create Date: 2026-11-29 00:45:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0021_clubs"
down_revision = "0020_hand_results_as_served"
branch_labels = None
depends_on = None

#: table -> (its unique constraints and indexes that name the owner: (kind, name suffix, columns)).
OWNED = {
    "players": [("uq", "name", ["name"])],
    "matches": [("ix", "matches_{}_created", ["created_at"])],
    "import_jobs": [("ixcol", "import_jobs_{}", [])],
    "rating_steps": [("ix", "rating_steps_{}_scope_order", ["scope", "created_at", "match_id"])],
    "player_ratings": [("ix", "player_ratings_{}_scope", ["scope", "ordinal"])],
    "events": [("uq", "request_key", ["request_key"]), ("ixcol", "events_{}", [])],
    "series": [("uq", "name", ["name"])],
}


#: Tables whose ids are never given twice on SQLite (AUTOINCREMENT; copied from scorekeeper.models).
NEVER_REUSED = frozenset({"users", "players", "matches", "events", "series"})


def _rewire(table: str, old: str, new: str, target: str, word_old: str, word_new: str) -> None:
    """Rename ``old`` to ``new`` in ``table``, pointing it at ``target`` (with its constraints).
    On SQLite the table is rebuilt: it keeps AUTOINCREMENT and the highest id it ever gave."""
    _keeping_ids(table, lambda kwargs: _rename(table, old, new, target, word_old, word_new, kwargs))


def _recreate() -> str:
    """SQLite rebuilds the table (it cannot alter a constraint); PostgreSQL alters it in place."""
    return "always" if op.get_bind().dialect.name == "sqlite" else "auto"


def _keeping_ids(table: str, rebuild) -> None:
    """``rebuild(table_kwargs)`` the table; on SQLite it keeps AUTOINCREMENT and the highest id given."""
    kwargs = {"sqlite_autoincrement": True} if table in NEVER_REUSED else {}
    given = None
    if op.get_bind().dialect.name == "sqlite" and table in NEVER_REUSED:
        query = sa.text("SELECT seq FROM sqlite_sequence WHERE name = :t")
        given = op.get_bind().execute(query, {"t": table}).scalar()
    rebuild(kwargs)
    if given is not None:
        op.execute(
            sa.text("UPDATE sqlite_sequence SET seq = MAX(seq, :given) WHERE name = :t").bindparams(
                given=given, t=table
            )
        )


def _rename(table: str, old: str, new: str, target: str, word_old: str, word_new: str, kwargs: dict) -> None:
    with op.batch_alter_table(table, recreate=_recreate(), table_kwargs=kwargs) as batch:
        for kind, name, _columns in OWNED[table]:
            if kind == "uq":
                batch.drop_constraint(f"uq_{table}_{old}_{name}", type_="unique")
            elif kind == "ix":
                batch.drop_index("ix_" + name.format(word_old))
            else:
                batch.drop_index(f"ix_{table}_{old}")
        batch.drop_constraint(
            f"fk_{table}_{old}_{'users' if old == 'owner_id' else 'clubs'}", type_="foreignkey"
        )
        batch.alter_column(old, new_column_name=new, existing_type=sa.Integer(), existing_nullable=False)
    with op.batch_alter_table(
        table, recreate=_recreate(), table_kwargs=kwargs
    ) as batch:  # once it has its name
        batch.create_foreign_key(f"fk_{table}_{new}_{target}", target, [new], ["id"], ondelete="CASCADE")
        for kind, name, columns in OWNED[table]:
            if kind == "uq":
                batch.create_unique_constraint(f"uq_{table}_{new}_{name}", [new, *columns])
            elif kind == "ix":
                batch.create_index("ix_" + name.format(word_new), [new, *columns])
            else:
                batch.create_index(f"ix_{table}_{new}", [new])


def upgrade():
    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("personal", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("public", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("public_names", sa.String(length=10), server_default="full", nullable=False),
        sa.Column("language", sa.String(length=5), server_default="es", nullable=False),
        sa.Column("time_zone", sa.String(length=64), server_default="UTC", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("roster_revision", sa.Integer(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_clubs"),
        sa.UniqueConstraint("slug", name="uq_clubs_slug"),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "memberships",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name="fk_memberships_club_id_clubs", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_memberships_user_id_users", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_memberships"),
        sa.UniqueConstraint("club_id", "user_id", name="uq_memberships_club_id_user_id"),
    )
    op.create_index("ix_memberships_user_id", "memberships", ["user_id"])
    op.execute(
        "INSERT INTO clubs (id, slug, name, personal, public, public_names, language, time_zone,"
        " created_at, roster_revision) SELECT id, '~' || username, username, true, false, 'full', 'es',"
        " 'UTC', created_at, roster_revision FROM users"
    )
    op.execute(
        "INSERT INTO memberships (club_id, user_id, role, joined_at)"
        " SELECT id, id, 'owner', created_at FROM users"
    )
    if op.get_bind().dialect.name == "postgresql":  # SQLite's AUTOINCREMENT follows explicit ids itself
        op.execute(
            "SELECT setval(pg_get_serial_sequence('clubs', 'id'),"
            " COALESCE((SELECT MAX(id) FROM clubs), 0) + 1, false)"
        )
    for table in OWNED:
        _rewire(table, "owner_id", "club_id", "clubs", "owner", "club")
    _keeping_ids("users", _drop_roster_revision)


def _drop_roster_revision(kwargs: dict) -> None:
    with op.batch_alter_table("users", recreate=_recreate(), table_kwargs=kwargs) as batch:
        batch.drop_column("roster_revision")


def downgrade():
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("roster_revision", sa.Integer(), server_default="0", nullable=False))
    op.execute(
        "UPDATE users SET roster_revision = (SELECT roster_revision FROM clubs WHERE clubs.id = users.id)"
        " WHERE EXISTS (SELECT 1 FROM clubs WHERE clubs.id = users.id AND clubs.personal)"
    )
    first_owner = (
        "(SELECT m.user_id FROM memberships m WHERE m.club_id = {table}.club_id AND m.role = 'owner'"
        " ORDER BY m.joined_at, m.id LIMIT 1)"
    )
    for table in OWNED:
        op.execute(f"UPDATE {table} SET club_id = {first_owner.format(table=table)}")
        _rewire(table, "club_id", "owner_id", "users", "club", "owner")
    op.drop_index("ix_memberships_user_id", table_name="memberships")
    op.drop_table("memberships")
    op.drop_table("clubs")
