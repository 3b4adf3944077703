"""form uses: the single-use keys of the page forms that create something (new match, rematch,
share link, API token, merge, import, account)

Revision ID: 0013_form_uses
Revises: 0012_session_agent_length
Create Date: 2026-11-25 15:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0013_form_uses"
down_revision = "0012_session_agent_length"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "form_uses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("target", sa.String(length=300), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_form_uses_user_id_users"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name=op.f("fk_form_uses_match_id_matches"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_form_uses")),
        sa.UniqueConstraint("user_id", "key", name=op.f("uq_form_uses_user_id_key")),
    )
    with op.batch_alter_table("form_uses", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_form_uses_created_at"), ["created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_form_uses_match_id"), ["match_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_form_uses_key"), ["key"], unique=False)


def downgrade():
    with op.batch_alter_table("form_uses", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_form_uses_key"))
        batch_op.drop_index(batch_op.f("ix_form_uses_match_id"))
        batch_op.drop_index(batch_op.f("ix_form_uses_created_at"))
    op.drop_table("form_uses")
