"""A large import on the phone: the upload answers at once with a progress page (it fits 360 px, axe
finds nothing), whose script follows the job and shows its outcome once the job has finished."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.services import imports
from tests.browser.helpers import assert_accessible, assert_fits_phone, register, screenshot
from tests.helpers import export_document

MATCHES = 40


@pytest.fixture
def held_import(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Every file past 1 KB imported in the background, each job waiting (in its own thread) until
    the test sets the event: the progress page can be seen while the job runs."""
    release = threading.Event()
    real = imports.run

    def held(job_id: int, raw: bytes) -> None:
        release.wait(timeout=120)
        real(job_id, raw)

    monkeypatch.setattr(imports, "run", held)
    app.config["IMPORT_BACKGROUND_BYTES"] = 1024
    yield release
    release.set()
    app.config.pop("IMPORT_BACKGROUND_BYTES")


def test_a_large_import_shows_its_progress_then_its_outcome(page: Page, held_import: threading.Event) -> None:
    register(page)
    page.goto("/transfer")
    raw = json.dumps(export_document(MATCHES)).encode()
    page.get_by_label("Export file (JSON)").set_input_files(
        files=[{"name": "backup.json", "mimeType": "application/json", "buffer": raw}]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", name="Importing…")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text("Reading the file…")
    assert "/transfer/imports/" in page.url
    assert_fits_phone(page)
    assert_accessible(page)
    screenshot(page, "import-progress")
    held_import.set()  # the job runs; the page, polling, shows its outcome by itself
    expect(page.get_by_role("heading", name="Import finished")).to_be_visible(timeout=60_000)
    expect(page.get_by_text(f"Imported {MATCHES} matches.")).to_be_visible()
    assert_fits_phone(page)
    assert_accessible(page)
    for language, heading in (("es", "Importación terminada"), ("fr", "Importation terminée")):
        page.context.add_cookies([{"name": "lang", "value": language, "url": page.url}])
        page.reload()
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        assert_accessible(page)
        if language == "es":
            screenshot(page, "import-finished")
    page.get_by_role("link", name="Voir vos parties").click()
    expect(page.get_by_text("Side 1").first).to_be_visible()
