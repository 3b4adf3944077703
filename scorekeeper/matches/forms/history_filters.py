"""The history page's filters, read from the query string."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Any, Final

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError
from wtforms.widgets import DateInput

from ...rules import all_rulesets
from ...services.match_reads import HistoryFilters
from .fields import MAX_DIGITS

ISO_DAY: Final = re.compile(r"\d{4}-\d{2}-\d{2}")
BAD_DATE = _l("Enter a date as year-month-day, for example 2026-03-31.")
#: The days a filter may name: every match is dated within them, and the day after the last one
#: (the end of a "to" filter) is still a date the databases and Python can hold.
FIRST_DAY: Final = date(1900, 1, 1)
LAST_DAY: Final = date(2999, 12, 31)
DAY_RANGE: Final = {"min": FIRST_DAY.isoformat(), "max": LAST_DAY.isoformat()}
ANY = ""


class DayField(StringField):
    """A date input (``YYYY-MM-DD``, what phones' date pickers send, from :data:`FIRST_DAY` to
    :data:`LAST_DAY`); ``data`` is a date or None."""

    widget = DateInput()

    def process_formdata(self, valuelist: list[Any]) -> None:
        text = str(valuelist[0]).strip() if valuelist else ""
        self.data = None
        if not text:
            return
        if not ISO_DAY.fullmatch(text):
            raise ValueError(str(BAD_DATE))
        try:
            day = date.fromisoformat(text)
        except ValueError:
            raise ValueError(str(BAD_DATE)) from None
        if not FIRST_DAY <= day <= LAST_DAY:
            message = _l("Enter a date from %(first)s to %(last)s.", first=FIRST_DAY, last=LAST_DAY)
            raise ValueError(str(message))
        self.data = day

    def _value(self) -> str:
        if self.data is not None:
            return str(self.data.isoformat())
        return str(self.raw_data[0]) if self.raw_data else ""


class HistoryFilterForm(FlaskForm):
    """The history's filters, from the query string (no CSRF: reading only, so a filtered page is a
    link). Build it with ``formdata=request.args`` and call :meth:`set_choices` before validating."""

    class Meta:
        csrf = False

    player = SelectField(
        _l("Player"), default=ANY, invalid_choice_message=_l("Choose a player from the list.")
    )
    ruleset = SelectField(
        _l("Rule set"), default=ANY, invalid_choice_message=_l("Choose a rule set from the list.")
    )
    status = SelectField(
        _l("State"),
        default=ANY,
        choices=[
            SelectChoice(ANY, _l("Finished or not")),
            SelectChoice("finished", _l("Finished")),
            SelectChoice("in_progress", _l("In progress")),
        ],
        invalid_choice_message=_l("Choose a state from the list."),
    )
    date_from = DayField(_l("From"), render_kw=DAY_RANGE)
    date_to = DayField(_l("To"), render_kw=DAY_RANGE)
    #: Not an input (the pager's links carry it); a bad value is reported above the pager.
    page = StringField(_l("Page"))

    def set_choices(self, players: Sequence[tuple[int, str]]) -> None:
        self.player.choices = [SelectChoice(ANY, _l("Any player"))] + [
            SelectChoice(str(pid), name) for pid, name in players
        ]
        self.ruleset.choices = [SelectChoice(ANY, _l("Any rule set"))] + [
            SelectChoice(rs.id, _l(rs.name)) for rs in all_rulesets()
        ]

    def validate_date_to(self, field: Any) -> None:
        if field.data is not None and self.date_from.data is not None and field.data < self.date_from.data:
            raise ValidationError(str(_l("The end date is before the start date.")))

    def validate_page(self, field: Any) -> None:
        text = (field.data or "").strip()
        if text and not (text.isascii() and text.isdigit() and 0 < len(text) <= MAX_DIGITS and int(text) > 0):
            raise ValidationError(
                str(_l("There is no page %(page)s; here is the first page.", page=text[:20]))
            )

    def page_number(self) -> int:
        """The page asked for, 1 when absent or wrong."""
        return 1 if self.page.errors or not (self.page.data or "").strip() else int(self.page.data)

    def filters(self) -> HistoryFilters:
        """The valid filters; a filter with a mistake is left out (its message is shown)."""

        def ok(f: Any) -> bool:
            return not f.errors and f.data not in (None, ANY)

        status = self.status.data if ok(self.status) else None
        return HistoryFilters(
            player_id=int(self.player.data) if ok(self.player) else None,
            ruleset=self.ruleset.data if ok(self.ruleset) else None,
            status="finished" if status == "finished" else "in_progress" if status else None,
            date_from=self.date_from.data if ok(self.date_from) else None,
            date_to=self.date_to.data if ok(self.date_to) else None,
        )

    def active(self) -> dict[str, str]:
        """The query parameters of the valid filters in use (for the pager's links)."""
        f = self.filters()
        out = {
            "player": "" if f.player_id is None else str(f.player_id),
            "ruleset": f.ruleset or "",
            "status": f.status or "",
            "date_from": f.date_from.isoformat() if f.date_from else "",
            "date_to": f.date_to.isoformat() if f.date_to else "",
        }
        return {key: value for key, value in out.items() if value}
