"""Migration 0021 (clubs) on a database filled by the previous release itself: that release's code
(taken from git, :data:`PREVIOUS_RELEASE`) runs in a subprocess, makes two accounts' matches with
hands, a club night with a closed round and a correction, a series, ratings, a share link and API
tokens, and records every API answer. Today's app then upgrades the same database: each answer is
the same, to the byte of its JSON, for the same token; the share link still opens; new ids go on
from the old ones. The downgrade keeps every row.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, inspect, text

from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.helpers import drop_postgres_database, fresh_postgres_database

#: The last commit before clubs: the release whose databases 0021 upgrades.
PREVIOUS_RELEASE = "7d9f96676cb75334d09c2be5059cd826cf7385f2"
ROOT = Path(__file__).resolve().parent.parent
TABLES = (
    "users",
    "matches",
    "hands",
    "players",
    "events",
    "entries",
    "series",
    "rating_steps",
    "player_ratings",
    "share_links",
    "api_tokens",
    "edit_log",
)

#: Run by the previous release: fill the database, then print the token, the share token and every
#: API answer as JSON.
FILL = textwrap.dedent(
    """
    import json, sys
    from scorekeeper import create_app, services
    from scorekeeper.extensions import db
    from scorekeeper.models import Match, User
    from scorekeeper.services.accounts import create_token

    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    answers, tokens = {}, {}
    hand = lambda n, melds: {"number": n, "went_out": 0, "going_out_kind": "normal", "sides": [
        {"melds": melds, "canastas": {"clean": 1}, "red_threes": 1}, {"melds": 100, "hand": 40}]}
    with app.app_context():
        for name in ("ana", "eva"):
            user = User(username=name, password_hash="x")
            db.session.add(user)
            db.session.commit()
            tokens[name] = create_token(user)
    client = app.test_client()
    def call(name, method, path, body=None):
        answer = client.open("/api/v1" + path, method=method, json=body,
                             headers={"Authorization": "Bearer " + tokens[name]})
        assert answer.status_code < 300, (path, answer.status_code, answer.get_data(as_text=True))
        return answer.get_json()
    sides = [{"name": "Nos", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]
    for name in ("ana", "eva"):
        for target in (5000, 100000):
            match = call(name, "POST", "/matches", {"ruleset": "classic", "target": target, "sides": sides})
            for n in (1, 2, 3):
                call(name, "POST", f"/matches/{match['id']}/hands", hand(n, 300 + 10 * n))
    gone = call("ana", "POST", "/matches", {"ruleset": "samba", "sides": sides})
    client.open(f"/api/v1/matches/{gone['id']}", method="DELETE",
                headers={"Authorization": "Bearer " + tokens["ana"]})
    event = call("ana", "POST", "/events", {"name": "Martes", "ruleset": "classic", "format": "round_robin",
        "game": {"hands": 2}, "entries": [{"players": ["Ana", "Luis"]}, {"players": ["Eva", "Juan"]},
                                          {"players": ["Zoe", "Noa"]}, {"players": ["Rui", "Ida"]}]})
    seated = call("ana", "POST", f"/events/{event['id']}/rounds")
    for table in seated["tables"]:
        for n in (1, 2):
            call("ana", "POST", f"/matches/{table['match']}/hands", hand(n, 200 + 50 * table["number"]))
    call("ana", "POST", f"/events/{event['id']}/rounds/1/close")
    first = seated["tables"][0]["match"]
    call("ana", "PUT", f"/matches/{first}/hands/1", hand(1, 900))
    call("ana", "POST", f"/events/{event['id']}/finish")
    series = call("ana", "POST", "/series", {"name": "Otono", "best": 4})
    call("ana", "POST", f"/series/{series['id']}/events", {"event": event["id"]})
    with app.app_context():
        share = services.create_share_link(db.session.get(Match, first)).token
    paths = ["/matches", "/events", "/ratings", "/series", f"/events/{event['id']}",
             f"/series/{series['id']}"]
    with app.app_context():
        paths += [f"/matches/{m.id}" for m in db.session.query(Match).order_by(Match.id)]
    for name in ("ana", "eva"):
        for path in paths:
            answer = client.get("/api/v1" + path, headers={"Authorization": "Bearer " + tokens[name]})
            answers[name + " " + path] = [answer.status_code, answer.get_data(as_text=True)]
    print(json.dumps({"tokens": tokens, "share": share, "answers": answers}))
    """
)


@pytest.fixture
def old_database(pytestconfig: pytest.Config, tmp_path: Path) -> Any:
    """A database URL for the previous release to fill (its own, on the suite's kind of database)."""
    if pytestconfig.getoption("--db") == "postgresql":
        name = f"scorekeeper_clubs_{os.getpid()}"
        yield fresh_postgres_database(name)
        drop_postgres_database(name)
    else:
        yield f"sqlite:///{tmp_path / 'previous.sqlite3'}"


def previous_release(tmp_path: Path) -> Path:
    """The previous release's source tree, from git. Skips where the history is not there."""
    tree = tmp_path / "previous"
    tree.mkdir()
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", PREVIOUS_RELEASE, "scorekeeper"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("the previous release is not in this clone's git history")
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def fill_with_previous_release(tmp_path: Path, url: str) -> dict[str, Any]:
    tree = previous_release(tmp_path)
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "SCOREKEEPER_DATABASE_URL": url,
        "SCOREKEEPER_INSTANCE_PATH": str(tmp_path / "previous-instance"),
    }
    done = subprocess.run(
        [sys.executable, "-c", FILL], env=env, cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def rows(url: str) -> dict[str, int]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            names = set(inspect(connection).get_table_names())
            return {
                t: connection.execute(text(f"SELECT count(*) FROM {t}")).scalar_one()
                for t in TABLES
                if t in names
            }
    finally:
        engine.dispose()


def test_every_answer_of_the_previous_release_holds_after_the_upgrade(
    old_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = fill_with_previous_release(tmp_path, old_database)
    counted = rows(old_database)
    assert counted["events"] == 1 and counted["series"] == 1 and counted["rating_steps"] > 0
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "instance"))
    app: Flask = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": old_database, "SECRET_KEY": "x"})
    try:
        client = app.test_client()
        for key, (status, body) in before["answers"].items():
            name, path = key.split(" ", 1)
            answer = client.get(
                "/api/v1" + path, headers={"Authorization": "Bearer " + before["tokens"][name]}
            )
            assert answer.status_code == status, key
            assert answer.get_json() == json.loads(body), key
        assert client.get(f"/s/{before['share']}").status_code == 200
        assert rows(old_database) == counted
        # Each account is in its personal club; new rows go on from the old ids.
        ana = {"Authorization": "Bearer " + before["tokens"]["ana"]}
        clubs = client.get("/api/v1/clubs", headers=ana).get_json()
        assert [(c["slug"], c["personal"], c["role"]) for c in clubs] == [("~ana", True, "owner")]
        newest = max(m["id"] for m in client.get("/api/v1/matches?page=1", headers=ana).get_json())
        made = client.post(
            "/api/v1/matches",
            headers=ana,
            json={
                "ruleset": "classic",
                "sides": [
                    {"name": "A", "players": ["Ana", "Luis"]},
                    {"name": "B", "players": ["Eva", "Juan"]},
                ],
            },
        )
        assert made.status_code == 201, made.get_json()
        assert made.get_json()["id"] > newest
        club = client.post("/api/v1/clubs", headers=ana, json={"name": "Centro", "slug": "centro"})
        assert club.status_code == 201 and club.get_json()["id"] > 2, club.get_json()
        with app.app_context():
            import flask_migrate

            from scorekeeper import MIGRATIONS

            db.session.remove()
            flask_migrate.downgrade(directory=MIGRATIONS, revision="0020_hand_results_as_served")
            kept = rows(old_database)
            assert {t: kept[t] for t in counted} == {
                **counted,
                "matches": counted["matches"] + 1,
                "edit_log": counted["edit_log"] + 1,
            }  # the new match
            db.engine.dispose()
    finally:
        with app.app_context():
            db.engine.dispose()
