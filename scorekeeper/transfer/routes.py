"""Export (CSV, ``.xlsx``, JSON) of one match or the whole history, and import of a JSON export.

Exports are the owner's only: another account's match answers 404. An import is checked in full by
the rules before anything is stored, then stored in one transaction: all its matches or none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from babel.numbers import get_decimal_symbol
from flask import current_app, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from flask_login import login_required
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from .. import single_use, vocabulary
from ..access import current_club, require
from ..i18n import translated_errors
from ..loaders import owned_or_404
from ..models import ImportJob, utcnow
from ..services import MatchView, get_match, imports, transfer, transfer_reads, view
from ..services.export_formats import (
    MAX_BYTES,
    Habits,
    ImportRejected,
    export_csv,
    export_json,
    export_xlsx,
    problems_from_json,
    read_export,
    render_problems,
)
from ..services.match_reads import HistoryFilters, count_matches
from ..timezones import reader_zone
from ..vocabulary import number
from .blueprint import bp
from .forms import ImportForm

UNPROCESSABLE: Final = 422
TOO_LARGE: Final = 413
#: The whole upload (the file and the form around it); past this the request is not even read.
UPLOAD_LIMIT: Final = MAX_BYTES + 256 * 1024
#: Files larger than this (about 250 matches) are imported in the background (config
#: ``IMPORT_BACKGROUND_BYTES``): the page answers at once and shows the job's progress.
BACKGROUND_BYTES: Final = 256 * 1024
SEE_OTHER: Final = 303
CSV_TYPE: Final = "text/csv; charset=utf-8"
JSON_TYPE: Final = "application/json; charset=utf-8"
XLSX_TYPE: Final = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@bp.url_value_preprocessor
def _limit_upload(endpoint: str | None, _values: dict[str, Any] | None) -> None:
    """Cap the import's request size before anything (the CSRF check included) reads the body."""
    if endpoint == "transfer.index":
        request.max_content_length = UPLOAD_LIMIT


def _download(body: str | bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, content_type=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _history() -> list[MatchView]:
    return [view(match) for match in transfer_reads.owned_matches(current_club().id)]


def _stamp() -> str:
    return utcnow().strftime("%Y-%m-%d")


def _habits() -> Habits:
    """The reader's habits: their language's decimal symbol and words, their time zone."""
    zone = reader_zone()
    return Habits(
        decimal=get_decimal_symbol(get_locale()),
        zone=zone.info,
        zone_name=zone.name,
        translate=_,
        ruleset_name=vocabulary.ruleset_name,
        going_out_name=vocabulary.going_out_name,
    )


def _csv(views: Sequence[MatchView], filename: str) -> Response:
    return _download(export_csv(views, habits=_habits()), CSV_TYPE, filename)


def _xlsx(views: Sequence[MatchView], filename: str) -> Response:
    return _download(export_xlsx(views, _habits(), sheet=_("Hands")), XLSX_TYPE, filename)


def _json(views: Sequence[MatchView], filename: str) -> Response:
    return _download(export_json(views, utcnow()), JSON_TYPE, filename)


@bp.get("/matches/<int:match_id>/export.csv")
@login_required
def match_csv(match_id: int) -> Response:
    return _csv([view(owned_or_404(get_match, match_id))], f"scorekeeper-match-{match_id}.csv")


@bp.get("/matches/<int:match_id>/export.xlsx")
@login_required
def match_xlsx(match_id: int) -> Response:
    return _xlsx([view(owned_or_404(get_match, match_id))], f"scorekeeper-match-{match_id}.xlsx")


@bp.get("/matches/<int:match_id>/export.json")
@login_required
def match_backup(match_id: int) -> Response:
    """The match as a JSON export: the backup an import reads back (CSV and .xlsx are for reading)."""
    return _json([view(owned_or_404(get_match, match_id))], f"scorekeeper-match-{match_id}.json")


@bp.get("/export/history.csv")
@login_required
def history_csv() -> Response:
    return _csv(_history(), f"scorekeeper-history-{_stamp()}.csv")


@bp.get("/export/history.xlsx")
@login_required
def history_xlsx() -> Response:
    return _xlsx(_history(), f"scorekeeper-history-{_stamp()}.xlsx")


@bp.get("/export/history.json")
@login_required
def history_json() -> Response:
    return _json(_history(), f"scorekeeper-history-{_stamp()}.json")


def _render(form: ImportForm, status: int = 200, truncated: bool = False) -> tuple[str, int]:
    page = render_template(
        "transfer/index.html",
        form=form,
        count=count_matches(current_club().id, HistoryFilters()),
        running=imports.running_job(current_club().id),
        truncated=truncated,
        max_mb=MAX_BYTES // (1024 * 1024),
    )
    return page, status


def _too_large_message() -> str:
    return _("The file is larger than {maximum} MB.").format(maximum=MAX_BYTES // (1024 * 1024))


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge) -> tuple[str, int]:
    """An upload far past the limit: the page again, with the message at the file field. The body is
    never read, so the forms of the page (this one, the header's log-out) see an empty one."""
    request.form = ImmutableMultiDict()
    request.files = ImmutableMultiDict()
    require()  # (refused before the route's own check ran: its club is read now)
    form = ImportForm(formdata=None)
    form.file.errors = [_too_large_message()]
    return _render(form, TOO_LARGE)


@bp.route("/transfer", methods=["GET", "POST"])
@login_required
def index() -> Any:
    """Export links and the import form."""
    form = ImportForm()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)  # the same form again (a double tap, Back): imported already
    if not valid:
        return _render(form, UNPROCESSABLE if form.is_submitted() else 200)
    raw = form.file.data.read(MAX_BYTES + 1)
    if current_app.config.get("IMPORT_BACKGROUND_BYTES", BACKGROUND_BYTES) < len(raw) <= MAX_BYTES:
        job = imports.new_job(current_club().id)
        imports.start(job.id, raw)
        return redirect(url_for("transfer.job", job_id=job.id), SEE_OTHER)
    try:
        imported = read_export(raw)
        with single_use.claim("import", lambda _made: url_for("matches.index")):
            stored = transfer.store_matches(current_club().id, imported.matches, imported.exported_at)
    except ImportRejected as rejected:
        form.file.errors = [_nothing_imported(), *render_problems(rejected.problems, translated_errors, _)]
        return _render(form, UNPROCESSABLE, rejected.truncated)
    flash(ngettext("Imported %(num)d match.", "Imported %(num)d matches.", len(stored)), "success")
    skipped = len(imported.matches) - len(stored)
    if skipped:
        flash(
            ngettext(
                "Skipped %(num)d match already in your history.",
                "Skipped %(num)d matches already in your history.",
                skipped,
            ),
            "info",
        )
    return redirect(url_for("matches.index"))


def _nothing_imported() -> str:
    return _("Nothing was imported. Fix the file, or export it again, and try once more.")


def _job_status(job: ImportJob) -> dict[str, Any]:
    """What the progress page shows of ``job`` (also its JSON, polled by import_progress.js)."""
    state = "failed" if imports.interrupted(job) else job.state
    if state == "checking" and not job.total:
        text = _("Reading the file…")
    elif state == "checking":
        text = ngettext(
            "Checked %(checked)s of %(count)s match.",
            "Checked %(checked)s of %(count)s matches.",
            job.total,
            checked=number(job.checked),
            count=number(job.total),
        )
    elif state == "storing":
        text = ngettext(
            "Storing %(count)s match…", "Storing %(count)s matches…", job.total, count=number(job.total)
        )
    else:
        text = ""
    return {"state": state, "checked": job.checked, "total": job.total, "text": text}


@bp.get("/transfer/imports/<int:job_id>")
@login_required
def job(job_id: int) -> Any:
    """A background import: its progress while it runs (the page polls its JSON), then its outcome."""
    found = owned_or_404(imports.get_job, job_id)
    status = _job_status(found)
    if request.args.get("format") == "json":
        response = jsonify(status)
    else:
        problems = render_problems(problems_from_json(found.problems or []), translated_errors, _)
        response = current_app.make_response(
            render_template("transfer/job.html", job=found, status=status, problems=problems)
        )
    response.headers["Cache-Control"] = "private, no-store"
    return response
