"""The organiser's series forms (issue 21): a new series (its name, the best N nights that count,
the minimum of nights to be ranked), and on the event's console the series the night counts in
(put in one, or taken out). Both go through :mod:`scorekeeper.services.series`; both carry a
single-use key (:mod:`scorekeeper.single_use`), so a double tap or Back then submit changes nothing
twice, and the CSRF token; a mistake is shown next to its field with the values kept."""

from __future__ import annotations

from typing import Any, Final

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import login_required
from werkzeug.wrappers import Response

from .. import single_use
from ..access import current_club
from ..i18n import translated_errors
from ..models import Event
from ..rules import ValidationError
from ..services import MAX_ID, NotFound, event_reads
from ..services import series as series_service
from .blueprint import bp
from .forms import EventSeriesForm, SeriesForm

UNPROCESSABLE: Final = 422
#: The select's value for "in no series".
NO_SERIES: Final = ""


def event_series_form(event: Event, form: EventSeriesForm | None = None) -> EventSeriesForm:
    """The console's series form of ``event``: the account's series to choose from (one statement)."""
    form = form or EventSeriesForm(series=str(event.series_id) if event.series_id else NO_SERIES)
    form.series.choices = [(NO_SERIES, str(_l("None")))] + [
        (str(s.id), s.name) for s in series_service.list_series(event.club_id)
    ]
    return form


def _place_errors(
    form: Any, error: ValidationError, fields: dict[str, Any], only: set[str] | None = None
) -> None:
    for path, messages in translated_errors(error).items():
        key = path.split(".")[0]
        if only is not None and key not in only:
            continue
        target = fields.get(key, fields["_"])
        target.errors = [*target.errors, *messages]


def _render_new(form: SeriesForm, event_id: int | None, status: int = 200) -> Response:
    response = make_response(render_template("events/series_new.html", form=form, event_id=event_id), status)
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _event_arg() -> int | None:
    """The event whose console asked for a new series (``?event=ID``): back there once made."""
    raw = request.args.get("event", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 10 and 1 <= int(raw) <= MAX_ID):
        return None
    try:
        return int(event_reads.get_event(current_club().id, int(raw)).id)
    except NotFound:
        return None


@bp.route("/events/series/new", methods=["GET", "POST"])
@login_required
def new_series() -> Any:
    """A new series; made once (a repeat of the form shows what the first one made)."""
    event_id = _event_arg()
    form = SeriesForm()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)
    name = (form.name.data or "").strip()
    data: dict[str, Any] = {"name": name, "best": form.best.as_int(), "minimum": form.minimum.as_int()}
    if data["minimum"] is None and not form.minimum.text():
        del data["minimum"]  # left blank: the service's default (1)
    if not valid:
        if form.is_submitted():  # every field's mistake at once: the service's checks of the others
            try:
                series_service.check_series(data)
            except ValidationError as error:
                fields = {"name": form.name, "best": form.best, "minimum": form.minimum}
                unsaid = {path: f for path, f in fields.items() if not f.errors}
                _place_errors(form, error, {**unsaid, "_": form.name}, only=set(unsaid))
        return _render_new(form, event_id, UNPROCESSABLE if form.is_submitted() else 200)

    def made(_matches: Any) -> str:
        if event_id is not None:
            return url_for("events.show", event_id=event_id) + "#event-series"
        found = next((s.id for s in series_service.list_series(current_club().id) if s.name == name), None)
        if found is None:
            return url_for("players.series_index")
        return url_for("players.series_page", series_id=found)

    try:
        with single_use.claim("series", made):
            series, _new = series_service.create_series(current_club().id, data)
    except ValidationError as error:
        _place_errors(
            form, error, {"name": form.name, "best": form.best, "minimum": form.minimum, "_": form.name}
        )
        return _render_new(form, event_id, UNPROCESSABLE)
    flash(_("The series %(name)s is ready.", name=series.name), "success")
    return redirect(made(()))


def _render_event_series(event: Event, form: EventSeriesForm) -> Response:
    """The console's series form alone, its mistake next to the select (the choice kept)."""
    page = render_template("events/event_series.html", event=event, series_form=form)
    response = make_response(page, UNPROCESSABLE)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.post("/events/<int:event_id>/series")
@login_required
def event_series(event_id: int) -> Any:
    """Put the event in one of the account's series, or take it out (``series`` empty)."""
    if not 1 <= event_id <= MAX_ID:
        abort(404)
    try:
        event = event_reads.get_event(current_club().id, event_id)
    except NotFound:
        abort(404)
    form = event_series_form(event, EventSeriesForm())
    if not form.validate_on_submit():
        if form.csrf_token.errors:
            flash(_("The form has expired; please try again."), "error")
            return redirect(url_for("events.show", event_id=event_id) + "#event-series")
        return _render_event_series(event, form)
    single_use.check(form)
    raw = form.series.data or NO_SERIES
    try:
        if raw == NO_SERIES:
            chosen = None
        elif raw.isascii() and raw.isdigit() and len(raw) <= 10:
            chosen = series_service.get_series(current_club().id, int(raw))
        else:
            raise NotFound(raw)
    except NotFound:
        form.series.errors = [*form.series.errors, _("Choose one of your series.")]
        return _render_event_series(event, form)
    back = url_for("events.show", event_id=event_id) + "#event-series"
    with single_use.claim("event_series", lambda _made: back):
        if chosen is not None:
            series_service.set_event_series(chosen, event.id, True)
        elif event.series_id is not None:
            current = series_service.get_series(current_club().id, event.series_id)
            series_service.set_event_series(current, event.id, False)
    if chosen is not None:
        flash(_("The night counts in the series %(name)s.", name=chosen.name), "success")
    else:
        flash(_("The night counts in no series."), "success")
    return redirect(back)


def series_panel(event: Event) -> dict[str, Any]:
    """The console's series section: the form and the series the night counts in."""
    return {"series_form": event_series_form(event)}
