"""The real migrations: a database at an older revision, with data in it, upgrades and keeps its scores."""

import json

import flask_migrate
from sqlalchemy import text

from scorekeeper import MIGRATIONS, create_app
from scorekeeper.extensions import db


def test_upgrade_fills_the_match_summary_from_stored_hands(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.db'}",
            "SECRET_KEY": "x",
            "AUTO_MIGRATE": False,
        }
    )
    hand = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [
            {"melds": 300, "hand": 0, "red_threes": 1, "canastas": {"clean": 1}, "penalties": []},
            {"melds": 100, "hand": 40, "red_threes": 0, "canastas": {}, "penalties": []},
        ],
    }
    with app.app_context():
        flask_migrate.upgrade(directory=MIGRATIONS, revision="0002")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO users (id, username, password_hash, created_at) "
                    "VALUES (1, 'ana', 'x', '2026-01-01')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO matches (id, owner_id, ruleset, target, house_rules, "
                    "created_at, updated_at, first_dealer) VALUES "
                    "(1, 1, 'classic', 5000, '{}', '2026-01-01', '2026-01-01', 0)"
                )
            )
            connection.execute(
                text("INSERT INTO sides (id, match_id, position, name) VALUES (1, 1, 0, 'A'), (2, 1, 1, 'B')")
            )
            connection.execute(
                text(
                    "INSERT INTO hands (match_id, number, input, version, created_at, "
                    "updated_at) VALUES (1, 1, :input, 1, '2026-01-01', '2026-01-01')"
                ),
                {"input": json.dumps(hand)},
            )
        flask_migrate.upgrade(directory=MIGRATIONS)
        row = db.session.execute(text("SELECT finished, hand_count, totals FROM matches")).one()
    # Side A: 300 + clean 500 + red three 100 + going out 100 = 1000; side B: 100 - 40 = 60.
    assert (bool(row.finished), row.hand_count, json.loads(row.totals)) == (False, 1, [1000, 60])
