"""One way to answer errors in the API: ``{"errors": {"FIELD.PATH": ["message", ...]}}``."""

from __future__ import annotations

from flask import Response, jsonify
from werkzeug.exceptions import HTTPException

from ..rules import ValidationError
from ..services import Conflict, NotFound
from .blueprint import bp


def error_response(status: int, errors: dict[str, list[str]], **headers: str) -> Response:
    response = jsonify({"errors": errors})
    response.status_code = status
    response.headers.update(headers)
    return response


def message(status: int, text: str, **headers: str) -> Response:
    """An error about the whole request (field ``_``)."""
    return error_response(status, {"_": [text]}, **headers)


class BadJson(Exception):
    """The request body is not JSON."""


@bp.errorhandler(BadJson)
def bad_json(_error: BadJson) -> Response:
    return message(400, "The request body is not valid JSON.")


@bp.errorhandler(ValidationError)
def invalid(error: ValidationError) -> Response:
    return error_response(422, error.as_dict())


@bp.errorhandler(NotFound)
def not_found(_error: NotFound) -> Response:
    return message(404, "Not found.")


@bp.errorhandler(Conflict)
def conflict(error: Conflict) -> Response:
    return message(409, error.message.format(**error.params))


def allow_header(error: HTTPException) -> dict[str, str]:
    """``Allow`` for a 405 (RFC 9110 requires it): the methods the URL answers."""
    methods = getattr(error, "valid_methods", None)
    return {"Allow": ", ".join(methods)} if error.code == 405 and methods else {}


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException) -> Response:
    return message(error.code or 500, error.description or error.name, **allow_header(error))
