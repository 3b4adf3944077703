"""The real migrations: a database at an older revision, with data in it, upgrades and keeps its scores.

The migrations import nothing of the app (import-linter's contract), so the figures derived from
stored hands are computed by the app's upgrade (:func:`scorekeeper.services.schema.upgrade`), the
one it runs on start."""

import copy
import json

import flask_migrate
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import select, text

from scorekeeper import MIGRATIONS, create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import EditLog, utcnow
from scorekeeper.services import schema
from scorekeeper.services.export_formats import export_json
from scorekeeper.services.transfer_reads import owned_matches
from tests.helpers import OLD_HAND_1 as HAND
from tests.helpers import OLD_HAND_2 as HAND_2
from tests.helpers import old_database


def test_upgrade_fills_the_match_summary_from_stored_hands(tmp_path, monkeypatch):
    app = old_database(tmp_path, monkeypatch, "0002", [HAND])
    with app.app_context():
        schema.upgrade(directory=MIGRATIONS)
        row = db.session.execute(text("SELECT finished, hand_count, totals FROM matches")).one()
    # Side A: 300 + clean 500 + red three 100 + going out 100 = 1000; side B: 100 - 40 = 60.
    assert (bool(row.finished), row.hand_count, json.loads(row.totals)) == (False, 1, [1000, 60])


def test_the_app_started_on_an_old_database_fills_the_summary(tmp_path, monkeypatch):
    """On start (``AUTO_MIGRATE``), as ``flask db upgrade`` runs it: the same upgrade."""
    old_database(tmp_path, monkeypatch, "0002", [HAND, HAND_2])
    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.db'}", "SECRET_KEY": "x"}
    )
    with app.app_context():
        row = db.session.execute(text("SELECT hand_count, totals FROM matches")).one()
        points = db.session.scalars(text("SELECT points FROM sides ORDER BY position")).all()
        db.session.remove()
        db.engine.dispose()
    assert (row.hand_count, json.loads(row.totals), points) == (2, [1120, 610], [1120, 610])


def test_alembic_alone_leaves_the_figures_to_the_rescore_command(tmp_path, monkeypatch):
    """Without the app's upgrade (``AUTO_MIGRATE`` off, Alembic run alone) the new columns stay at
    their defaults until ``flask data rescore`` fills them."""
    app = old_database(tmp_path, monkeypatch, "0002", [HAND])
    with app.app_context():
        flask_migrate.upgrade(directory=MIGRATIONS)
        before = db.session.execute(text("SELECT hand_count FROM matches")).scalar_one()
        db.session.remove()
    result = app.test_cli_runner().invoke(args=["data", "rescore"])
    with app.app_context():
        after = db.session.execute(text("SELECT hand_count, totals FROM matches")).one()
        db.session.remove()
        db.engine.dispose()
    assert result.exit_code == 0, result.output
    assert (before, after.hand_count, json.loads(after.totals)) == (0, 1, [1000, 60])


def test_upgrade_fills_the_side_figures_from_stored_hands(tmp_path, monkeypatch):
    app = old_database(tmp_path, monkeypatch, "0004", [HAND, HAND_2])
    with app.app_context():
        schema.upgrade(directory=MIGRATIONS)
        figures = db.session.execute(
            text(
                "SELECT points, went_out, penalty_count, penalty_points, best_score, best_hand "
                "FROM sides ORDER BY position"
            )
        ).all()
        canastas = db.session.execute(
            text("SELECT side_id, kind, count FROM side_canastas ORDER BY side_id")
        ).all()
    # A: 1000 then 150 - 30 = 120; B: 60 then 550.
    assert [tuple(row) for row in figures] == [(1120, 1, 0, 0, 1000, 1), (610, 1, 1, 50, 550, 2)]
    assert [tuple(row) for row in canastas] == [(1, "clean", 1), (2, "dirty", 1)]


def test_upgrade_adds_up_the_running_totals_of_existing_players(tmp_path, monkeypatch):
    app = old_database(tmp_path, monkeypatch, "0004", [HAND, HAND_2])
    with app.app_context():
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO players (id, owner_id, name) "
                    "VALUES (1, 1, 'Ana'), (2, 1, 'Luis'), (3, 1, 'Eva')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO seats (side_id, position, player_id) VALUES (1, 0, 1), (1, 1, 2), (2, 0, 3)"
                )
            )
            connection.execute(text("UPDATE matches SET hand_count = 2"))  # its summary, as 0003 keeps it
        schema.upgrade(directory=MIGRATIONS)
        totals = db.session.execute(
            text(
                "SELECT player_id, ruleset, played, in_progress, hands, points, went_out, penalty_count, "
                "penalty_points, best_score, best_match_id, best_hand FROM player_totals ORDER BY player_id"
            )
        ).all()
        canastas = db.session.execute(
            text("SELECT player_id, kind, count FROM player_total_canastas ORDER BY player_id")
        ).all()
        partnerships = db.session.execute(
            text(
                "SELECT player_id, partner_low, partner_high, hands, points, latest_side_id "
                "FROM partnership_totals"
            )
        ).all()
    # The match (to 5000) is in progress; A (Ana, Luis) made 1000 + 120, B (Eva) 60 + 550.
    assert [tuple(row) for row in totals] == [
        (1, "classic", 0, 1, 2, 1120, 1, 0, 0, 1000, 1, 1),
        (2, "classic", 0, 1, 2, 1120, 1, 0, 0, 1000, 1, 1),
        (3, "classic", 0, 1, 2, 610, 1, 1, 50, 550, 1, 2),
    ]
    assert [tuple(row) for row in canastas] == [(1, "clean", 1), (2, "clean", 1), (3, "dirty", 1)]
    assert sorted(tuple(row) for row in partnerships) == [(1, 2, 2, 2, 1120, 1), (2, 1, 1, 2, 1120, 1)]


def test_upgrade_repairs_text_that_could_not_be_exported(tmp_path, monkeypatch, old_url):
    """A lone surrogate in a custom penalty's description (stored before the app checked text) made
    every export of the account fail; after the upgrade it is U+FFFD and the export works, with the
    same scores. A NUL in a name (SQLite kept it; PostgreSQL cannot) is repaired the same way."""
    hand = copy.deepcopy(HAND_2)
    hand["sides"][0]["penalties"] = [{"code": "custom", "count": 1, "points": 50, "description": "x\ud800y"}]
    app = old_database(tmp_path, monkeypatch, "0006", [HAND, hand], url=old_url)
    with app.app_context():
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO edit_log (match_id, at, action, hand_number, after) "
                    "VALUES (1, :at, :a, 2, :h)"
                ),
                {"at": "2026-01-01", "a": "hand_added", "h": json.dumps(hand)},
            )
            if connection.dialect.name == "sqlite":
                connection.execute(text("UPDATE sides SET name = 'A' || char(0) || 'B' WHERE id = 1"))
        schema.upgrade(directory=MIGRATIONS)
        views = [services.view(match) for match in owned_matches(1)]
        exported = json.loads(export_json(views, utcnow()).encode("utf-8"))
        log = db.session.scalars(select(EditLog.after)).one()
        db.session.remove()
        db.engine.dispose()
    (match,) = exported["matches"]
    assert match["hands"][1]["sides"][0]["penalties"][0]["description"] == "x\ufffdy"
    assert log["sides"][0]["penalties"][0]["description"] == "x\ufffdy"
    assert [s["name"] for s in match["sides"]][1] == "B"
    if not old_url.startswith("postgresql"):
        assert match["sides"][0]["name"] == "A\ufffdB"
    # A: 1000, then 150 - 30 - 50 = 70; B: 60, then 550.
    assert views[0].state.totals == (1070, 610)


def test_0019_adds_the_logs_table_column_empty_and_its_downgrade_keeps_the_log(
    tmp_path, monkeypatch, old_url
):
    """0019 adds ``edit_log.via_table`` (the club-night table whose link sent a change): the entries
    logged before it were the account's own (NULL) and read as before; the downgrade keeps them."""
    app = old_database(tmp_path, monkeypatch, "0018_ratings", [HAND], url=old_url)
    with app.app_context():
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO edit_log (match_id, user_id, at, action, hand_number) "
                    "VALUES (1, 1, :at, :a, 1)"
                ),
                {"at": "2026-01-01", "a": "hand_added"},
            )
        schema.upgrade(directory=MIGRATIONS)
        rows = db.session.execute(select(EditLog.action, EditLog.user_id, EditLog.via_table)).all()
        db.session.remove()
        flask_migrate.downgrade(directory=MIGRATIONS, revision="0018_ratings")
        with db.engine.connect() as connection:
            kept = connection.execute(text("SELECT action, user_id FROM edit_log")).all()
            columns = {c["name"] for c in sa_inspect(connection).get_columns("edit_log")}
        db.engine.dispose()
    assert [tuple(r) for r in rows] == [("hand_added", 1, None)]
    assert [tuple(r) for r in kept] == [("hand_added", 1)]
    assert "via_table" not in columns


def test_0020_makes_the_results_text_and_the_upgrade_fills_them_and_its_downgrade_keeps_the_hands(
    tmp_path, monkeypatch, old_url
):
    """0020 drops 0016's results (a cache of another shape) and adds the column again as text, empty;
    the app's upgrade fills it with each hand's JSON (readable by today's code, equal to a fresh
    fold's); the downgrade gives back 0016's column, empty, and keeps every hand."""
    from scorekeeper.models import Hand
    from scorekeeper.services import hand_results
    from tests.helpers import assert_results_fresh

    app = old_database(tmp_path, monkeypatch, "0019_edit_log_via_table", [HAND, HAND_2], url=old_url)
    with app.app_context():
        with db.engine.begin() as connection:
            connection.execute(
                text("UPDATE hands SET result = :old"), {"old": json.dumps({"rules": "x", "after": [0, 0]})}
            )
        schema.upgrade(directory=MIGRATIONS)
        results = db.session.scalars(select(Hand.result).order_by(Hand.number)).all()
        assert len(results) == 2 and all(hand_results.readable(r) for r in results)
        assert_results_fresh(1)
        db.session.remove()
        flask_migrate.downgrade(directory=MIGRATIONS, revision="0019_edit_log_via_table")
        with db.engine.connect() as connection:
            kept = connection.execute(text("SELECT number, result FROM hands ORDER BY number")).all()
            column = {c["name"]: c for c in sa_inspect(connection).get_columns("hands")}["result"]
        db.engine.dispose()
    assert [tuple(row) for row in kept] == [(1, None), (2, None)]
    assert "JSON" in str(column["type"]).upper()
