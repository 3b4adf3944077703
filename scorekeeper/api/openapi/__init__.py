"""The API's OpenAPI 3.1 document, ``GET /api/v1/openapi.json`` (no token needed).

What no JSON Schema can say (a hand number already taken, names that repeat across sides) answers
409 or 422, as documented per operation; ``tests/api/test_openapi.py`` fails when a route under
``/api/v1`` is missing here.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, jsonify

from ..blueprint import bp
from .clubs import club_schemas
from .events import event_paths, event_schemas
from .paths import paths
from .schemas import components

__all__ = ["openapi_document"]


@cache
def openapi_document() -> dict[str, Any]:
    """The whole document (built once: it depends only on the code)."""
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
        "paths": paths(event_paths),
        "components": {
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer"},
                "tableToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A table link's token (POST /events/ID/tables/N/link), for /table only.",
                },
            },
            "schemas": {**components(), **event_schemas(), **club_schemas()},
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())
