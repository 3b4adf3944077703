"""Invitations to join a club (only the token's SHA-256 kept) and the club's log of who joined,
left, changed a role, made or revoked an invitation.

Revision ID: 0022_club_invitations_and_log
Revises: 0021_clubs
Create Date: 2026-11-29 01:10:00

"""

import sqlalchemy as sa
from alembic import op

revision = "0022_club_invitations_and_log"
down_revision = "0021_clubs"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "club_invitations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=10), nullable=False),
        sa.Column("uses_left", sa.Integer(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name="fk_club_invitations_club_id_clubs", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["created_by"], ["users.id"], name="fk_club_invitations_created_by_users", ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_club_invitations"),
        sa.UniqueConstraint("token_hash", name="uq_club_invitations_token_hash"),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_club_invitations_club_id", "club_invitations", ["club_id"])
    op.create_table(
        "club_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=30), nullable=False),
        sa.Column("subject", sa.String(length=80), nullable=False),
        sa.Column("detail", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name="fk_club_log_club_id_clubs", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["actor_id"], ["users.id"], name="fk_club_log_actor_id_users", ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_club_log"),
    )
    op.create_index("ix_club_log_club_at", "club_log", ["club_id", "at"])


def downgrade():
    op.drop_index("ix_club_log_club_at", table_name="club_log")
    op.drop_table("club_log")
    op.drop_index("ix_club_invitations_club_id", table_name="club_invitations")
    op.drop_table("club_invitations")
