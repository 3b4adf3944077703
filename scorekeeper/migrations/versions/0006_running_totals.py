"""running totals of players and partnerships

The totals of players already stored are added up by the app once the schema is at the latest
revision (scorekeeper/services/schema.py), from the sides' figures it fills then: a migration
imports nothing of the app.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22 10:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


#: Sums of points: 64 bits (SQLite's INTEGER already has them).
BIG_SUM = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
SUMS = ("points", "penalty_points")


def _figures():
    return [
        sa.Column(name, BIG_SUM if name in SUMS else sa.Integer(), server_default="0", nullable=False)
        for name in (
            "played",
            "won",
            "in_progress",
            "hands",
            "points",
            "went_out",
            "penalty_count",
            "penalty_points",
        )
    ]


def _player(table):
    return sa.ForeignKeyConstraint(
        ["player_id"], ["players.id"], name=op.f(f"fk_{table}_player_id_players"), ondelete="CASCADE"
    )


def upgrade():
    if op.get_bind().dialect.name != "sqlite":  # a side's sums too (SQLite's table stays as it is)
        for name in SUMS:
            op.alter_column("sides", name, type_=sa.BigInteger(), existing_type=sa.Integer())
    op.create_table(
        "player_totals",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(length=20), nullable=False),
        *_figures(),
        sa.Column("best_score", sa.Integer(), nullable=True),
        sa.Column("best_match_id", sa.Integer(), nullable=True),
        sa.Column("best_hand", sa.Integer(), nullable=True),
        sa.Column("best_created_at", sa.DateTime(timezone=True), nullable=True),
        _player("player_totals"),
        sa.PrimaryKeyConstraint("player_id", "ruleset", name=op.f("pk_player_totals")),
    )
    op.create_table(
        "player_total_canastas",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(length=20), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        _player("player_total_canastas"),
        sa.PrimaryKeyConstraint("player_id", "ruleset", "kind", name=op.f("pk_player_total_canastas")),
    )
    op.create_table(
        "partnership_totals",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("partner_low", sa.Integer(), nullable=False),
        sa.Column("partner_high", sa.Integer(), nullable=False),
        *_figures(),
        sa.Column("latest_side_id", sa.Integer(), nullable=False),
        sa.Column("latest_match_id", sa.Integer(), nullable=False),
        sa.Column("latest_created_at", sa.DateTime(timezone=True), nullable=False),
        _player("partnership_totals"),
        sa.ForeignKeyConstraint(
            ["latest_side_id"], ["sides.id"], name=op.f("fk_partnership_totals_latest_side_id_sides")
        ),
        sa.PrimaryKeyConstraint(
            "player_id", "partner_low", "partner_high", name=op.f("pk_partnership_totals")
        ),
    )


def downgrade():
    op.drop_table("partnership_totals")
    op.drop_table("player_total_canastas")
    op.drop_table("player_totals")
    if op.get_bind().dialect.name != "sqlite":
        for name in SUMS:
            op.alter_column("sides", name, type_=sa.Integer(), existing_type=sa.BigInteger())
