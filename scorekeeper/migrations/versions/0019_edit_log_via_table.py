"""edit_log.via_table: the club-night table whose link sent the change (a hand entered on a table's
phone), so the log names the table, not the organiser's account it is stored under; NULL for a
change made by the account itself

The table's number, not a key to table_links: it is what the director reads, and it stays true once
the link is revoked or replaced or the event deleted (a key set to NULL would then name the organiser).

Revision ID: 0019_edit_log_via_table
Revises: 0018_ratings
Create Date: 2026-11-26 01:30:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0019_edit_log_via_table"
down_revision = "0018_ratings"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("edit_log") as batch:
        batch.add_column(sa.Column("via_table", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("edit_log") as batch:
        batch.drop_column("via_table")
