"""The API's OpenAPI 3.1 document, ``GET /api/v1/openapi.json`` (no token needed).

Built from the rules' own constants and rule sets (codes, ranges, decks), so the limits it states are
the ones the app enforces; what no JSON Schema can say (a hand number already taken, a side that
goes out without its canastas, names that repeat across sides) answers 409 or 422, as documented
per operation. ``tests/api/test_openapi.py`` fails when a route under ``/api/v1`` is missing here.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from flask import Response, jsonify

from ..rules import CUSTOM, LINES, RULESET_IDS, all_rulesets, house_rule_keys
from ..rules.cards import CANASTA_SIZE, CARD_GROUP_BY_CODE, POINT_STEP, deck_cards, deck_points
from ..rules.hand import MAX_CUSTOM_POINTS, MAX_DESCRIPTION, MAX_HANDS, MAX_PENALTY_COUNT
from ..rules.house_rules import MAX_BANDS, MAX_POINTS
from ..rules.match_setup import MAX_NAME, MAX_PLAYERS_PER_SIDE, MAX_SIDES, MAX_TARGET, MIN_SIDES, MIN_TARGET
from ..rules.model import HouseOption, OptionKind
from ..rules.sets import ALL_FLAG_CODES
from ..services import MAX_ID, MAX_PAGE
from ..services.submission_keys import MAX_KEY
from . import bp

#: Characters no text may hold (rules.text.UNSTORABLE), as a JSON Schema character class body: NUL.
#: Lone surrogates are refused too (422), but no pattern can name them: validators compile patterns
#: with regex engines that work on Unicode scalar values, which surrogates are not.
_BAD: Final = "\\u0000"


def _name_pattern(maximum: int) -> str:
    """Storable text that is not blank and, once stripped, has at most ``maximum`` characters."""
    return f"^\\s*[^\\s{_BAD}](?:[^{_BAD}]{{0,{maximum - 2}}}[^\\s{_BAD}])?\\s*$"


#: Storable text that is not blank (its length is limited apart).
NOT_BLANK: Final = f"^[^{_BAD}]*[^\\s{_BAD}][^{_BAD}]*$"


def _int(minimum: int, maximum: int, step: int | None = None, **extra: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "maximum": maximum, **extra}
    if step:
        schema["multipleOf"] = step
    return schema


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _most_decks() -> int:
    return max(max(rs.decks.count, rs.decks.large or 0) for rs in all_rulesets())


def _codes(section: str) -> list[str]:
    """Every code of ``section`` (``canasta_kinds``...) of any rule set, in a stable order."""
    return sorted({item.code for rs in all_rulesets() for item in getattr(rs, section)})


# --- Requests ------------------------------------------------------------------------------------


def _option_schema(options: list[HouseOption]) -> dict[str, Any]:
    """One named house option (the ones every rule set accepts included), as wide as the rule sets
    that have it allow."""
    kind = options[0].kind
    if kind is OptionKind.SWITCH:
        return {"type": "boolean", "description": options[0].description}
    if kind is OptionKind.NUMBER:
        return _int(
            min(o.minimum for o in options),
            max(o.maximum for o in options),
            description=options[0].description,
        )
    return _bands_schema()


def _bands_schema() -> dict[str, Any]:
    point = _int(0, MAX_POINTS, POINT_STEP)
    return {
        "type": "array",
        "description": "The whole opening-band table: [[null, minimum], [0, minimum], [from, minimum], ...] "
        "with ascending starts (checked by the rules: 422).",
        "minItems": 2,
        "maxItems": MAX_BANDS,
        "items": {
            "type": "array",
            "prefixItems": [{"type": ["integer", "null"]}, point],
            "minItems": 2,
            "maxItems": 2,
        },
    }


def house_rules_schema() -> dict[str, Any]:
    """Every key some rule set accepts; a key another rule set lacks answers 422 (``house_rules.KEY``)."""
    options: dict[str, list[HouseOption]] = {}
    points: set[str] = set()
    for rs in all_rulesets():
        for option in rs.house_options:
            options.setdefault(option.key, []).append(option)
        points.update(key for key in house_rule_keys(rs) if rs.house_option(key) is None)
    properties: dict[str, Any] = {key: _option_schema(found) for key, found in sorted(options.items())}
    point = _int(0, MAX_POINTS, POINT_STEP)
    properties.update({key: point for key in sorted(points)})
    return {
        "type": ["object", "null"],
        "description": "Overrides of the rule set (GET /rulesets/ID lists its keys in house_rule_keys). "
        "A key the chosen rule set does not have answers 422.",
        "properties": properties,
        "additionalProperties": False,
    }


def new_match_schema() -> dict[str, Any]:
    name = {"type": "string", "pattern": _name_pattern(MAX_NAME)}
    return {
        "type": "object",
        "required": ["ruleset", "sides"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"type": "string", "enum": list(RULESET_IDS)},
            "target": _int(MIN_TARGET, MAX_TARGET, description="Default: the rule set's target."),
            "house_rules": _ref("HouseRules"),
            "first_dealer": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_SIDES * MAX_PLAYERS_PER_SIDE - 1,
                "description": "Seat in table order; must be a seat of this match (else 422).",
            },
            "sides": {
                "type": "array",
                "minItems": MIN_SIDES,
                "maxItems": MAX_SIDES,
                "description": "A player plays for one side only (else 422).",
                "items": {
                    "type": "object",
                    "required": ["name", "players"],
                    "additionalProperties": False,
                    "properties": {
                        "name": name,
                        "players": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": MAX_PLAYERS_PER_SIDE,
                            "items": name,
                        },
                    },
                },
            },
        },
    }


def penalty_schemas() -> tuple[dict[str, Any], dict[str, Any]]:
    count = _int(1, MAX_PENALTY_COUNT, description="Default 1.")
    listed = {
        "type": "object",
        "required": ["code"],
        "additionalProperties": False,
        "properties": {"code": {"type": "string", "enum": _codes("penalties")}, "count": count},
    }
    custom = {
        "type": "object",
        "required": ["code", "points", "description"],
        "additionalProperties": False,
        "properties": {
            "code": {"const": CUSTOM},
            "count": count,
            "points": _int(POINT_STEP, MAX_CUSTOM_POINTS, POINT_STEP),
            "description": {"type": "string", "maxLength": MAX_DESCRIPTION, "pattern": NOT_BLANK},
        },
    }
    return listed, custom


def hand_input_schema() -> dict[str, Any]:
    decks = _most_decks()
    card_points = _int(0, deck_points(decks), POINT_STEP)
    most_canastas = deck_cards(decks) // CANASTA_SIZE
    side_properties: dict[str, Any] = {
        "melds": card_points,
        "hand": card_points,
        "red_threes": _int(0, decks * CARD_GROUP_BY_CODE["red_three"].per_deck),
        "canastas": {
            "type": "object",
            "properties": {code: _int(0, most_canastas) for code in _codes("canasta_kinds")},
            "additionalProperties": False,
        },
        "penalties": {"type": "array", "items": {"anyOf": [_ref("Penalty"), _ref("CustomPenalty")]}},
    }
    side_properties.update({code: {"type": "boolean"} for code in sorted(ALL_FLAG_CODES)})
    return {
        "type": "object",
        "required": ["number", "sides"],
        "additionalProperties": False,
        "description": "Checked against the match's rule set before anything is stored: codes it lacks, "
        "cards the decks do not hold, going out without the canastas it requires... answer 422.",
        "properties": {
            "number": _int(
                1,
                MAX_HANDS,
                description="The number this hand will have (the next one). A match holds at most "
                f"{MAX_HANDS} hands: the next after that answers 422 at number.",
            ),
            "went_out": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SIDES - 1},
            "going_out_kind": {"type": ["string", "null"], "enum": [*_codes("going_out_kinds"), None]},
            "sides": {
                "type": "array",
                "minItems": MIN_SIDES,
                "maxItems": MAX_SIDES,
                "description": "One entry for each side of the match, in order.",
                "items": {"type": "object", "additionalProperties": False, "properties": side_properties},
            },
        },
    }


# --- Answers -------------------------------------------------------------------------------------


def answer_schemas() -> dict[str, Any]:
    integers = {"type": "array", "items": {"type": "integer"}}
    breakdown = {
        "type": "object",
        "required": [*LINES, "total"],
        "properties": {line: {"type": "integer"} for line in (*LINES, "total")},
    }
    return {
        "Errors": {
            "type": "object",
            "required": ["errors"],
            "properties": {
                "errors": {
                    "type": "object",
                    "description": "Messages by field path (sides.1.melds; _ for the whole request).",
                    "additionalProperties": {"type": "array", "items": {"type": "string"}},
                }
            },
        },
        "RuleSet": {
            "type": "object",
            "required": [
                "id",
                "name",
                "target",
                "opening_bands",
                "canasta_kinds",
                "going_out_kinds",
                "penalties",
                "house_rule_keys",
            ],
            "properties": {
                "id": {"type": "string", "enum": list(RULESET_IDS)},
                "name": {"type": "string"},
                "target": {"type": "integer"},
                "opening_bands": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["from", "minimum"],
                        "properties": {"from": {"type": ["integer", "null"]}, "minimum": {"type": "integer"}},
                    },
                },
                "canasta_kinds": {"type": "array", "items": _coded()},
                "going_out_kinds": {"type": "array", "items": _coded()},
                "penalties": {"type": "array", "items": _coded()},
                "house_rule_keys": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Hand": {
            "type": "object",
            "required": ["number", "scores", "breakdown", "totals_after", "opening_minimums_before", "input"],
            "properties": {
                "number": {"type": "integer", "minimum": 1, "maximum": MAX_HANDS},
                "version": {"type": "integer", "description": "What If-Match names to replace the hand."},
                "scores": integers,
                "breakdown": {"type": "array", "items": breakdown},
                "totals_before": integers,
                "totals_after": integers,
                "opening_minimums_before": integers,
                "input": {"type": "object", "description": "The hand as posted, normalised."},
            },
        },
        "Match": {
            "type": "object",
            "required": ["id", "ruleset", "target", "house_rules", "sides", "finished", "winner"],
            "properties": {
                "id": {"type": "integer"},
                "ruleset": {"type": "string", "enum": list(RULESET_IDS)},
                "target": {"type": "integer"},
                "house_rules": {"type": "object"},
                "sides": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "players", "total", "opening_minimum"],
                        "properties": {
                            "name": {"type": "string"},
                            "players": {"type": "array", "items": {"type": "string"}},
                            "total": {"type": "integer"},
                            "opening_minimum": {"type": "integer"},
                        },
                    },
                },
                "finished": {"type": "boolean"},
                "winner": {"type": ["integer", "null"]},
                "hand_count": {"type": "integer"},
                "next_hand": {"type": ["integer", "null"]},
                "created_at": {"type": "string"},
                "hands": {"type": "array", "items": _ref("Hand"), "description": "Not in lists of matches."},
            },
        },
        "HandAndMatch": {
            "type": "object",
            "required": ["hand", "match"],
            "properties": {"hand": _ref("Hand"), "match": _ref("Match")},
        },
        "MatchOnly": {"type": "object", "required": ["match"], "properties": {"match": _ref("Match")}},
    }


def _coded() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["code", "points"],
        "properties": {"code": {"type": "string"}, "points": {"type": "integer"}},
    }


# --- Operations ----------------------------------------------------------------------------------

ERRORS: Final = {
    400: "The body is not JSON (or not UTF-8, or nested too deep).",
    401: "No valid API token (Authorization: Bearer TOKEN).",
    404: "No such match or hand for this account (never 403), or no such rule set.",
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
    for status in (400, 401, *errors):
        description = conflict.get(f"c{status}", ERRORS[status])
        answers[str(status)] = {
            "description": description,
            "content": {"application/json": {"schema": _ref("Errors")}},
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
        "schema": _int(1, maximum),
    }


def _body(schema_name: str) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": _ref(schema_name)}}}


def paths() -> dict[str, Any]:
    match_id = _path_int("match_id", "The match's id.")
    number = _path_int("number", "The hand's number (1 for the first).", MAX_HANDS)
    etag = {"ETag": _header("The hand's version.")}
    taken = (
        "The number is taken by another hand, the match is finished, or another device changed "
        "the match at the same moment."
    )
    return {
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
                    {200: ("The rule sets.", {"type": "array", "items": _ref("RuleSet")}, None)}
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
                "responses": _answers({200: ("The rule set.", _ref("RuleSet"), None)}, 404),
            }
        },
        "/matches": {
            "get": {
                "operationId": "listMatches",
                "summary": "The account's matches, newest first, paginated.",
                "parameters": [
                    {"name": "page", "in": "query", "required": False, "schema": _int(1, MAX_PAGE, default=1)}
                ],
                "responses": _answers(
                    {
                        200: (
                            "A page of matches (without their hands).",
                            {"type": "array", "items": _ref("Match")},
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
                    {201: ("The match.", _ref("Match"), {"Location": _header("Its URL.")})},
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
                "responses": _answers({200: ("The match.", _ref("Match"), None)}, 404),
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
                            _ref("HandAndMatch"),
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
                "responses": _answers({200: ("The hand.", _ref("Hand"), etag)}, 404),
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
                    {200: ("The hand and the match after it.", _ref("HandAndMatch"), etag)},
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
                    {200: ("The match after it.", _ref("MatchOnly"), None)},
                    404,
                    409,
                    c409="Not the last hand, or another device changed the match at the same moment.",
                ),
            },
        },
    }


@cache
def openapi_document() -> dict[str, Any]:
    """The whole document (built once: it depends only on the code)."""
    listed, custom = penalty_schemas()
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "scorekeeper API",
            "version": "1",
            "description": "Score keeping for Canasta, Samba, Canastón and French Canasta (docs/api.md). "
            "Bodies are strict JSON whatever the Content-Type; integers must be JSON integers. A method "
            "a path does not answer is a 405 with Allow.",
        },
        "servers": [{"url": bp.url_prefix}],
        "security": [{"bearer": []}],
        "paths": paths(),
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
            "schemas": {
                "NewMatch": new_match_schema(),
                "HouseRules": house_rules_schema(),
                "HandInput": hand_input_schema(),
                "Penalty": listed,
                "CustomPenalty": custom,
                **answer_schemas(),
            },
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())
