"""Large imports in the background: the upload is answered at once, the file is checked and stored
by a thread of the process, and the job's progress and outcome are kept in the database
(:class:`~scorekeeper.models.ImportJob`), so that any worker can show them.

The work is the same as an import done within the request: :func:`.export_formats.read_export`, then
:func:`.transfer.store_matches`, one transaction: a job that fails or is interrupted (the process
ended) has stored nothing. Its own rows are written in short transactions of their own.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from typing import Any, Final

from flask import Flask, current_app
from sqlalchemy import select, update

from ..extensions import db
from ..models import ImportJob, as_utc, utcnow
from . import transfer
from .errors import MAX_ID, NotFound
from .export_formats import ImportRejected, problems_json, read_export
from .unit_of_work import transaction

#: A job whose row has not moved for this long was interrupted (its process ended): progress is
#: written at least every few seconds while it runs (every :data:`.export_formats.PROGRESS_EVERY` matches
#: checked, then once before and once after the store).
STALE_AFTER: Final = timedelta(minutes=10)
RUNNING: Final = frozenset({"checking", "storing"})


def new_job(club_id: int) -> ImportJob:
    """Record a new job of the account (committed), before its work starts."""
    job = ImportJob(club_id=club_id, state="checking")
    with transaction():
        db.session.add(job)
    return job


def get_job(club_id: int, job_id: int) -> ImportJob:
    """:raise NotFound: no job ``job_id`` of this account."""
    job = db.session.get(ImportJob, job_id) if 1 <= job_id <= MAX_ID else None
    if job is None or job.club_id != club_id:
        raise NotFound(job_id)
    return job


def interrupted(job: ImportJob, now: datetime | None = None) -> bool:
    """Whether a job still shown as running has not moved for :data:`STALE_AFTER` (``now``: the
    clock, injectable)."""
    return job.state in RUNNING and (now or utcnow()) - as_utc(job.updated_at) > STALE_AFTER


def start(job_id: int, raw: bytes, app: Flask | None = None) -> threading.Thread:
    """Run job ``job_id`` on ``raw`` in a new thread of this process (within ``app``'s context,
    the current app's by default); the thread is returned, already started."""
    flask_app: Flask = app or current_app._get_current_object()  # type: ignore[attr-defined]
    thread = threading.Thread(target=_in_context, args=(flask_app, job_id, raw), name=f"import-{job_id}")
    thread.daemon = True  # an import cut short by the end of the process stored nothing
    thread.start()
    return thread


def _in_context(app: Flask, job_id: int, raw: bytes) -> None:
    with app.app_context():
        try:
            run(job_id, raw)
        finally:
            db.session.remove()


def run(job_id: int, raw: bytes) -> None:
    """Check ``raw``, then store its matches, writing the job's progress and outcome as it goes.
    Never raises for a bad file (its problems are the job's outcome) nor for a failed store (the
    job fails, the error goes to the log)."""
    job = db.session.get(ImportJob, job_id)
    if job is None:
        return
    club_id = job.club_id
    db.session.rollback()  # nothing held open while the file is checked
    try:
        imported = read_export(raw, lambda checked, total: _note(job_id, checked=checked, total=total))
    except ImportRejected as rejected:
        _note(job_id, state="failed", problems=problems_json(rejected.problems), truncated=rejected.truncated)
        return
    count = len(imported.matches)
    _note(job_id, state="storing", checked=count, total=count)
    try:
        stored = transfer.store_matches(club_id, imported.matches, imported.exported_at)
    except Exception:  # the database failed: rolled back whole; said on the page, logged here
        current_app.logger.exception("import job %s failed", job_id)
        _note(job_id, state="failed")
        return
    _note(job_id, state="done", imported=len(stored), skipped=count - len(stored))


def _note(job_id: int, **values: Any) -> None:
    """Write ``values`` into the job's row, in a transaction of its own."""
    with transaction():
        db.session.execute(
            update(ImportJob).where(ImportJob.id == job_id).values(updated_at=utcnow(), **values)
        )


def running_job(club_id: int) -> ImportJob | None:
    """The account's latest job if it is still running (not finished, not interrupted)."""
    job = db.session.scalar(
        select(ImportJob).where(ImportJob.club_id == club_id).order_by(ImportJob.id.desc()).limit(1)
    )
    return job if job is not None and job.state in RUNNING and not interrupted(job) else None
