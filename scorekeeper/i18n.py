"""Languages: Spanish, English and French, from the browser's preferences, switchable, remembered
in a cookie."""

from __future__ import annotations

from typing import Final

from flask import Blueprint, current_app, redirect, request
from flask_babel import gettext
from werkzeug.wrappers import Response

from . import vocabulary
from .rules import ValidationError
from .security import local_target

LANGUAGES: Final = {"es": "Español", "en": "English", "fr": "Français"}
DEFAULT_LANGUAGE: Final = "es"
COOKIE: Final = "lang"
ONE_YEAR: Final = 365 * 24 * 3600

bp = Blueprint("i18n", __name__)


def select_locale() -> str:
    """The language asked for in the cookie, else the browser's best match, else Spanish."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def translated_errors(error: ValidationError) -> dict[str, list[str]]:
    """The core's field errors in the user's language: rule-set names translated, codes named as the
    players name them, numbers written the locale's way, plurals by the language's rules."""
    return error.as_dict(gettext, vocabulary.message_words, vocabulary.plural)


def safe_next(target: str | None, default: str = "/") -> str:
    """A local path to go back to; anything pointing elsewhere becomes ``default`` (the checks:
    :func:`scorekeeper.security.local_target`, for every redirect to a URL the user gave)."""
    return local_target(target, default)


@bp.get("/language/<code>")
def switch(code: str) -> Response:
    """Remember ``code`` as the user's language and go back where they were."""
    response = redirect(safe_next(request.args.get("next")))
    if code in LANGUAGES:
        response.set_cookie(
            COOKIE,
            code,
            max_age=ONE_YEAR,
            samesite="Lax",
            httponly=True,
            secure=current_app.config.get("SESSION_COOKIE_SECURE", False),
        )
    return response
