"""Large imports: stored in bulk, exactly what the file holds (matches, hands, sides' figures, players,
edit log) with running totals equal to a rebuild, duplicates skipped; and files past
``IMPORT_BACKGROUND_BYTES`` imported in the background, the page answering at once with the
job's progress, then its outcome (a bad file or a failed store: nothing stored)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from scorekeeper import running_totals, services
from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Hand, ImportJob, Match, Player, SideCanasta, utcnow
from scorekeeper.services import imports
from scorekeeper.services.export_formats import match_fingerprint, read_export
from scorekeeper.services.transfer_reads import held_fingerprints
from scorekeeper.stats import SIDE_COLUMNS, side_figures
from tests.helpers import added_up, export_document, stored_totals
from tests.web.helpers import page, upload, user_id

LARGE = 300


def raw(document: dict[str, Any]) -> bytes:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def check_account(app: Flask, username: str, document: dict[str, Any]) -> None:
    """The account holds exactly the file's matches (distinct ones, in the file's order), each as the
    rules fold it, and running totals equal to a rebuild from its sides."""
    expected = read_export(raw(document)).matches
    with app.app_context():
        owner = user_id(app, username)
        stored = services.transfer_reads.owned_matches(owner)
        assert [match_fingerprint(services.view(m)) for m in stored] == [m.fingerprint for m in expected]
        for match, data in zip(stored, expected, strict=True):
            mv = services.view(match)
            assert match.created_at.replace(tzinfo=None) == data.created_at.replace(tzinfo=None)
            assert (match.totals, match.finished, match.winner, match.hand_count) == (
                list(mv.state.totals), mv.state.finished, mv.state.winner, len(mv.state.hands)
            )  # fmt: skip
            assert match.first_dealer == data.first_dealer and match.house_rules == data.house_rules
            assert match.revision == 1 and not match.unlocked
            for side, figures in zip(match.sides, side_figures(mv.ruleset, mv.state), strict=True):
                assert {name: getattr(side, name) for name in SIDE_COLUMNS} == {
                    name: getattr(figures, name) for name in SIDE_COLUMNS
                }
                rows = db.session.scalars(select(SideCanasta).where(SideCanasta.side_id == side.id))
                assert {row.kind: row.count for row in rows} == figures.canastas
            assert [log.action for log in match.log] == ["match_imported"]
            assert match.log[0].after["hands"] == len(data.hands) and match.log[0].user_id == owner
        assert db.session.scalar(select(func.count()).select_from(Hand)) == sum(
            len(m.hands) for m in expected
        )
        names = set(db.session.scalars(select(Player.name).where(Player.club_id == owner)))
        assert names == {name for m in expected for side in m.sides for name in side["players"]}
        assert stored_totals(owner) == added_up(owner)


def test_a_large_import_stores_exactly_the_file(app: Flask, other_client: FlaskClient) -> None:
    document = export_document(LARGE)
    response = upload(other_client, raw(document))
    assert response.status_code == 302, page(response)
    assert f"Imported {LARGE} matches." in page(other_client.get(response.location))
    check_account(app, "eva", document)


def test_a_large_import_into_a_history_skips_what_it_holds(app: Flask, other_client: FlaskClient) -> None:
    """Half the file already imported, and a match repeated: only the new ones are added, once; the
    running totals still equal a rebuild (they were added to, not rebuilt)."""
    document = export_document(LARGE)
    half = {**document, "matches": document["matches"][: LARGE // 2]}
    assert upload(other_client, raw(half)).status_code == 302
    document["matches"].append(document["matches"][-1])
    response = upload(other_client, raw(document))
    assert response.status_code == 302
    shown = page(other_client.get(response.location))
    assert f"Imported {LARGE - LARGE // 2} matches." in shown
    assert f"Skipped {LARGE // 2 + 1} matches already in your history." in shown
    document["matches"].pop()
    check_account(app, "eva", document)


def test_held_fingerprints_are_those_of_the_folded_matches(app: Flask, other_client: FlaskClient) -> None:
    """Duplicates are found from the stored rows, without folding: the same fingerprints as a fold's."""
    document = export_document(20)
    assert upload(other_client, raw(document)).status_code == 302
    with app.app_context():
        owner = user_id(app, "eva")
        folded = {match_fingerprint(services.view(m)) for m in services.transfer_reads.owned_matches(owner)}
        assert held_fingerprints(owner, read_export(raw(document)).matches) == folded
        assert len(folded) == 20


# --- In the background -----------------------------------------------------------------------------


@pytest.fixture
def background(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[threading.Thread]]:
    """Every file past 1 KB imported in the background; each job's thread (a real one) is waited
    for before the upload's answer is read, so the tests see its outcome without sleeping."""
    threads: list[threading.Thread] = []
    real = imports.start

    def start_and_wait(job_id: int, raw: bytes, flask_app: Flask | None = None) -> threading.Thread:
        thread = real(job_id, raw, flask_app)
        thread.join(timeout=120)
        threads.append(thread)
        return thread

    monkeypatch.setattr(imports, "start", start_and_wait)
    app.config["IMPORT_BACKGROUND_BYTES"] = 1024
    yield threads
    app.config.pop("IMPORT_BACKGROUND_BYTES")


def test_a_large_file_is_imported_in_the_background(
    app: Flask, other_client: FlaskClient, background: list[threading.Thread]
) -> None:
    document = export_document(LARGE)
    response = upload(other_client, raw(document))
    assert response.status_code == 303
    with app.app_context():
        job = db.session.scalars(select(ImportJob)).one()
        assert response.location == f"/transfer/imports/{job.id}"
    assert len(background) == 1 and not background[0].is_alive()
    result = other_client.get(response.location)
    assert result.headers["Cache-Control"] == "private, no-store"
    shown = page(result)
    assert "Import finished" in shown and f"Imported {LARGE} matches." in shown
    assert "import_progress.js" not in shown
    assert "/transfer/imports/" not in page(other_client.get("/transfer"))  # nothing under way
    status = other_client.get(f"{response.location}?format=json").get_json()
    assert status["state"] == "done" and status["total"] == status["checked"] == LARGE
    check_account(app, "eva", document)


def test_a_running_job_shows_its_progress(app: Flask, other_client: FlaskClient) -> None:
    with app.app_context():
        job = ImportJob(club_id=user_id(app, "eva"), state="checking", total=5000, checked=1250)
        db.session.add(job)
        db.session.commit()
        url = f"/transfer/imports/{job.id}"
    shown = page(other_client.get(url))
    assert "Checked 1,250 of 5,000 matches." in shown and 'value="1250"' in shown
    assert f'href="{url}"' in page(other_client.get("/transfer"))  # the way back to it
    assert "import_progress.js" in shown
    other_client.set_cookie("lang", "fr")
    status = other_client.get(f"{url}?format=json").get_json()
    assert status == {"state": "checking", "checked": 1250, "total": 5000, "text": status["text"]}
    assert status["text"] == "Parties vérifiées\u00a0: 1\u202f250 sur 5\u202f000."
    with app.app_context():
        db.session.execute(update(ImportJob).values(state="storing", checked=5000))
        db.session.commit()
    other_client.set_cookie("lang", "es")
    assert "Guardando 5000 partidas…" in page(other_client.get(url))


def test_a_job_is_its_owners_only(app: Flask, user_client: FlaskClient, other_client: FlaskClient) -> None:
    with app.app_context():
        job = ImportJob(club_id=user_id(app, "eva"), state="done")
        db.session.add(job)
        db.session.commit()
        job_id = job.id
    assert user_client.get(f"/transfer/imports/{job_id}").status_code == 404
    assert user_client.get("/transfer/imports/99999999999").status_code == 404
    assert other_client.get(f"/transfer/imports/{job_id}").status_code == 200


def test_a_bad_file_in_the_background_says_why_and_stores_nothing(
    app: Flask, other_client: FlaskClient, background: list[threading.Thread]
) -> None:
    document = export_document(LARGE)
    document["matches"][200]["hands"][0]["sides"][1]["melds"] = 402
    other_client.set_cookie("lang", "es")
    response = upload(other_client, raw(document))
    assert response.status_code == 303
    shown = page(other_client.get(response.location))
    assert "No se importó nada." in shown
    assert "Partida 201, mano 1: sides.1.melds: Debe ser múltiplo de 5." in shown
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == 0
        assert db.session.scalar(select(func.count()).select_from(Player)) == 0


def test_a_failed_store_in_the_background_stores_nothing(
    app: Flask, other_client: FlaskClient, background: list[threading.Thread], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails at the last step (the running totals): the job says so, no 500, nothing kept."""

    def failing(*_args: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(running_totals, "add_changes", failing)
    response = upload(other_client, raw(export_document(LARGE)))
    assert response.status_code == 303
    result = other_client.get(response.location)
    assert result.status_code == 200
    assert "The server could not store the matches." in page(result)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Match)) == 0
        assert db.session.scalar(select(func.count()).select_from(EditLog)) == 0
        assert db.session.scalar(select(func.count()).select_from(Player)) == 0


def test_an_interrupted_job_says_so(app: Flask, other_client: FlaskClient) -> None:
    """A job whose process ended (its row still says "storing", untouched for longer than
    STALE_AFTER) is shown as failed; nothing of it was stored, as it commits only at the end."""
    with app.app_context():
        job = ImportJob(club_id=user_id(app, "eva"), state="storing", total=10, checked=10)
        db.session.add(job)
        db.session.commit()
        url = f"/transfer/imports/{job.id}"
        assert not imports.interrupted(job)
        assert imports.interrupted(job, now=utcnow() + imports.STALE_AFTER + timedelta(seconds=1))
        db.session.execute(
            update(ImportJob).values(updated_at=utcnow() - imports.STALE_AFTER - timedelta(minutes=1))
        )
        db.session.commit()
    shown = page(other_client.get(url))
    assert "Import failed" in shown and "The import was interrupted" in shown
    assert url not in page(other_client.get("/transfer"))


def test_two_imports_of_one_file_at_once_store_it_once(
    app: Flask, other_client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double tap on a large file: two imports store at the same moment. The second waits for the
    first (the account's import lock; SQLite's write lock), then finds its matches and skips them."""
    from scorekeeper.services import transfer

    document = export_document(40)
    matches = read_export(raw(document)).matches
    first_reading, second_started = threading.Event(), threading.Event()
    real = transfer.held_fingerprints

    def held(club_id: int, imported: Any) -> set[str]:
        if threading.current_thread().name == "first":  # it holds the lock: let the second start
            first_reading.set()
            second_started.wait(timeout=30)
        return real(club_id, imported)

    monkeypatch.setattr(transfer, "held_fingerprints", held)
    stored: dict[str, list[int]] = {}

    def store(name: str) -> None:
        if name == "second":
            first_reading.wait(timeout=30)
            second_started.set()
        with app.app_context():
            stored[name] = transfer.store_matches(user_id(app, "eva"), matches)
            db.session.remove()

    threads = [threading.Thread(target=store, args=(name,), name=name) for name in ("first", "second")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(stored["first"]) == 40 and stored["second"] == []
    check_account(app, "eva", document)
