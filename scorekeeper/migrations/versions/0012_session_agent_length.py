"""a login session keeps its browser's whole user agent (up to 400 characters), so the devices page
can name the browser: the browser's own token comes last ("... Version/17.5 Safari/604.1") and was
cut off at 120

Revision ID: 0012_session_agent_length
Revises: 0011_token_sessions
Create Date: 2026-11-25 15:10:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0012_session_agent_length"
down_revision = "0011_token_sessions"
branch_labels = None
depends_on = None

AGENT_LENGTH = 400  # scorekeeper.sessions._AGENT_LENGTH, copied: a migration imports no app code
OLD_LENGTH = 120


def upgrade():
    with op.batch_alter_table("login_sessions", schema=None) as batch_op:
        batch_op.alter_column(
            "agent", existing_type=sa.String(length=OLD_LENGTH), type_=sa.String(length=AGENT_LENGTH)
        )


def downgrade():
    op.execute(sa.text(f"UPDATE login_sessions SET agent = substr(agent, 1, {OLD_LENGTH})"))
    with op.batch_alter_table("login_sessions", schema=None) as batch_op:
        batch_op.alter_column(
            "agent", existing_type=sa.String(length=AGENT_LENGTH), type_=sa.String(length=OLD_LENGTH)
        )
