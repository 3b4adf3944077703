"""hands.result: each hand's scores stored beside its input, a cache derived from the inputs

A process that has not folded a match reads its hands' results instead of scoring every hand again
(scorekeeper.services.hand_results). Schema only: the column starts empty (NULL: not readable, so
the match is folded from its inputs as before), and the app fills it on start after this upgrade
(scorekeeper.services.schema, as for the figures of 0005 and 0006), or ``flask data rescore`` does.

Revision ID: 0016_hand_results
Revises: 0015_autoincrement_ids
Create Date: 2026-11-25 21:40:00

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0016_hand_results"
down_revision = "0015_autoincrement_ids"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("result", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("result")
