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
