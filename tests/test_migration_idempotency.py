"""Migration 0007_idempotency: a database of the previous revision, with a match in it, gains the
store of submission keys, which then works; going back removes the table and keeps the match."""

from typing import Any

import flask_migrate
import pytest
from sqlalchemy import inspect, text

from scorekeeper import MIGRATIONS, services
from scorekeeper.extensions import db
from scorekeeper.models import IdempotencyKey
from scorekeeper.services import submission_keys
from tests.helpers import OLD_HAND_1 as HAND
from tests.helpers import old_database


def tables() -> set[str]:
    return set(inspect(db.engine).get_table_names())


def test_upgrade_adds_the_store_of_keys_and_downgrade_removes_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
):
    app = old_database(tmp_path, monkeypatch, "0006", [])
    with app.app_context():
        assert "idempotency_keys" not in tables()
        flask_migrate.upgrade(directory=MIGRATIONS, revision="0007_idempotency")
        assert "idempotency_keys" in tables()
        flask_migrate.upgrade(directory=MIGRATIONS)  # today's services need today's columns
        match = services.get_match(1, 1)
        once = submission_keys.SubmissionKey(1, "phone-key-1", submission_keys.request_digest(1, HAND))
        services.add_hand(match, HAND, 1, once)
        with pytest.raises(submission_keys.AlreadyDone):
            services.add_hand(services.get_match(1, 1), HAND, 1, once)
        assert db.session.query(IdempotencyKey).count() == 1
        db.session.remove()
        flask_migrate.downgrade(directory=MIGRATIONS, revision="0006")
        assert "idempotency_keys" not in tables()
        with db.engine.connect() as connection:  # (today's models read the clubs of 0021: plain SQL here)
            assert connection.execute(text("SELECT count(*) FROM hands WHERE match_id = 1")).scalar() == 1
        db.session.remove()
        db.engine.dispose()
