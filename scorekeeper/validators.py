"""WTForms validators shared by the pages' forms, wrapping the rules' own checks so that a page and
the API refuse the same input with the same (translated) message."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from wtforms.validators import ValidationError

from .rules.text import text_problem


class Storable:
    """The field's text has nothing a database or JSON cannot store (see :mod:`.rules.text`)."""

    def __call__(self, _form: Any, field: Any) -> None:
        problem = text_problem(str(field.data or ""))
        if problem is not None:
            raise ValidationError(gettext(problem))


def csrf_refused(form: Any) -> bool:
    """Whether ``form``'s CSRF token was refused. A form has no ``csrf_token`` field at all when CSRF
    is off in the configuration (``WTF_CSRF_ENABLED = False``): then nothing was refused."""
    token = getattr(form, "csrf_token", None)
    return bool(token is not None and token.errors)
