"""Backup and restore of the embedded SQLite database, with integrity checks."""

import pytest

from scorekeeper import create_app, services
from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.services.accounts import create_user

HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
}


@pytest.fixture
def sqlite_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.db'}", "SECRET_KEY": "x"}
    )
    with app.app_context():
        user = create_user("ana", "a long password")
        services.create_match(
            user.id,
            {
                "ruleset": "classic",
                "sides": [{"name": "A", "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}],
            },
        )
    return app


def hand_count(app) -> int:
    with app.app_context():
        return db.session.query(Hand).count()


def test_backup_then_restore_brings_back_the_backed_up_state(sqlite_app, tmp_path):
    runner = sqlite_app.test_cli_runner()
    target = tmp_path / "backup.db"
    result = runner.invoke(args=["data", "backup", str(target)])
    assert result.exit_code == 0, result.output
    with sqlite_app.app_context():
        services.add_hand(services.get_match(1, 1), HAND)
    assert hand_count(sqlite_app) == 1

    result = runner.invoke(args=["data", "restore", str(target), "--yes"])
    assert result.exit_code == 0, result.output
    assert hand_count(sqlite_app) == 0
    assert runner.invoke(args=["data", "check"]).output.strip() == "ok"


def test_backup_never_overwrites(sqlite_app, tmp_path):
    target = tmp_path / "exists.db"
    target.write_text("keep me")
    result = sqlite_app.test_cli_runner().invoke(args=["data", "backup", str(target)])
    assert result.exit_code != 0 and target.read_text() == "keep me"


def test_a_damaged_backup_is_refused_and_the_database_kept(sqlite_app, tmp_path):
    with sqlite_app.app_context():
        services.add_hand(services.get_match(1, 1), HAND)
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4096)
    result = sqlite_app.test_cli_runner().invoke(args=["data", "restore", str(damaged), "--yes"])
    assert result.exit_code != 0
    assert hand_count(sqlite_app) == 1


def test_postgresql_is_sent_to_its_own_tools(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    app = create_app(
        {
            "TESTING": True,
            "AUTO_MIGRATE": False,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none",
        }
    )
    result = app.test_cli_runner().invoke(args=["data", "backup", str(tmp_path / "x.db")])
    assert result.exit_code != 0 and "pg_dump" in result.output
