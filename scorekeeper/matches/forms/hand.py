"""The hand form, built for one match (its rule set's canasta kinds, flags and penalties, its sides),
and the small forms of the hand pages."""

from __future__ import annotations

import json
from collections.abc import Sequence
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
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError

from ...rules import CUSTOM, RuleSet
from ...rules.hand import MAX_DESCRIPTION
from ...validators import Storable
from ..labels import COUNTED_GROUPS, canasta_label, card_label, flag_label, going_out_label, penalty_label
from .fields import MAX_DIGITS, BlockErrors, WholeNumberField

NOBODY: Final = "none"
CONFIRMED: Final = "y"
#: The longest reason a director gives for a correction.
MAX_REASON: Final = 200
#: A list of penalty objects, whose values are plain: two levels (three to leave room for a mistake
#: the rules then name at its field).
MAX_CUSTOMS_DEPTH: Final = 3


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
    if rs.red_threes.black_threes:  # American Canasta lays out and scores black threes too
        fields["black_threes"] = WholeNumberField(_l("Black threes"))
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


class CorrectionReasonForm(Form):
    """Why a club night's director corrects a hand of an event game: required, kept in the edit log
    (read from the hand form's own request; the hand form holds the CSRF token)."""

    reason = StringField(
        _l("Reason for the correction"),
        [InputRequired(_l("Say why the hand is corrected.")), Length(max=MAX_REASON), Storable()],
        render_kw={"maxlength": MAX_REASON, "autocomplete": "off"},
    )


class ReopenForm(FlaskForm):
    submit = SubmitField(_l("Continue editing"))


class UndoForm(FlaskForm):
    """Take back the hand just entered; ``confirm`` is ``yes`` when sent from the question that
    names the hand and its scores (matches/undo.html)."""

    confirm = HiddenField()
