"""The new-match form: sides, target, first dealer, and every rule set's house-rule inputs."""

from __future__ import annotations

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

from ...rules import RuleSet, all_rulesets, house_rule_keys
from ...rules.house_rule_table import BANDS_KEY, SECTIONS
from ...rules.match_setup import MAX_NAME, MAX_PLAYERS_PER_SIDE, MAX_SIDES
from ...rules.model import OptionKind
from ...single_use import SingleUse
from ...validators import Storable
from ...vocabulary import option_label
from .fields import BlockErrors, WholeNumberField, WholeNumbersField

HOUSE_PREFIX: Final = "hr__"
#: Rows of the opening-band table on the new-match page (Canastón's book has six bands).
BAND_ROWS: Final = 8
#: The first rows start below 0 and at 0 (docs/rules.md): their start is not an input.
FIXED_BAND_ROWS: Final = 2
BANDS_PREFIX: Final = f"{BANDS_KEY}."


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
        fields[minimum_name] = WholeNumberField(
            _l("First meld needs"), step=SECTIONS[BANDS_KEY].step, default=minimum
        )
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
            elif option.kind is OptionKind.MINIMUMS:
                attrs[name] = WholeNumbersField(
                    option_label(option), render_kw={"placeholder": "125, 155, 180"}
                )
            else:
                attrs[name] = WholeNumberField(
                    option_label(option),
                    minimum=option.minimum,
                    default="" if option.default is None else str(option.default),
                    render_kw={"max": option.maximum},
                )
        for key in overridable_keys(rs):
            section = SECTIONS[key.partition(".")[0]]
            attrs[house_field_name(rs.id, key)] = WholeNumberField(key, step=section.step)
    return type("NewMatchForm", (NewMatchBase,), attrs)
