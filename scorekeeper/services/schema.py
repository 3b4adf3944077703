"""The database brought to the latest migration, and the figures the migrations leave to the app.

Migrations import nothing of the app, so that a model or a rule changed later cannot break an old
one; they cannot score hands. The figures derived from stored hands (the match summaries added by
0003, the sides' figures by 0005, the players' running totals by 0006, each hand's result by 0016
and again by 0020) of a database older than :data:`LAST_UNFILLED` are therefore computed here, by
today's rules, once the schema is the one today's models describe.
"""

from __future__ import annotations

from typing import Final

import flask_migrate
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, bindparam, delete, insert, select, update

from .. import running_totals
from ..extensions import db
from ..models import Hand, Match, Side, SideCanasta
from ..rules import RuleSet, fold_match, get_ruleset, load_hand
from ..stats import SIDE_COLUMNS, side_figures
from . import hand_results, ratings

#: The newest migration whose upgrade adds columns or tables of derived figures and leaves them
#: empty (0003, 0005, 0006, 0016 and 0020 did): a database at a revision before it is rescored once
#: upgraded.
LAST_UNFILLED: Final = "0020_hand_results_as_served"
#: The migration that adds the ratings, empty (filled by a replay, not a whole rescore).
RATINGS_ADDED: Final = "0018_ratings"


def upgrade(directory: str) -> None:
    """Apply every pending migration of ``directory``, then recompute the derived figures when the
    database was older than those figures (before :data:`LAST_UNFILLED`). An empty database has none."""
    before = current_revision()
    flask_migrate.upgrade(directory=directory)
    if before is not None and older_than(directory, before, LAST_UNFILLED):
        rescore_all()
    elif before is not None and older_than(directory, before, RATINGS_ADDED):
        ratings.rebuild_all()


def older_than(directory: str, revision: str, later: str) -> bool:
    """Whether ``revision`` comes before ``later`` in the migrations of ``directory`` (``later`` is
    not ``revision`` nor one of its ancestors), whatever the order they were merged in."""
    script = ScriptDirectory(directory)
    return later not in {found.revision for found in script.walk_revisions(base="base", head=revision)}


def current_revision() -> str | None:
    """The database's Alembic revision; ``None`` for a database no migration has touched."""
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def rescore_all() -> None:
    """Every match's summary, its hands' results (:mod:`.hand_results`) and its sides' figures
    recomputed from its stored hands, then every
    player's running totals added up again; one transaction. Idempotent: a second run (two processes
    upgrading at once) writes the same values."""
    with db.engine.begin() as connection:
        columns = (Match.id, Match.ruleset, Match.target, Match.house_rules, Match.settled_at)
        for match_id, ruleset, target, house_rules, settled_at in connection.execute(
            select(*columns).order_by(Match.id)
        ).all():
            rs = get_ruleset(ruleset, house_rules or {})
            _rescore_match(connection, match_id, rs, target, settled=settled_at is not None)
        running_totals.rebuild(connection)
        ratings.rebuild(connection)


def _rescore_match(
    connection: Connection, match_id: int, rs: RuleSet, target: int, settled: bool = False
) -> None:
    side_ids = list(
        connection.scalars(select(Side.id).where(Side.match_id == match_id).order_by(Side.position))
    )
    hands = connection.execute(
        select(Hand.id, Hand.input).where(Hand.match_id == match_id).order_by(Hand.number)
    ).all()
    state = fold_match(rs, target, len(side_ids), [load_hand(row.input) for row in hands], settled=settled)
    if hands:
        table = Hand.__table__
        connection.execute(
            # The input is unchanged: its time of change stays.
            update(table)
            .where(table.c.id == bindparam("hand_id"))
            .values(result=bindparam("stored"), updated_at=table.c.updated_at),
            [
                {"hand_id": row.id, "stored": hand_results.stored(result, rs.flag_codes)}
                for row, result in zip(hands, state.hands, strict=True)
            ],
        )
    summary = {"finished": state.finished, "winner": state.winner, "hand_count": len(hands)}
    connection.execute(update(Match).where(Match.id == match_id).values(**summary, totals=list(state.totals)))
    for side_id, figures in zip(side_ids, side_figures(rs, state), strict=True):
        columns = {name: getattr(figures, name) for name in SIDE_COLUMNS}
        connection.execute(update(Side).where(Side.id == side_id).values(columns))
        connection.execute(delete(SideCanasta).where(SideCanasta.side_id == side_id))
        if figures.canastas:
            connection.execute(
                insert(SideCanasta),
                [{"side_id": side_id, "kind": kind, "count": n} for kind, n in figures.canastas.items()],
            )
