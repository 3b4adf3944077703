"""Forms of the roster pages: rename a player, merge a duplicate into one."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField, StringField, SubmitField
from wtforms.validators import DataRequired, Length

from ..rules.match_setup import MAX_NAME
from ..single_use import SingleUse
from ..validators import Storable

REQUIRED = _l("This field is required.")


class RenameForm(FlaskForm):
    name = StringField(
        _l("New name"),
        validators=[
            DataRequired(REQUIRED),
            Storable(),
            Length(max=MAX_NAME, message=_l("At most %(max)d characters.")),
        ],
        render_kw={"autocomplete": "off", "maxlength": MAX_NAME},
    )
    submit = SubmitField(_l("Rename"))


class MergeForm(FlaskForm, SingleUse):
    """``other``: the player merged into this page's player; ``confirm`` is ``yes`` on the
    confirmation step (the first POST only shows what will happen, with a fresh single-use key:
    the merge is done once per confirmation page)."""

    other = SelectField(_l("Player to merge into this one"), coerce=int, validate_choice=True)
    confirm = HiddenField()
    submit = SubmitField(_l("Continue"))
