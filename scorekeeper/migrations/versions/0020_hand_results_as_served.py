"""hands.result: each hand's result as the API's JSON of the hand (text), not decoded to be served

A process that has not folded a match reads its hands' results and writes the API's answer by
joining them (scorekeeper.services.hand_results). The column becomes text, and starts empty (NULL:
not readable, so the match is folded from its inputs as before); the app fills it on start after
this upgrade (scorekeeper.services.schema, as after 0016), or ``flask data rescore`` does. Dropped
and added again (no table rebuilt on SQLite, which drops a column since 3.35): the results of 0016
were a cache in another shape, and nothing is lost with them.

Revision ID: 0020_hand_results_as_served
Revises: 0019_edit_log_via_table
Create Date: 2026-11-26 02:00:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0020_hand_results_as_served"
down_revision = "0019_edit_log_via_table"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "sqlite" and bind.dialect.dbapi.sqlite_version_info < (3, 35):
        # No DROP COLUMN before SQLite 3.35: emptied in place instead of copying the whole table
        # (SQLite keeps text in a column declared JSON; the app writes and reads it as text).
        op.execute(sa.text("UPDATE hands SET result = NULL"))
        return
    op.drop_column("hands", "result")
    op.add_column("hands", sa.Column("result", sa.Text(), nullable=True))


def downgrade() -> None:
    # 0016's shape, empty: the app of that release fills it (``flask data rescore``).
    op.drop_column("hands", "result")
    op.add_column("hands", sa.Column("result", sa.JSON(), nullable=True))
