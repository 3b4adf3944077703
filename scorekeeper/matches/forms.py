"""Forms of the match pages. The new-match form holds every rule set's house options; the hand form
is built for one match (its rule set's canasta kinds, flags and penalties, and its sides).

Number inputs keep the text as typed, so a slip ("1O0") comes back as a message next to the field
instead of an error page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import date
from functools import cache
from typing import Any, Final

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError
from wtforms.widgets import DateInput, NumberInput

from ..history import HistoryFilters
from ..rules import CUSTOM, RuleSet, all_rulesets, house_rule_keys
from ..rules.hand import MAX_DESCRIPTION
from ..rules.house_rules import BANDS_KEY
from ..rules.match_setup import MAX_NAME, MAX_PLAYERS_PER_SIDE, MAX_SIDES
from ..rules.model import OptionKind
from ..single_use import SingleUse
from ..validators import Storable
from ..vocabulary import option_label
from .labels import COUNTED_GROUPS, canasta_label, card_label, flag_label, going_out_label, penalty_label

NOT_A_NUMBER = _l("Enter a whole number, with digits only.")
NEGATIVE = _l("Must not be negative.")
#: More digits than any score needs; longer input is a slip.
MAX_DIGITS: Final = 9
HOUSE_PREFIX: Final = "hr__"
#: Rows of the opening-band table on the new-match page (Canastón's book has six bands).
BAND_ROWS: Final = 8
#: The first rows start below 0 and at 0 (RULES.md): their start is not an input.
FIXED_BAND_ROWS: Final = 2
BANDS_PREFIX: Final = f"{BANDS_KEY}."
NOBODY: Final = "none"
CONFIRMED: Final = "y"
ISO_DAY: Final = re.compile(r"\d{4}-\d{2}-\d{2}")
#: A list of penalty objects, whose values are plain: two levels (three to leave room for a mistake
#: the rules then name at its field).
MAX_CUSTOMS_DEPTH: Final = 3


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


# --- New match -------------------------------------------------------------------------------


class SideForm(Form):
    name = StringField(
        _l("Side name"), [Storable()], render_kw={"maxlength": MAX_NAME, "autocomplete": "off"}
    )
    players = FieldList(
        StringField(
            _l("Player"),
            [Storable()],
            render_kw={"maxlength": MAX_NAME, "autocomplete": "off", "list": "player-names"},
        ),
        min_entries=MAX_PLAYERS_PER_SIDE,
        max_entries=2 * MAX_PLAYERS_PER_SIDE,
    )


def seat_choices() -> list[SelectChoice]:
    """First-dealer choices: "side-player" indexes in seating order (one player of each side in turn)."""
    choices = [SelectChoice("", _l("First player of the first side"))]
    for player in range(MAX_PLAYERS_PER_SIDE):
        for side in range(MAX_SIDES):
            label = _l("Side %(side)s, player %(player)s", side=side + 1, player=player + 1)
            choices.append(SelectChoice(f"{side}-{player}", label))
    return choices


def house_field_name(ruleset_id: str, key: str) -> str:
    return f"{HOUSE_PREFIX}{ruleset_id}__{key.replace('.', '__')}"


class NewMatchBase(FlaskForm, BlockErrors, SingleUse):
    ruleset = RadioField(_l("Rule set"), default="classic")
    sides = FieldList(FormField(SideForm), min_entries=MAX_SIDES, max_entries=MAX_SIDES)
    target = WholeNumberField(_l("Target score"), step=500, minimum=100)
    first_dealer = SelectField(_l("First dealer"), default="")
    #: ``y`` when the player confirmed sides of different sizes ("Start with these sides"): a
    #: name not typed yet must not start a 2-against-1 match.
    sides_confirmed = HiddenField()
    submit = SubmitField(_l("Start the match"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.block_errors = {}
        self.ruleset.choices = [SelectChoice(rs.id, _l(rs.name)) for rs in all_rulesets()]
        self.first_dealer.choices = seat_choices()

    def house_field(self, ruleset_id: str, key: str) -> Any:
        return self[house_field_name(ruleset_id, key)]


def overridable_keys(rs: RuleSet) -> list[str]:
    """The points values a match may change (the "advanced" block): keys with a dot. A band's minimum
    is changed in the opening-band table instead (the API still takes ``opening_bands.I``)."""
    return [key for key in house_rule_keys(rs) if "." in key and not key.startswith(BANDS_PREFIX)]


def band_field_names(ruleset_id: str, row: int) -> tuple[str, str]:
    """The names of the opening-band table's inputs of ``row``: where the band starts, its minimum."""
    return (
        house_field_name(ruleset_id, f"{BANDS_KEY}.from.{row}"),
        house_field_name(ruleset_id, f"{BANDS_KEY}.minimum.{row}"),
    )


def band_fields(rs: RuleSet) -> dict[str, Any]:
    """The opening-band table of the new-match form: ``BAND_ROWS`` rows, the book's bands filled in.
    The first two rows start below 0 and at 0, so they have no start input."""
    fields: dict[str, Any] = {}
    for row in range(BAND_ROWS):
        band = rs.opening_bands[row] if row < len(rs.opening_bands) else None
        start_name, minimum_name = band_field_names(rs.id, row)
        if row >= FIXED_BAND_ROWS:
            start = "" if band is None else str(band.start)
            fields[start_name] = WholeNumberField(_l("Total from"), step=500, default=start)
        minimum = "" if band is None else str(band.minimum)
        fields[minimum_name] = WholeNumberField(_l("First meld needs"), step=5, default=minimum)
    return fields


@cache
def new_match_form_class() -> type[NewMatchBase]:
    """The new-match form with a field for every house option and value of every rule set."""
    attrs: dict[str, Any] = {}
    for rs in all_rulesets():
        for option in rs.house_options:
            name = house_field_name(rs.id, option.key)
            if option.kind is OptionKind.BANDS:
                attrs.update(band_fields(rs))
            elif option.kind is OptionKind.SWITCH:
                attrs[name] = BooleanField(option_label(option), default=bool(option.default))
            else:
                attrs[name] = WholeNumberField(
                    option_label(option),
                    minimum=option.minimum,
                    default=str(option.default),
                    render_kw={"max": option.maximum},
                )
        for key in overridable_keys(rs):
            attrs[house_field_name(rs.id, key)] = WholeNumberField(key, step=5)
    return type("NewMatchForm", (NewMatchBase,), attrs)


# --- Hands -----------------------------------------------------------------------------------


class HandBase(FlaskForm, BlockErrors):
    number = HiddenField()
    #: When editing: the stored hand's version the form was loaded from (see services.replace_hand).
    version = HiddenField()
    #: A new hand's single-use submission key, made when the form is rendered
    #: (scorekeeper.services.submission_keys).
    key = HiddenField()
    submit = SubmitField(_l("Save the hand"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.block_errors = {}

    def version_number(self) -> int | None:
        """The version the edit started from; None when the form carries none (nothing to compare)."""
        text = (self.version.data or "").strip()
        return int(text) if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS else None


class ConfirmField(HiddenField):
    """A side's "save it with 0" confirmation: ``y`` when any value sent under its name is ``y`` (the
    hidden input, or the "Save with 0" button that shares its name)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = CONFIRMED if CONFIRMED in valuelist else ""


def _subform(name: str, fields: dict[str, Any]) -> type[Form]:
    return type(name, (Form,), fields)


def side_hand_form_class(rs: RuleSet) -> type[Form]:
    """One side's part of a hand: steppers, flags, points, penalties and the card counters."""
    canastas = _subform(
        "CanastasForm", {k.code: WholeNumberField(canasta_label(k)) for k in rs.canasta_kinds}
    )
    penalties = _subform("PenaltiesForm", {p.code: WholeNumberField(penalty_label(p)) for p in rs.penalties})
    counter = _subform("CardCounterForm", {g.code: WholeNumberField(card_label(g)) for g in COUNTED_GROUPS})
    fields: dict[str, Any] = {
        "melds": WholeNumberField(_l("Melded cards (points)"), step=5),
        "hand": WholeNumberField(_l("Cards left in hand (points)"), step=5),
        "red_threes": WholeNumberField(_l("Red threes")),
        "canastas": FormField(canastas),
        "penalties": FormField(penalties),
        "custom_points": WholeNumberField(_l("Other penalty: points"), step=5),
        "custom_description": StringField(
            _l("What for"), [Storable()], render_kw={"maxlength": MAX_DESCRIPTION}
        ),
        #: Custom penalties of an edited hand beyond the one slot above, as JSON, kept as they were.
        "more_customs": HiddenField(validators=[readable_customs]),
        "melds_cards": FormField(counter),
        "hand_cards": FormField(counter),
        "blank_ok": ConfirmField(),
    }
    fields.update({flag.code: BooleanField(flag_label(flag)) for flag in rs.flags})
    return _subform("SideHandForm", fields)


def hand_form_class(rs: RuleSet, side_names: Sequence[str]) -> type[HandBase]:
    """The hand form of a match of ``rs`` whose sides are called ``side_names``."""
    went_out_choices = [SelectChoice(NOBODY, _l("Nobody (the stock ran out)"))]
    went_out_choices += [SelectChoice(str(i), name) for i, name in enumerate(side_names)]
    kinds = [SelectChoice(k.code, going_out_label(k)) for k in rs.going_out_kinds]
    attrs: dict[str, Any] = {
        "went_out": RadioField(
            _l("Who went out?"),
            choices=went_out_choices,
            invalid_choice_message=_l("Say who went out, or nobody."),
        ),
        "going_out_kind": RadioField(
            _l("How?"),
            choices=kinds,
            default=kinds[0].value if kinds else None,
            validate_choice=False,
        ),
        "sides": FieldList(
            FormField(side_hand_form_class(rs)), min_entries=len(side_names), max_entries=len(side_names)
        ),
    }
    return type("HandForm", (HandBase,), attrs)


def kept_customs(raw: str | None) -> list[dict[str, Any]]:
    """The custom penalties carried by the hidden field (checked again by the rules like any other);
    none when it is not what the page wrote (see :func:`customs_readable`)."""
    entries = _read_customs(raw)
    return [e for e in entries if isinstance(e, dict) and e.get("code") == CUSTOM] if entries else []


def customs_readable(raw: str | None) -> bool:
    """Whether the hidden field holds what the edit page writes: a JSON list of objects, nested no
    deeper than :data:`MAX_CUSTOMS_DEPTH` (a thousand brackets must not exhaust the parser's stack)."""
    return _read_customs(raw) is not None


def _read_customs(raw: str | None) -> list[Any] | None:
    if not json_depth_within(raw or "", MAX_CUSTOMS_DEPTH):
        return None
    try:
        entries = json.loads(raw or "[]")
    except ValueError:
        return None
    return entries if isinstance(entries, list) else None


def json_depth_within(text: str, limit: int) -> bool:
    """Whether the brackets of JSON ``text`` (outside its strings) nest at most ``limit`` deep."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return False
        elif char in "]}":
            depth -= 1
    return True


def readable_customs(_form: Any, field: Any) -> None:
    """Validator of the hidden ``more_customs`` field (:func:`customs_readable`)."""
    if not customs_readable(field.data):
        raise ValidationError(str(_l("The penalties kept from before were lost; enter them again.")))


class DeleteHandForm(FlaskForm):
    submit = SubmitField(_l("Delete the hand"))


class ReopenForm(FlaskForm):
    submit = SubmitField(_l("Continue editing"))


class UndoForm(FlaskForm):
    """Take back the hand just entered; ``confirm`` is ``yes`` when sent from the question that
    names the hand and its scores (matches/undo.html)."""

    confirm = HiddenField()


# --- History filters -------------------------------------------------------------------------

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
