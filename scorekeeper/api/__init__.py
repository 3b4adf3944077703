"""The JSON API, ``/api/v1`` (docs/api.md; its OpenAPI document at ``/api/v1/openapi.json``).
Bearer tokens, no cookies, no CSRF."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import errors, openapi, routes  # noqa: E402,F401 - registers the handlers on ``bp``
