"""The import form: one JSON file, with a CSRF token and a single-use key (imported once)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField, FileRequired

from ..single_use import SingleUse


class ImportForm(FlaskForm, SingleUse):
    file = FileField(
        _l("Export file (JSON)"),
        validators=[
            FileRequired(_l("Choose a JSON file exported from Scorekeeper.")),
            FileAllowed(["json"], _l("Choose a .json file (the JSON export).")),
        ],
        render_kw={"accept": ".json,application/json"},
    )
