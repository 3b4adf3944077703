"""API tokens remember the login session they were made in; throttling keys to lock on

``api_tokens.session_hash``: the login session (its ``token_hash``) a token was made in, NULL for
the tokens made before (they were made by the command line or by a session that is not known any
more: they are kept, as command-line tokens are) and for the command line's. Ending a session from
another device revokes the tokens it made, and ``revoked_reason`` says so (``"sessions"``).

``auth_keys``: one row per throttling key, locked (an upsert) by the transaction that counts an
attempt under it, so that simultaneous attempts count one after the other.

Revision ID: 0011_token_sessions
Revises: 0010_sessions
Create Date: 2026-11-25 15:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0011_token_sessions"
down_revision = "0010_sessions"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("session_hash", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("revoked_reason", sa.String(length=20), nullable=True))
    op.create_table(
        "auth_keys",
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_auth_keys")),
    )
    op.create_index(op.f("ix_auth_keys_at"), "auth_keys", ["at"], unique=False)


def downgrade():
    op.drop_index(op.f("ix_auth_keys_at"), table_name="auth_keys")
    op.drop_table("auth_keys")
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("revoked_reason")
        batch.drop_column("session_hash")
