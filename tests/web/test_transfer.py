"""Export and import pages: downloads of one match and of the whole history, an import into another
account that rebuilds identical matches, and imports that are refused whole (nothing stored)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Match, Player, as_utc
from scorekeeper.services.export_formats import MAX_BYTES
from tests.web.helpers import (
    csrf_token,
    good_file,
    matches,
    page,
    post_form,
    rejected,
    upload,
    user_id,
)


def history(app: Flask, username: str) -> list[dict[str, Any]]:
    """Everything about the account's matches that an import must reproduce, oldest first."""
    with app.app_context():
        owner = user_id(app, username)
        found = db.session.scalars(
            select(Match).where(Match.club_id == owner).order_by(Match.created_at, Match.id)
        )
        out = []
        for match in found:
            mv = services.view(match)
            out.append(
                {
                    "ruleset": match.ruleset,
                    "target": match.target,
                    "house_rules": match.house_rules,
                    "first_dealer": match.first_dealer,
                    "created_at": as_utc(match.created_at),
                    "sides": [(s.name, s.player_names) for s in match.sides],
                    "hands": [h.input for h in match.hands],
                    "totals": match.totals,
                    "folded": list(mv.state.totals),
                    "finished": match.finished,
                    "winner": match.winner,
                    "hand_count": match.hand_count,
                }
            )
        return out


def rows(response: Any) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.get_data().decode("utf-8-sig"), newline="")))


# --- Export ------------------------------------------------------------------------------------


def test_match_export_downloads(app: Flask, user_client: FlaskClient, three: list[int]) -> None:
    response = user_client.get(f"/matches/{three[0]}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert (
        response.headers["Content-Disposition"] == f'attachment; filename="scorekeeper-match-{three[0]}.csv"'
    )
    assert response.get_data().startswith(b"\xef\xbb\xbf")
    table = rows(response)
    assert len(table) == 1 + 2 * 2
    # Nosotros, hand 1: 640 + 0 + 800 + 100 + 100 + 0 − (50 + 150) = 1440.
    assert table[1][6:] == [
        "1", "Nosotros", "Ana, Luis", "yes", "Normal",
        "640", "0", "800", "100", "100", "0", "-200", "1440", "1440", "",
    ]  # fmt: skip
    assert table[4][18:] == ["-120", "5", ""]  # Ellos, hand 2: 0 − 120 = −120, 125 − 120 = 5 (in play)

    response = user_client.get(f"/matches/{three[0]}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    doc = response.get_json()
    assert doc["format"] == "scorekeeper-export" and doc["version"] == 1
    assert doc["matches"][0]["totals"] == [1500, 5]
    assert doc["matches"][0]["first_dealer"] == 2


def test_history_export_and_formula_names(app: Flask, user_client: FlaskClient, three: list[int]) -> None:
    table = rows(user_client.get("/export/history.csv"))
    assert len(table) == 1 + 2 * 2 + 2 + 3
    assert [row[0] for row in table[1:]] == [str(three[0])] * 4 + [str(three[1])] * 2 + [str(three[2])] * 3
    third = table[-1]
    assert third[7] == 'Tres, "los" =raros' and third[8] == "'=cmd"
    doc = user_client.get("/export/history.json").get_json()
    assert [m["ruleset"] for m in doc["matches"]] == ["classic", "samba", "canaston"]
    assert doc["matches"][2]["sides"][2] == {"name": 'Tres, "los" =raros', "players": ["=cmd"]}


def test_export_is_the_owners_only(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    for suffix in ("csv", "json"):
        assert other_client.get(f"/matches/{three[0]}/export.{suffix}").status_code == 404
        assert other_client.get(f"/matches/999999/export.{suffix}").status_code == 404
        assert "Nosotros" not in page(other_client.get(f"/export/history.{suffix}"))
    anonymous = app.test_client()
    assert anonymous.get(f"/matches/{three[0]}/export.json").status_code == 302  # to the login page


def test_scoreboard_and_transfer_page_link_the_exports(
    app: Flask, user_client: FlaskClient, three: list[int]
) -> None:
    scoreboard = page(user_client.get(f"/matches/{three[0]}"))
    assert f'href="/matches/{three[0]}/export.csv"' in scoreboard
    assert f'href="/matches/{three[0]}/export.json"' in scoreboard
    transfer = page(user_client.get("/transfer"))
    assert 'href="/export/history.csv"' in transfer and 'href="/export/history.json"' in transfer
    assert 'enctype="multipart/form-data"' in transfer and "3 matches" in transfer


# --- Import ------------------------------------------------------------------------------------


def test_round_trip_into_another_account(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    exported = user_client.get("/export/history.json").get_data()
    response = upload(other_client, exported)
    assert response.status_code == 302, page(response)
    assert "Imported 3 matches." in page(other_client.get(response.location))
    original, copied = history(app, "ana"), history(app, "eva")
    assert copied == original
    assert copied[2]["finished"] and copied[2]["winner"] == 2 and not copied[0]["finished"]
    assert copied[0]["totals"] == copied[0]["folded"] == [1500, 5]
    with app.app_context():
        eva = user_id(app, "eva")
        names = set(db.session.scalars(select(Player.name).where(Player.club_id == eva)))
        assert names == {"Ana", "Luis", "Eva", "Juan", "Leo", "=cmd"}
        logs = db.session.scalars(select(EditLog).where(EditLog.action == "match_imported")).all()
        assert len(logs) == 3 and {log.user_id for log in logs} == {eva}
        assert logs[0].after["hands"] == 2
    # Importing again recognises every match: nothing is doubled, and the page says so.
    response = upload(other_client, exported)
    assert response.status_code == 302
    shown = page(other_client.get(response.location))
    assert "Imported 0 matches." in shown and "Skipped 3 matches already in your history." in shown
    assert history(app, "eva") == original
    with app.app_context():
        assert (
            len(db.session.scalars(select(Player).where(Player.club_id == user_id(app, "eva"))).all()) == 6
        )


def test_importing_a_backup_twice_skips_what_the_account_holds(
    app: Flask, user_client: FlaskClient, three: list[int]
) -> None:
    exported = user_client.get("/export/history.json").get_data()
    before = history(app, "ana")
    response = upload(user_client, exported)
    assert response.status_code == 302
    assert "Skipped 3 matches already in your history." in page(user_client.get(response.location))
    assert history(app, "ana") == before
    # A match changed since (here: its first hand, and its totals to match) is another match.
    document = json.loads(exported)
    changed = document["matches"][1]
    changed["hands"][0]["sides"][0]["melds"] += 100
    changed["totals"][0] += 100
    response = upload(user_client, json.dumps(document).encode())
    assert response.status_code == 302, page(response)
    shown = page(user_client.get(response.location))
    assert "Imported 1 match." in shown and "Skipped 2 matches already in your history." in shown
    assert len(history(app, "ana")) == 4


def test_a_file_that_repeats_a_match_imports_it_once(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    document = json.loads(user_client.get(f"/matches/{three[1]}/export.json").get_data())
    document["matches"] *= 2
    response = upload(other_client, json.dumps(document).encode())
    assert response.status_code == 302
    assert "Skipped 1 match already in your history." in page(other_client.get(response.location))
    assert len(history(app, "eva")) == 1


def test_one_match_round_trip_keeps_the_scoreboard(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    exported = user_client.get(f"/matches/{three[1]}/export.json").get_data()
    assert upload(other_client, exported).status_code == 302
    assert history(app, "eva") == [history(app, "ana")[1]]
    assert other_client.get("/export/history.json").get_json()["matches"] == json.loads(exported)["matches"]


def test_a_bad_hand_in_the_second_match_stores_nothing(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    doc = good_file(user_client)
    doc["matches"][1]["hands"][0]["sides"][1]["melds"] = 402
    errors = rejected(other_client, json.dumps(doc).encode())
    assert "Nothing was imported." in errors
    assert "Match 2, hand 1: sides.1.melds: Must be a multiple of 5." in errors
    assert history(app, "eva") == []
    with app.app_context():  # not even the players of the first match
        assert db.session.scalars(select(Player).where(Player.club_id == user_id(app, "eva"))).all() == []


def test_a_store_failure_rolls_everything_back(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int], monkeypatch: Any
) -> None:
    """Should the database fail at the import's last step (the running totals, once every match's
    rows are written), none of its matches or players are kept."""
    from scorekeeper import running_totals

    def failing(*_args: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(running_totals, "add_changes", failing)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    try:
        response = upload(other_client, user_client.get("/export/history.json").get_data())
    finally:
        app.config["PROPAGATE_EXCEPTIONS"] = None
    assert response.status_code == 500
    assert history(app, "eva") == []
    with app.app_context():
        assert db.session.scalars(select(Player).where(Player.club_id == user_id(app, "eva"))).all() == []


def test_the_errors_are_in_the_users_language(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    doc = good_file(user_client)
    doc["matches"][0]["hands"][1]["sides"][0]["melds"] = -5
    other_client.set_cookie("lang", "es")
    errors = rejected(other_client, json.dumps(doc).encode())
    assert "Partida 1, mano 2: sides.0.melds: No puede ser negativo." in errors
    assert "Must not be negative." not in errors


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["matches"][0].update(totals=[1500, 6]),
            "Match 1: totals: The totals in the file (1500, 6)",
        ),
        (
            lambda d: d["matches"][2]["hands"][0]["sides"][0].update(melds=-50),
            "Match 3, hand 1: sides.0.melds:",
        ),
        (lambda d: d["matches"][1].pop("sides"), "Match 2: sides: This field is missing."),
        (lambda d: d.update(version=2), "Export version 2 cannot be read"),
        (lambda d: d.update(format="csv"), "This is not a Scorekeeper export"),
        (lambda d: d["matches"][0].update(hands="lots"), "Match 1: hands: Must be a list of hands."),
        (lambda d: d["matches"][0]["hands"].pop(0), "Match 1, hand 1: number: This must be hand 1."),
    ],
)
def test_malformed_imports_are_refused_whole(
    app: Flask,
    user_client: FlaskClient,
    other_client: FlaskClient,
    three: list[int],
    change: Any,
    message: str,
) -> None:
    doc = good_file(user_client)
    change(doc)
    assert message in rejected(other_client, json.dumps(doc).encode())
    assert history(app, "eva") == []


def test_not_json_and_wrong_files(app: Flask, user_client: FlaskClient, other_client: FlaskClient) -> None:
    assert "The file is not valid JSON (line 1, column 1)." in rejected(other_client, b"hello")
    assert "The file is not UTF-8 text" in rejected(other_client, "{}".encode("utf-16"))
    assert "Choose a .json file" in rejected(other_client, b"{}", filename="backup.csv")
    response = post_form(other_client, "/transfer", {}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose a JSON file exported from Scorekeeper." in page(response)
    assert matches(app) == 0


def test_huge_files_are_refused(app: Flask, user_client: FlaskClient, other_client: FlaskClient) -> None:
    just_over = b" " * MAX_BYTES + b"{}"
    assert "The file is larger than 5 MB." in rejected(other_client, just_over)
    far_over = b" " * (MAX_BYTES * 2)
    assert "The file is larger than 5 MB." in rejected(other_client, far_over, status=413)
    assert matches(app) == 0


def test_import_needs_the_csrf_token(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int]
) -> None:
    exported = user_client.get("/export/history.json").get_data()
    response = other_client.post(
        "/transfer", data={"file": (io.BytesIO(exported), "backup.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 400
    token = csrf_token(other_client, "/transfer")
    assert upload(other_client, exported, csrf=token + "x").status_code == 400
    assert upload(other_client, exported, csrf=csrf_token(user_client, "/transfer")).status_code == 400
    assert history(app, "eva") == []


def test_a_clash_on_a_new_player_is_tried_again(
    app: Flask, user_client: FlaskClient, other_client: FlaskClient, three: list[int], monkeypatch: Any
) -> None:
    """Another request adding one of the new players meanwhile: the import starts again, whole."""
    from sqlalchemy.exc import IntegrityError

    from scorekeeper.services import transfer as service

    real = service._store
    calls = []

    def clashing(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:  # the commit failed (and was rolled back) on a player's unique name
            raise IntegrityError("INSERT INTO players", {}, Exception("unique"))
        return real(*args)

    monkeypatch.setattr(service, "_store", clashing)
    response = upload(other_client, user_client.get("/export/history.json").get_data())
    assert response.status_code == 302 and len(calls) == 2
    assert history(app, "eva") == history(app, "ana")
