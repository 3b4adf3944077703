"""The OpenAPI document's operations: each path, its parameters and every answer it may give."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...keys import MAX_KEY
from ...rules import RULESET_IDS
from ...rules.hand import MAX_HANDS
from ...services import MAX_ID, MAX_PAGE
from .clubs import club_paths
from .schemas import integer, ref

ERRORS: Final = {
    400: "The body is not JSON (or not UTF-8, or nested too deep).",
    401: "No valid API token (Authorization: Bearer TOKEN).",
    403: "The caller's role in the club does not allow this (a member reads; a scorer enters hands;"
    " a director runs events and the roster; an owner the club).",
    404: "No such match, hand or club, or one of a club the caller is not in (never 403 then), or no"
    " such rule set.",
    409: "A conflict with what is stored.",
    422: "JSON that breaks a rule, with every message at its field path.",
}


#: Answered by the HTTP server before the app sees the request, so in its own words, not JSON.
URI_TOO_LONG: Final = (
    "The request line (the path and query) is longer than the HTTP server accepts: gunicorn's "
    "limit_request_line, 4,094 bytes unless configured, or the proxy's. Not answered by the app, "
    "so not JSON."
)


def _answers(
    ok: dict[int, Any], *errors: int, links: dict[str, Any] | None = None, **conflict: str
) -> dict[str, Any]:
    """The success answer(s) of ``ok`` (with ``links`` to the operations its ids lead to), 400, 401,
    ``errors`` (``c409=...`` says what a 409 means for this operation) and the server's 414."""
    answers: dict[str, Any] = {}
    for status, (description, schema, headers) in ok.items():
        answer: dict[str, Any] = {"description": description}
        if schema is not None:
            answer["content"] = {"application/json": {"schema": schema}}
        if headers:
            answer["headers"] = headers
        if links:
            answer["links"] = links
        answers[str(status)] = answer
    for status in (400, 401, *dict.fromkeys((403, *errors))):  # any club route may be above the role
        description = conflict.get(f"c{status}", ERRORS[status])
        answers[str(status)] = {
            "description": description,
            "content": {"application/json": {"schema": ref("Errors")}},
        }
    answers["414"] = {"description": URI_TOO_LONG}
    return answers


def _links(parameters: dict[str, str], *operations: str) -> dict[str, Any]:
    """OpenAPI links: the ids of an answer as the parameters of ``operations``."""
    return {operation: {"operationId": operation, "parameters": parameters} for operation in operations}


def _header(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"description": description, "schema": schema or {"type": "string"}}


def _path_int(name: str, description: str, maximum: int = MAX_ID) -> dict[str, Any]:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": integer(1, maximum),
    }


def _body(schema_name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": ref(schema_name)}}}


def paths(event_paths: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """Every operation; ``event_paths`` (:mod:`.events`) adds the club nights' with this module's helpers."""
    match_id = _path_int("match_id", "The match's id.")
    series_id = _path_int("series_id", "The series' id.")
    event_id = _path_int("event_id", "The event's id.")
    number = _path_int("number", "The hand's number (1 for the first).", MAX_HANDS)
    etag = {"ETag": _header("The hand's version.")}
    taken = (
        "The number is taken by another hand, the match is finished, or another device changed "
        "the match at the same moment."
    )
    return {
        **event_paths(_answers, _path_int, _body),
        **club_paths(_answers),
        "/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document.",
                "security": [],
                "responses": {
                    "200": {
                        "description": "OpenAPI 3.1",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    }
                },
            }
        },
        "/rulesets": {
            "get": {
                "operationId": "listRulesets",
                "summary": "Every rule set, with every value and its source.",
                "responses": _answers(
                    {200: ("The rule sets.", {"type": "array", "items": ref("RuleSet")}, None)}
                ),
            }
        },
        "/rulesets/{ruleset_id}": {
            "get": {
                "operationId": "getRuleset",
                "summary": "One rule set.",
                "parameters": [
                    {
                        "name": "ruleset_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "enum": list(RULESET_IDS)},
                    }
                ],
                "responses": _answers({200: ("The rule set.", ref("RuleSet"), None)}, 404),
            }
        },
        "/ratings": {
            "get": {
                "operationId": "listRatings",
                "summary": "The account's rated players, best first (by ordinal, then name).",
                "parameters": [
                    {
                        "name": "ruleset",
                        "in": "query",
                        "required": False,
                        "description": "That rule set's matches alone (every rule set without it).",
                        "schema": {"type": "string", "enum": list(RULESET_IDS)},
                    }
                ],
                "responses": _answers(
                    {200: ("The ratings.", {"type": "array", "items": ref("Rating")}, None)},
                    404,
                    c404="No such rule set.",
                ),
            }
        },
        "/ratings/predict": {
            "post": {
                "operationId": "predictRatings",
                "summary": "Each side's chance to win, by the model, from the account's ratings.",
                "requestBody": _body("PredictionRequest"),
                "responses": _answers(
                    {200: ("The chances, one per side, in the order sent.", ref("Prediction"), None)},
                    422,
                    c422="Not that shape, a name in two sides, or an unknown rule set.",
                ),
            }
        },
        "/series": {
            "get": {
                "operationId": "listSeries",
                "summary": "The account's series of club nights, by name.",
                "responses": _answers(
                    {200: ("The series.", {"type": "array", "items": ref("SeriesSummary")}, None)}
                ),
            },
            "post": {
                "operationId": "createSeries",
                "summary": "A series (a season) of club nights; its name is its key in the account.",
                "requestBody": _body("NewSeries"),
                "responses": _answers(
                    {
                        201: ("The new series.", ref("Series"), {"Location": _header("The series.")}),
                        200: (
                            "The series of that name, made before with the same settings.",
                            ref("Series"),
                            {"Location": _header("The series.")},
                        ),
                    },
                    422,
                    c422="A field out of range, or a series of that name with other settings (at name).",
                ),
            },
        },
        "/series/{series_id}": {
            "get": {
                "operationId": "getSeries",
                "summary": "The series' standings from its finished nights, with each player's rating.",
                "parameters": [series_id],
                "responses": _answers({200: ("The series.", ref("Series"), None)}, 404),
            }
        },
        "/series/{series_id}/events": {
            "post": {
                "operationId": "includeEventInSeries",
                "summary": "Count the event as a night of the series (again: no change).",
                "parameters": [series_id],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["event"],
                                "additionalProperties": False,
                                "properties": {"event": integer(1, MAX_ID)},
                            }
                        }
                    },
                },
                "responses": _answers(
                    {204: ("Done.", None, None)},
                    404,
                    422,
                    c404="No such series.",
                    c422="Not an event's id, or no such event of the account (at event).",
                ),
            }
        },
        "/series/{series_id}/events/{event_id}": {
            "delete": {
                "operationId": "excludeEventFromSeries",
                "summary": "No longer count the event in the series (not in it: no change).",
                "parameters": [series_id, event_id],
                "responses": _answers({204: ("Done.", None, None)}, 404),
            },
        },
        "/matches": {
            "get": {
                "operationId": "listMatches",
                "summary": "The account's matches, newest first, paginated.",
                "parameters": [
                    {
                        "name": "page",
                        "in": "query",
                        "required": False,
                        "schema": integer(1, MAX_PAGE, default=1),
                    }
                ],
                "responses": _answers(
                    {
                        200: (
                            "A page of matches (without their hands).",
                            {"type": "array", "items": ref("Match")},
                            {
                                "X-Total-Count": _header("How many matches in all.", {"type": "integer"}),
                                "X-Page": _header("This page.", {"type": "integer"}),
                                "Link": _header("first, prev, next and last pages."),
                            },
                        )
                    },
                    422,
                ),
            },
            "post": {
                "operationId": "createMatch",
                "summary": "A new match.",
                "requestBody": _body("NewMatch"),
                "responses": _answers(
                    {201: ("The match.", ref("Match"), {"Location": _header("Its URL.")})},
                    422,
                    links=_links({"match_id": "$response.body#/id"}, "getMatch", "addHand"),
                ),
            },
        },
        "/matches/{match_id}": {
            "get": {
                "operationId": "getMatch",
                "summary": "A match with its hands, totals and result.",
                "parameters": [match_id],
                "responses": _answers({200: ("The match.", ref("Match"), None)}, 404),
            },
            "delete": {
                "operationId": "deleteMatch",
                "summary": "Delete the match with its hands, edit log and share links; history, statistics "
                "and exports no longer count it, and the match answers 404 from then on.",
                "parameters": [match_id],
                "responses": _answers(
                    {204: ("Deleted.", None, None)},
                    404,
                    409,
                    c409="The match must stay (a match of an event is corrected, not deleted), or another "
                    "device changed it at the same moment.",
                ),
            },
        },
        "/matches/{match_id}/hands": {
            "post": {
                "operationId": "addHand",
                "summary": "Enter the next hand.",
                "parameters": [
                    match_id,
                    {
                        "name": "Idempotency-Key",
                        "in": "header",
                        "required": False,
                        "description": "The same key again (same account) answers what the first request "
                        "answered and stores nothing more; with another body, 422 at Idempotency-Key. "
                        "Kept 7 days or more.",
                        "schema": {
                            "type": "string",
                            "minLength": 1,
                            "maxLength": MAX_KEY,
                            "pattern": "^[\\u0020-\\u007e]+$",
                        },
                    },
                ],
                "requestBody": _body("HandInput"),
                "responses": _answers(
                    {
                        201: (
                            "The hand and the match after it.",
                            ref("HandAndMatch"),
                            {"Location": _header("The hand's URL."), **etag},
                        )
                    },
                    404,
                    409,
                    422,
                    links=_links(
                        {"match_id": "$response.body#/match/id", "number": "$response.body#/hand/number"},
                        "getHand",
                        "replaceHand",
                        "deleteHand",
                    ),
                    c409=taken,
                ),
            }
        },
        "/matches/{match_id}/hands/{number}": {
            "get": {
                "operationId": "getHand",
                "summary": "One hand.",
                "parameters": [match_id, number],
                "responses": _answers({200: ("The hand.", ref("Hand"), etag)}, 404),
            },
            "put": {
                "operationId": "replaceHand",
                "summary": "Replace a hand (same number); later totals and the result are recomputed.",
                "parameters": [
                    match_id,
                    number,
                    {
                        "name": "If-Match",
                        "in": "header",
                        "required": False,
                        "description": 'The version the edit started from ("3", W/"3" or 3): 409 if the hand '
                        "changed since, or if this names no version.",
                        "schema": {"type": "string"},
                    },
                ],
                "requestBody": _body("HandInput"),
                "responses": _answers(
                    {200: ("The hand and the match after it.", ref("HandAndMatch"), etag)},
                    404,
                    409,
                    422,
                    c409="The hand changed since If-Match's version, or another device changed the match.",
                ),
            },
            "delete": {
                "operationId": "deleteHand",
                "summary": "Delete the last hand (reopens a finished match).",
                "parameters": [match_id, number],
                "responses": _answers(
                    {200: ("The match after it.", ref("MatchOnly"), None)},
                    404,
                    409,
                    c409="Not the last hand, or another device changed the match at the same moment.",
                ),
            },
        },
    }
