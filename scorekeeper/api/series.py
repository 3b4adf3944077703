"""Series of club nights in the API (issue 21, item 3): ``/series`` (list, create), ``/series/ID``
(the standings), ``/series/ID/events`` (POST ``{"event": ID}`` puts an event in the series) and
``/series/ID/events/EVENT_ID`` (DELETE takes it out). The rules live in :mod:`scorekeeper.services.series`."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, url_for

from ..access import current_club
from ..models import Series
from ..rules import N_, FieldError, ValidationError
from ..services import NotFound
from ..services import series as service
from .blueprint import bp
from .routes import json_body, token_required


def series_json(series: Series) -> dict[str, Any]:
    return {"id": series.id, "name": series.name, "best": series.best, "minimum": series.minimum}


def table_json(table: service.SeriesTable) -> dict[str, Any]:
    return {
        **series_json(table.series),
        "nights": [
            {"event": n.event_id, "name": n.name, "held_on": n.held_on.isoformat(), "entries": n.entries}
            for n in table.nights
        ],
        "pending": table.pending,
        "standings": [
            {
                "rank": s.rank,
                "player": s.key,
                "total": s.total,
                "nights": s.nights,
                "points": list(s.points),
                "counted": list(s.counted),
                "rating": table.ratings.get(s.key),
            }
            for s in table.standings
        ],
    }


@bp.get("/series")
@token_required
def list_series() -> Response:
    return jsonify([series_json(s) for s in service.list_series(current_club().id)])


@bp.post("/series")
@token_required
def create_series() -> tuple[Response, int, dict[str, str]]:
    """201 with the new series; 200 with the one of that name, made before with the same settings
    (the name is the key: a double tap makes one)."""
    series, made = service.create_series(current_club().id, json_body())
    location = url_for(".series", series_id=series.id)
    return jsonify(table_json(service.series_table(series))), 201 if made else 200, {"Location": location}


@bp.get("/series/<int:series_id>")
@token_required
def series(series_id: int) -> Response:
    return jsonify(table_json(service.series_table(service.get_series(current_club().id, series_id))))


@bp.post("/series/<int:series_id>/events")
@token_required
def include_event(series_id: int) -> Response:
    """``{"event": ID}``: count the account's event as a night of the series (again: no change)."""
    series = service.get_series(current_club().id, series_id)
    event_id = service.event_id_of(json_body())
    try:
        service.set_event_series(series, event_id, included=True)
    except NotFound:  # the series is there: the body names an event the account does not have
        raise ValidationError([FieldError("event", N_("No such event."))]) from None
    return current_app.response_class(status=204)


@bp.delete("/series/<int:series_id>/events/<int:event_id>")
@token_required
def exclude_event(series_id: int, event_id: int) -> Response:
    service.set_event_series(service.get_series(current_club().id, series_id), event_id, included=False)
    return current_app.response_class(status=204)
