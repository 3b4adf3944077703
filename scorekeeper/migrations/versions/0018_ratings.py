"""ratings: each player's rating after each finished match (rating_steps) and now (player_ratings);
series of club nights (series, events.series_id)

Both are derived from the matches (scorekeeper.services.ratings); the app fills them on the first
start after this upgrade (scorekeeper.services.schema), as a migration scores nothing.

Revision ID: 0018_ratings
Revises: 0017_events
Create Date: 2026-11-25 21:20:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0018_ratings"
down_revision = "0017_events"
branch_labels = None
depends_on = None


def _keys(table, match=True):
    keys = [
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f(f"fk_{table}_player_id_players"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["users.id"], name=op.f(f"fk_{table}_owner_id_users"), ondelete="CASCADE"
        ),
    ]
    if match:
        keys.append(
            sa.ForeignKeyConstraint(
                ["match_id"], ["matches.id"], name=op.f(f"fk_{table}_match_id_matches"), ondelete="CASCADE"
            )
        )
    return keys


def upgrade():
    op.create_table(
        "rating_steps",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("team", sa.String(length=200), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("expected", sa.Double(), nullable=False),
        sa.Column("actual", sa.Double(), nullable=False),
        *_keys("rating_steps"),
        sa.PrimaryKeyConstraint("match_id", "scope", "player_id", name=op.f("pk_rating_steps")),
    )
    op.create_index(
        "ix_rating_steps_owner_scope_order", "rating_steps", ["owner_id", "scope", "created_at", "match_id"]
    )
    op.create_index("ix_rating_steps_player_scope_number", "rating_steps", ["player_id", "scope", "number"])
    op.create_table(
        "player_ratings",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("scope", sa.String(length=20), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Double(), nullable=False),
        sa.Column("sigma", sa.Double(), nullable=False),
        sa.Column("ordinal", sa.Double(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        *_keys("player_ratings", match=False),
        sa.PrimaryKeyConstraint("player_id", "scope", name=op.f("pk_player_ratings")),
    )
    op.create_index("ix_player_ratings_owner_scope", "player_ratings", ["owner_id", "scope", "ordinal"])
    op.create_table(
        "series",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("best", sa.Integer(), nullable=False),
        sa.Column("minimum", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["owner_id"], ["users.id"], name=op.f("fk_series_owner_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_series")),
        sa.UniqueConstraint("owner_id", "name", name=op.f("uq_series_owner_id_name")),
        sqlite_autoincrement=True,
    )
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("series_id", sa.Integer(), nullable=True))
        batch.create_index(batch.f("ix_events_series_id"), ["series_id"], unique=False)
        batch.create_foreign_key(
            batch.f("fk_events_series_id_series"), "series", ["series_id"], ["id"], ondelete="SET NULL"
        )


def downgrade():
    with op.batch_alter_table("events") as batch:
        batch.drop_constraint(batch.f("fk_events_series_id_series"), type_="foreignkey")
        batch.drop_index(batch.f("ix_events_series_id"))
        batch.drop_column("series_id")
    op.drop_table("series")
    op.drop_index("ix_player_ratings_owner_scope", table_name="player_ratings")
    op.drop_table("player_ratings")
    op.drop_index("ix_rating_steps_player_scope_number", table_name="rating_steps")
    op.drop_index("ix_rating_steps_owner_scope_order", table_name="rating_steps")
    op.drop_table("rating_steps")
