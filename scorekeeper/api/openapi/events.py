"""The OpenAPI document's club-night operations and schemas (API.md, "Club nights" and "Table
links"), with the limits :mod:`scorekeeper.services.events` enforces."""

from __future__ import annotations

from typing import Any, Final

from ...keys import MAX_KEY
from ...rules import RULESET_IDS
from ...rules.match_setup import MAX_NAME, MAX_TARGET, MIN_TARGET
from ...services import MAX_ID
from ...services.events import (
    FORMATS,
    MAX_ENTRIES,
    MAX_EVENT_NAME,
    MAX_GAME_HANDS,
    MAX_GAME_MINUTES,
    MAX_MATCH_POINTS,
    MIN_ENTRIES,
)
from .schemas import hand_input_schema, integer, name_pattern, ref

Answers = Any
TABLE_SECURITY: Final[list[dict[str, list[str]]]] = [{"tableToken": []}]


def _key_header(what: str) -> dict[str, Any]:
    return {
        "name": "Idempotency-Key",
        "in": "header",
        "required": False,
        "description": f"The same key and body again (same account) answers {what} again and creates "
        "nothing more; with another body, 422 at Idempotency-Key.",
        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY, "pattern": "^[\\u0020-\\u007e]+$"},
    }


def event_paths(answers: Any, path_int: Any, body: Any) -> dict[str, Any]:
    """The paths; ``answers``, ``path_int`` and ``body`` are :mod:`.paths`' builders."""
    event_id = path_int("event_id", "The event's id.")
    round_number = path_int("number", "The round's number (1 for the first).")
    table_number = path_int("number", "The table's number (1 to the most tables a round can have).")
    entry_id = path_int("entry_id", "The entry's id.")
    conflict_seat = "The current round is not closed, the event has had all its rounds, or it is finished."
    return {
        "/events": {
            "get": {
                "operationId": "listEvents",
                "summary": "The account's events, newest first.",
                "responses": answers({200: ("The events.", {"type": "array", "items": ref("Event")}, None)}),
            },
            "post": {
                "operationId": "createEvent",
                "summary": "A new club night or tournament.",
                "parameters": [_key_header("the event")],
                "requestBody": body("NewEvent"),
                "responses": answers(
                    {201: ("The event.", ref("Event"), None)},
                    422,
                    links={
                        operation: {
                            "operationId": operation,
                            "parameters": {"event_id": "$response.body#/id"},
                        }
                        for operation in (
                            "getEvent",
                            "seatRound",
                            "addEntry",
                            "finishEvent",
                            "createTableLink",
                            "revokeTableLink",
                        )
                    },
                ),
            },
        },
        "/events/{event_id}": {
            "get": {
                "operationId": "getEvent",
                "summary": "The event with its entries, rounds, tables and standings.",
                "parameters": [event_id],
                "responses": answers({200: ("The event.", ref("Event"), None)}, 404),
            }
        },
        "/events/{event_id}/rounds": {
            "post": {
                "operationId": "seatRound",
                "summary": "Seat the next round (no body or {}: the proposal; else the tables by hand).",
                "parameters": [event_id, _key_header("the round")],
                "requestBody": {
                    "required": False,
                    "content": {"application/json": {"schema": ref("ManualSeating")}},
                },
                "responses": answers(
                    {201: ("The round.", ref("Round"), None)},
                    404,
                    409,
                    422,
                    c409=conflict_seat,
                    links={
                        "closeRound": {
                            "operationId": "closeRound",
                            "parameters": {
                                "event_id": "$request.path.event_id",
                                "number": "$response.body#/number",
                            },
                        }
                    },
                ),
            }
        },
        "/events/{event_id}/rounds/{number}/close": {
            "post": {
                "operationId": "closeRound",
                "summary": "Close the round: unfinished games are settled as they stand; byes credited.",
                "parameters": [event_id, round_number],
                "responses": answers(
                    {200: ("The round.", ref("Round"), None)},
                    404,
                    409,
                    422,
                    c409="Another device changed one of its games at the same moment.",
                ),
            }
        },
        "/events/{event_id}/entries": {
            "post": {
                "operationId": "addEntry",
                "summary": "Add an entry (swiss and individual at any time, others before round 1).",
                "parameters": [event_id],
                "requestBody": body("NewEntry"),
                "responses": answers(
                    {201: ("The entry.", ref("Entry"), None)},
                    404,
                    409,
                    422,
                    c409="The format's entries are fixed once round 1 is seated, or the event is finished.",
                ),
            }
        },
        "/events/{event_id}/entries/{entry_id}": {
            "patch": {
                "operationId": "setPresent",
                "summary": "Mark an entry absent from the rounds seated from now on, or back.",
                "parameters": [event_id, entry_id],
                "requestBody": body("Presence"),
                "responses": answers({200: ("The entry.", ref("Entry"), None)}, 404, 422),
            }
        },
        "/events/{event_id}/finish": {
            "post": {
                "operationId": "finishEvent",
                "summary": "End the event (its table links stop working).",
                "parameters": [event_id],
                "responses": answers(
                    {200: ("The event.", ref("Event"), None)}, 404, 409, 422, c409="A round is open."
                ),
            }
        },
        "/events/{event_id}/tables/{number}/link": {
            "post": {
                "operationId": "createTableLink",
                "summary": "A new link for the table (the previous one stops working); its token shown once.",
                "parameters": [event_id, table_number],
                "responses": answers(
                    {201: ("The link.", ref("TableLink"), None)}, 404, 409, 422, c409="The event is finished."
                ),
            },
            "delete": {
                "operationId": "revokeTableLink",
                "summary": "Revoke the table's link.",
                "parameters": [event_id, table_number],
                "responses": answers({204: ("Revoked.", None, None)}, 404),
            },
        },
        "/table": {
            "get": {
                "operationId": "getTable",
                "summary": "With a table token: the table's game in the latest seated round.",
                "security": TABLE_SECURITY,
                "responses": answers({200: ("The table.", ref("Table"), None)}),
            }
        },
        "/table/hands": {
            "post": {
                "operationId": "addTableHand",
                "summary": "With a table token: the next hand of the table's current game (as POST "
                "/matches/ID/hands; match names the game the phone had).",
                "security": TABLE_SECURITY,
                "parameters": [_key_header("what the first request answered")],
                "requestBody": body("TableHandInput"),
                "responses": answers(
                    {201: ("The hand and the match after it.", ref("HandAndMatch"), None)},
                    409,
                    422,
                    c409="No game at the table now, another game than the current one, its round is closed, "
                    "the hand number is taken, or the game is finished.",
                ),
            }
        },
        "/table/confirm": {
            "post": {
                "operationId": "confirmTable",
                "summary": "With a table token: a side agrees with the finished game's result.",
                "security": TABLE_SECURITY,
                "requestBody": body("Confirmation"),
                "responses": answers(
                    {200: ("The table's confirmations.", ref("Confirmed"), None)},
                    409,
                    422,
                    c409="No game at the table now, or it is not finished.",
                ),
            }
        },
    }


def _name(maximum: int = MAX_NAME) -> dict[str, Any]:
    return {"type": "string", "pattern": name_pattern(maximum)}


def _ids(**extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": integer(1, MAX_ID), **extra}


def event_schemas() -> dict[str, Any]:
    entry_in = {
        "type": "object",
        "required": ["players"],
        "additionalProperties": False,
        "properties": {
            "name": _name(),
            "players": {"type": "array", "minItems": 1, "maxItems": 2, "items": _name()},
        },
    }
    points = integer(0, MAX_MATCH_POINTS)
    hand_in = hand_input_schema()
    table_hand = {
        **hand_in,
        "properties": {**hand_in["properties"], "match": integer(1, MAX_ID)},
    }
    summary_properties: dict[str, Any] = {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "held_on": {"type": ["string", "null"]},
        "ruleset": {"type": "string", "enum": list(RULESET_IDS)},
        "format": {"type": "string", "enum": list(FORMATS)},
        "finished": {"type": "boolean"},
        "target": {"type": "integer"},
        "house_rules": {"type": "object"},
        "game": {"type": "object"},
        "points": {"type": "object"},
        "round_count": {"type": "integer"},
    }
    return {
        "NewEvent": {
            "type": "object",
            "required": ["name", "ruleset", "format", "entries"],
            "additionalProperties": False,
            "properties": {
                "name": _name(MAX_EVENT_NAME),
                "held_on": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
                "ruleset": {"type": "string", "enum": list(RULESET_IDS)},
                "house_rules": ref("HouseRules"),
                "target": integer(MIN_TARGET, MAX_TARGET),
                "format": {"type": "string", "enum": list(FORMATS)},
                "rounds": integer(1, MAX_ENTRIES, description="At most what the format allows (else 422)."),
                "game": {
                    "type": "object",
                    "additionalProperties": False,
                    "maxProperties": 1,
                    "properties": {
                        "hands": integer(1, MAX_GAME_HANDS),
                        "minutes": integer(1, MAX_GAME_MINUTES),
                    },
                },
                "points": {
                    "type": ["object", "null"],
                    "additionalProperties": False,
                    "properties": {k: points for k in ("win", "draw", "loss", "bye")},
                },
                "entries": {
                    "type": "array",
                    "minItems": MIN_ENTRIES,
                    "maxItems": MAX_ENTRIES,
                    "description": "All of one size; distinct names, no player twice; individual: 4 or more "
                    "single players (else 422 at entries.N).",
                    "items": entry_in,
                },
            },
        },
        "NewEntry": entry_in,
        "Presence": {
            "type": "object",
            "required": ["present"],
            "additionalProperties": False,
            "properties": {"present": {"type": "boolean"}},
        },
        "ManualSeating": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["sides"],
                        "additionalProperties": False,
                        "properties": {
                            "sides": {
                                "type": "array",
                                "minItems": 2,
                                "maxItems": 2,
                                "items": _ids(minItems=1),
                            }
                        },
                    },
                },
                "byes": _ids(),
            },
        },
        "Confirmation": {
            "type": "object",
            "required": ["side"],
            "additionalProperties": False,
            "properties": {"side": integer(0, 1)},
        },
        "TableHandInput": table_hand,
        "Entry": {
            "type": "object",
            "required": ["id", "name", "players", "present"],
            "properties": {
                "id": {"type": "integer"},
                "name": {"type": "string"},
                "players": {"type": "array", "items": {"type": "string"}},
                "present": {"type": "boolean"},
            },
        },
        "Round": {
            "type": "object",
            "required": ["number", "closed", "tables", "byes"],
            "properties": {
                "number": {"type": "integer"},
                "closed": {"type": "boolean"},
                "seated_at": {"type": "string"},
                "closed_at": {"type": ["string", "null"]},
                "byes": {"type": "array", "items": {"type": "integer"}},
                "tables": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["number", "match", "sides", "finished", "confirmed"],
                        "properties": {
                            "number": {"type": "integer"},
                            "match": {"type": "integer"},
                            "sides": {
                                "type": "array",
                                "items": {"type": "array", "items": {"type": "integer"}},
                            },
                            "finished": {"type": "boolean"},
                            "confirmed": {"type": "array", "items": {"type": "boolean"}},
                            "hands": {"type": "integer"},
                            "totals": {"type": "array", "items": {"type": "integer"}},
                        },
                    },
                },
            },
        },
        "Standing": {
            "type": "object",
            "required": [
                "rank",
                "entry",
                "played",
                "won",
                "drawn",
                "lost",
                "byes",
                "match_points",
                "points_for",
                "points_against",
                "difference",
            ],
            "properties": {
                **{
                    k: {"type": "integer"}
                    for k in (
                        "rank",
                        "entry",
                        "played",
                        "won",
                        "drawn",
                        "lost",
                        "byes",
                        "points_for",
                        "points_against",
                        "difference",
                    )
                },
                "match_points": {"type": "number"},
            },
        },
        "EventSummary": {
            "type": "object",
            "required": ["id", "name", "finished"],
            "properties": summary_properties,
        },
        "Event": {
            "type": "object",
            "required": ["id", "name", "ruleset", "format", "finished", "entries", "rounds", "standings"],
            "properties": {
                **summary_properties,
                "entries": {"type": "array", "items": ref("Entry")},
                "rounds": {"type": "array", "items": ref("Round")},
                "standings": {"type": "array", "items": ref("Standing")},
            },
        },
        "TableLink": {
            "type": "object",
            "required": ["table", "url", "token"],
            "properties": {
                "table": {"type": "integer"},
                "url": {"type": "string"},
                "token": {"type": "string"},
            },
        },
        "Table": {
            "type": "object",
            "required": ["event", "round", "table", "match"],
            "properties": {
                "event": {"type": "integer"},
                "round": {"type": ["integer", "null"]},
                "table": {"type": "integer"},
                "match": {"anyOf": [ref("Match"), {"type": "null"}]},
            },
        },
        "Confirmed": {
            "type": "object",
            "required": ["confirmed"],
            "properties": {
                "event": {"type": "integer"},
                "table": {"type": "integer"},
                "confirmed": {"type": "array", "items": {"type": "boolean"}},
            },
        },
    }
