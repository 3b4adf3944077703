"""club nights: events, their entries, rounds, tables and table links; matches.settled_at

Revision ID: 0017_events
Revises: 0015_autoincrement_ids
Create Date: 2026-11-25 21:20:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0017_events"
down_revision = "0016_hand_results"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("settled_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=True),
        sa.Column("ruleset", sa.String(length=20), nullable=False),
        sa.Column("target", sa.Integer(), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(length=20), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("game", sa.JSON(), nullable=False),
        sa.Column("points", sa.JSON(), nullable=False),
        sa.Column("entry_size", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("request_key", sa.String(length=100), nullable=True),
        sa.Column("request_digest", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["users.id"], name=op.f("fk_events_owner_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("owner_id", "request_key", name=op.f("uq_events_owner_id_request_key")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_events_owner_id"), "events", ["owner_id"], unique=False)
    op.create_table(
        "event_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_event_entries_event_id_events"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_entries")),
        sa.UniqueConstraint("event_id", "name", name=op.f("uq_event_entries_event_id_name")),
    )
    op.create_index(op.f("ix_event_entries_event_id"), "event_entries", ["event_id"], unique=False)
    op.create_table(
        "event_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("byes", sa.JSON(), nullable=False),
        sa.Column("request_key", sa.String(length=100), nullable=True),
        sa.Column("request_digest", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_event_rounds_event_id_events"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_rounds")),
        sa.UniqueConstraint("event_id", "number", name=op.f("uq_event_rounds_event_id_number")),
        sa.UniqueConstraint("event_id", "request_key", name=op.f("uq_event_rounds_event_id_request_key")),
    )
    op.create_index(op.f("ix_event_rounds_event_id"), "event_rounds", ["event_id"], unique=False)
    op.create_table(
        "event_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("confirmed", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_event_tables_match_id_matches"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["event_rounds.id"],
            name=op.f("fk_event_tables_round_id_event_rounds"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_tables")),
        sa.UniqueConstraint("match_id", name=op.f("uq_event_tables_match_id")),
        sa.UniqueConstraint("round_id", "number", name=op.f("uq_event_tables_round_id_number")),
    )
    op.create_index(op.f("ix_event_tables_round_id"), "event_tables", ["round_id"], unique=False)
    op.create_table(
        "table_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_reason", sa.String(length=20), nullable=True),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_table_links_event_id_events"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_links")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_table_links_token_hash")),
    )
    op.create_index(op.f("ix_table_links_event_id"), "table_links", ["event_id"], unique=False)
    op.create_index(
        "uq_table_links_active",
        "table_links",
        ["event_id", "table"],
        unique=True,
        sqlite_where=sa.text("revoked_at IS NULL"),
        postgresql_where=sa.text("revoked_at IS NULL"),
    )


def downgrade():
    op.drop_index("uq_table_links_active", table_name="table_links")
    op.drop_index(op.f("ix_table_links_event_id"), table_name="table_links")
    op.drop_table("table_links")
    op.drop_index(op.f("ix_event_tables_round_id"), table_name="event_tables")
    op.drop_table("event_tables")
    op.drop_index(op.f("ix_event_rounds_event_id"), table_name="event_rounds")
    op.drop_table("event_rounds")
    op.drop_index(op.f("ix_event_entries_event_id"), table_name="event_entries")
    op.drop_table("event_entries")
    op.drop_index(op.f("ix_events_owner_id"), table_name="events")
    op.drop_table("events")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("settled_at")
