"""The form of a new club."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange

from ..services.clubs import LANGUAGES, MAX_NAME
from ..services.invitations import MAX_DAYS, MAX_USES
from ..single_use import SingleUse
from ..validators import Storable

LANGUAGE_NAMES = {"es": "Español", "en": "English", "fr": "Français"}


class ClubForm(FlaskForm, SingleUse):
    """A new club: its name, its address (slug), and the language and time zone of its wall."""

    name = StringField(
        _l("Club name"),
        [InputRequired(_l("Give it a name.")), Length(max=MAX_NAME), Storable()],
        render_kw={"maxlength": MAX_NAME, "autocomplete": "off"},
    )
    slug = StringField(
        _l("Address (a-z, 0-9 and -)"),
        [InputRequired(_l("Choose an address."))],
        render_kw={"maxlength": 40, "autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"},
    )
    language = SelectField(
        _l("Language of its wall and printouts"),
        choices=[SelectChoice(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
    )
    time_zone = StringField(
        _l("Time zone"), [InputRequired()], default="America/Montevideo", render_kw={"autocomplete": "off"}
    )


class InvitationForm(FlaskForm, SingleUse):
    """A new invitation: the role it gives, how many people may use it, for how many days."""

    role = SelectField(_l("They join as"))
    uses = IntegerField(
        _l("How many people may use it"), [InputRequired(), NumberRange(1, MAX_USES)], default=30
    )
    days = IntegerField(_l("Valid for (days)"), [InputRequired(), NumberRange(1, MAX_DAYS)], default=14)

    def offer(self, roles: list[tuple[str, str]]) -> None:
        self.role.choices = [SelectChoice(code, name) for code, name in roles]
