"""Inputs shared by the match pages' forms.

Number inputs keep the text as typed, so a slip ("1O0") comes back as a message next to the field
instead of an error page.
"""

from __future__ import annotations

from typing import Any, Final

from flask_babel import lazy_gettext as _l
from wtforms import FieldList, FormField, StringField
from wtforms.validators import ValidationError
from wtforms.widgets import NumberInput

NOT_A_NUMBER = _l("Enter a whole number, with digits only.")
NEGATIVE = _l("Must not be negative.")
NOT_NUMBERS = _l("Enter whole numbers separated by commas, with digits only: 125, 155, 180.")
#: More digits than any score needs; longer input is a slip.
MAX_DIGITS: Final = 9


class WholeNumberField(StringField):
    """A number input; ``as_int()`` is its value (``None`` when blank)."""

    widget = NumberInput()

    def __init__(
        self, label: Any = None, validators: Any = None, step: int = 1, minimum: int = 0, **kwargs: Any
    ):
        render_kw = {"inputmode": "numeric", "step": step, "min": minimum, **kwargs.pop("render_kw", {})}
        super().__init__(label, validators, render_kw=render_kw, **kwargs)
        self.minimum = minimum

    def text(self) -> str:
        return "" if self.data is None else str(self.data).strip()

    def as_int(self) -> int | None:
        text = self.text().replace("−", "-")
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS):
            return None
        return int(text)

    def pre_validate(self, form: Any) -> None:
        """Digits only, and never negative (the browser's ``min`` is only a hint; a card counter with
        a negative count would silently take points away). Other bounds are the rules' to check."""
        value = self.as_int()
        if self.text() and value is None:
            raise ValidationError(str(NOT_A_NUMBER))
        if value is not None and value < 0 <= self.minimum:
            raise ValidationError(str(NEGATIVE))


class WholeNumbersField(StringField):
    """A text input of whole numbers separated by commas or spaces (``125, 155, 180``); ``as_list()``
    is its value (``None`` when blank or not all numbers: :meth:`pre_validate` says so)."""

    def __init__(self, label: Any = None, validators: Any = None, **kwargs: Any):
        render_kw = {"inputmode": "decimal", "autocomplete": "off", **kwargs.pop("render_kw", {})}
        super().__init__(label, validators, render_kw=render_kw, **kwargs)

    def text(self) -> str:
        return "" if self.data is None else str(self.data).strip()

    def as_list(self) -> list[int] | None:
        words = self.text().replace(",", " ").replace(";", " ").split()
        if not words or not all(w.isascii() and w.isdigit() and len(w) <= MAX_DIGITS for w in words):
            return None
        return [int(w) for w in words]

    def pre_validate(self, form: Any) -> None:
        if self.text() and self.as_list() is None:
            raise ValidationError(str(NOT_NUMBERS))


class BlockErrors:
    """Messages that belong to a block of fields (a side, its canastas...) rather than to one input."""

    block_errors: dict[str, list[str]]

    def add_block_error(self, key: str, message: str) -> None:
        self.block_errors.setdefault(key, []).append(message)

    def refresh_errors(self) -> None:
        """Recount the errors of lists of fields after messages were added to their entries
        (WTForms computes a list's errors once, in ``validate``)."""
        refresh_list_errors(self)


def refresh_list_errors(form: Any) -> None:
    for f in form:
        if isinstance(f, FormField):
            refresh_list_errors(f.form)
        elif isinstance(f, FieldList):
            for entry in f.entries:
                if isinstance(entry, FormField):
                    refresh_list_errors(entry.form)
            f.errors = [entry.errors for entry in f.entries] if any(e.errors for e in f.entries) else []
