"""The JSON API, ``/api/v1`` (contract: ../shared/API.md). Bearer tokens, no cookies, no CSRF."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import errors, openapi, routes  # noqa: E402,F401 - registers the handlers on ``bp``
