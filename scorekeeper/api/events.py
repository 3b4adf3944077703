"""Club nights in the API (API.md, "Club nights: events, rounds, tables" and "Table links").

The organiser's routes take the account's bearer token; ``/table`` and its sub-routes take a table
token (:func:`table_token_required`), which opens nothing else (every other route looks the token up
among the accounts' API tokens and answers 401) and which no account token opens. The rules live in
:mod:`scorekeeper.services.events`; here the request is read and the answer rendered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Response, current_app, g, jsonify, request, url_for
from werkzeug.routing import BuildError

from ..access import current_club, table_club
from ..keys import is_valid_key
from ..models import Entry, Event, EventRound
from ..public_urls import external_url, tables_base
from ..rules import N_, FieldError, ValidationError
from ..rules.house_rules import is_whole_number
from ..services import club_reads, view
from ..services import event_reads as reads
from ..services import events as service
from ..services.errors import MAX_ID
from ..services.submission_keys import KEY_FIELD
from .blueprint import bp
from .errors import message
from .idempotency import key_from_header
from .routes import json_body, token_required
from .serialize import hand_created, match_resource

F = TypeVar("F", bound=Callable[..., Any])


# --- Shapes ------------------------------------------------------------------------------------------


def entry_json(entry: Entry) -> dict[str, Any]:
    return {"id": entry.id, "name": entry.name, "players": list(entry.players), "present": entry.present}


def round_json(seated: EventRound) -> dict[str, Any]:
    return {
        "number": seated.number,
        "closed": seated.closed,
        "seated_at": seated.seated_at.isoformat(),
        "closed_at": seated.closed_at.isoformat() if seated.closed_at else None,
        "tables": [
            {
                "number": t.number,
                "match": t.match_id,
                "sides": [list(side) for side in t.sides],
                "finished": t.match.finished,
                "confirmed": list(t.confirmed),
                "hands": t.match.hand_count,
                "totals": list(t.match.totals or [0, 0]),
            }
            for t in seated.tables
        ],
        "byes": list(seated.byes),
    }


def event_summary(event: Event) -> dict[str, Any]:
    return {
        "id": event.id,
        "name": event.name,
        "held_on": event.held_on.isoformat() if event.held_on else None,
        "ruleset": event.ruleset,
        "format": event.format,
        "finished": event.finished,
        "target": event.target,
        "house_rules": dict(event.house_rules),
        "game": dict(event.game),
        "points": dict(event.points),
        "round_count": event.rounds,
    }


def event_json(event: Event) -> dict[str, Any]:
    return {
        **event_summary(event),
        "entries": [entry_json(e) for e in event.entries],
        "rounds": [round_json(r) for r in event.event_rounds],
        "standings": [s.as_json() for s in reads.event_standings(event)],
    }


# --- Reading requests -----------------------------------------------------------------------------


def _request_key(data: Any) -> service.RequestKey | None:
    """The request's ``Idempotency-Key`` for a create. :raise ValidationError: a malformed key."""
    key = request.headers.get(KEY_FIELD)
    if key is None:
        return None
    if not is_valid_key(key):
        raise ValidationError(
            [FieldError(KEY_FIELD, "Must be 1 to 100 printable characters (ASCII, spaces allowed).")]
        )
    return service.RequestKey(key, service.request_digest([request.path, data]))


def _optional_body() -> Any:
    """The body, or ``None`` when there is none."""
    return json_body() if request.get_data(cache=True) else None


def _event(event_id: int) -> Event:
    return reads.get_event(current_club().id, event_id)


# --- The organiser's routes -------------------------------------------------------------------------


@bp.get("/events")
@token_required
def events() -> Response:
    return jsonify([event_json(e) for e in reads.list_events(current_club().id, whole=True)])


@bp.post("/events")
@token_required
def new_event() -> tuple[Response, int, dict[str, str]]:
    data = json_body()
    event = service.create_event(current_club().id, data, _request_key(data))
    event = reads.get_event(current_club().id, event.id)
    return jsonify(event_json(event)), 201, {"Location": url_for(".event", event_id=event.id)}


@bp.get("/events/<int:event_id>")
@token_required
def event(event_id: int) -> Response:
    return jsonify(event_json(_event(event_id)))


@bp.post("/events/<int:event_id>/rounds")
@token_required
def seat_round(event_id: int) -> tuple[Response, int]:
    stored = _event(event_id)
    data = _optional_body()
    seated = service.seat_round(stored, data, _request_key(data))
    return jsonify(round_json(seated)), 201


@bp.post("/events/<int:event_id>/rounds/<int:number>/close")
@token_required
def close_round(event_id: int, number: int) -> Response:
    return jsonify(round_json(service.close_round(_event(event_id), number)))


@bp.post("/events/<int:event_id>/entries")
@token_required
def new_entry(event_id: int) -> tuple[Response, int]:
    stored = _event(event_id)
    return jsonify(entry_json(service.add_entry(stored, json_body()))), 201


@bp.patch("/events/<int:event_id>/entries/<int:entry_id>")
@token_required
def change_entry(event_id: int, entry_id: int) -> Response:
    stored = _event(event_id)
    data = json_body()
    if not isinstance(data, Mapping) or set(data) != {"present"} or not isinstance(data["present"], bool):
        errors = [FieldError("present", N_("Must be true or false."))]
        if isinstance(data, Mapping):
            errors += [
                FieldError(str(k), N_("Unknown field.")) for k in sorted(set(data) - {"present"}, key=str)
            ]
        raise ValidationError(errors)
    return jsonify(entry_json(service.set_present(stored, entry_id, data["present"])))


@bp.post("/events/<int:event_id>/finish")
@token_required
def finish_event(event_id: int) -> Response:
    return jsonify(event_json(service.finish_event(_event(event_id))))


def table_url(token: str) -> str:
    """The table's page (h-tables' ``/t/<token>``), absolute."""
    try:
        return external_url("tables.page", token=token)
    except BuildError:  # the pages are not registered in this app: the path they will have
        return f"{tables_base()}/t/{token}"


@bp.post("/events/<int:event_id>/tables/<int:number>/link")
@token_required
def new_table_link(event_id: int, number: int) -> tuple[Response, int]:
    link, token = service.create_table_link(_event(event_id), number)
    return jsonify({"table": link.table, "url": table_url(token), "token": token}), 201


@bp.delete("/events/<int:event_id>/tables/<int:number>/link")
@token_required
def revoke_table_link(event_id: int, number: int) -> Response:
    service.revoke_table_link(_event(event_id), number)
    return current_app.response_class(status=204)


# --- The table's routes (a table token) ---------------------------------------------------------


def table_token_required(view_function: F) -> F:
    """Let the request through only with an active table token: its table is ``g.table``, and
    ``g.api_user`` the organiser (whose matches the table's games are: a replayed answer is read
    from that account's keys)."""

    @wraps(view_function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        try:
            if scheme.lower() != "bearer":
                raise service.InvalidTableToken()
            access = service.table_for_token(token.strip())
        except service.InvalidTableToken:
            return message(
                401,
                "A valid table link token is required (Authorization: Bearer TABLE_TOKEN); this one was "
                "revoked, replaced, or its event is over.",
                **{"WWW-Authenticate": 'Bearer realm="scorekeeper-table"'},
            )
        g.table = access
        g.club = table_club(access.event.club_id)
        g.api_user = club_reads.first_owner(access.event.club_id)  # whose keys a replay is read from
        return view_function(*args, **kwargs)

    return cast(F, wrapper)


@bp.get("/table")
@table_token_required
def table() -> Response:
    access: reads.TableAccess = g.table
    return jsonify(
        {
            "event": access.event.id,
            "round": access.round.number if access.round else None,
            "table": access.number,
            "match": match_resource(view(access.match)) if access.match else None,
        }
    )


@bp.post("/table/hands")
@table_token_required
def table_hand() -> Response:
    access: reads.TableAccess = g.table
    data = json_body()
    match_id = None
    if isinstance(data, Mapping) and "match" in data:
        data = dict(data)
        match_id = data.pop("match")
        if not is_whole_number(match_id) or not 1 <= match_id <= MAX_ID:
            raise ValidationError([FieldError("match", "Must be a match id.")])
    if access.match is None:
        service.add_table_hand(access, data, match_id)  # raises the conflict
        raise RuntimeError("a hand was taken for a table without a game")
    key = key_from_header(access.match.id, data)
    result, mv = service.add_table_hand(access, data, match_id, key)
    return hand_created(mv, result.number)


@bp.post("/table/confirm")
@table_token_required
def table_confirm() -> Response:
    data = json_body()
    if not isinstance(data, Mapping) or set(data) != {"side"}:
        raise ValidationError([FieldError("side", N_("Must be 0 or 1."))])
    service.confirm_table(g.table, data["side"])
    access: reads.TableAccess = g.table
    if access.table is None:  # confirm_table refuses a table without a game
        raise RuntimeError("a table without a game was confirmed")
    return jsonify(
        {"event": access.event.id, "table": access.number, "confirmed": list(access.table.confirmed)}
    )
