"""American matches that counted the penalty ``unfinished_wild_jokers`` keep the 2500 points they were
scored with: issue 29 made the League's 2000 the rule set's default (Pagat's 2500 stays in the Pagat
preset), and a match's scores are derived again from its hands whenever the scoring code changes, so
without this pin their totals would move. The pin is a house rule of the match
(``penalties.unfinished_wild_jokers``: 2500), which the scoreboard lists like any other, unless the
match already set one. Matches that never counted the penalty are left as they are.

The downgrade removes the pins this upgrade wrote (those equal to 2500 on matches that counted it):
the code before this revision had 2500 as its default.

Revision ID: 0023_pin_unfinished_wild_jokers
Revises: 0022_club_invitations_and_log
Create Date: 2026-11-29 01:40:00

"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0023_pin_unfinished_wild_jokers"
down_revision = "0022_club_invitations_and_log"
branch_labels = None
depends_on = None

#: Copied from the rule set of that day (a migration imports no app code).
KEY = "penalties.unfinished_wild_jokers"
POINTS = 2500


def _counted() -> list[tuple[int, object]]:
    """``(id, house_rules)`` of the American matches with a hand that counted the penalty."""
    return list(
        op.get_bind().execute(
            sa.text(
                "SELECT m.id, m.house_rules FROM matches m WHERE m.ruleset = 'american' AND EXISTS ("
                " SELECT 1 FROM hands h WHERE h.match_id = m.id"
                " AND CAST(h.input AS TEXT) LIKE '%unfinished_wild_jokers%')"
            )
        )
    )


def _set(match_id: int, rules: dict) -> None:
    value = "CAST(:rules AS JSON)" if op.get_bind().dialect.name == "postgresql" else ":rules"
    op.get_bind().execute(
        sa.text(f"UPDATE matches SET house_rules = {value} WHERE id = :id"),  # nosec B608 - no input
        {"rules": json.dumps(rules, sort_keys=True), "id": match_id},
    )


def _rules(raw: object) -> dict:
    loaded = json.loads(raw) if isinstance(raw, str) else raw
    return dict(loaded or {})


def upgrade():
    for match_id, raw in _counted():
        rules = _rules(raw)
        if KEY not in rules:
            _set(match_id, {**rules, KEY: POINTS})


def downgrade():
    for match_id, raw in _counted():
        rules = _rules(raw)
        if rules.get(KEY) == POINTS:
            del rules[KEY]
            _set(match_id, rules)
