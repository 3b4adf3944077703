"""The JSON API, ``/api/v1`` (docs/api.md; its OpenAPI document at ``/api/v1/openapi.json``).
Bearer tokens, no cookies, no CSRF."""

from . import clubs, errors, events, openapi, routes, series  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
