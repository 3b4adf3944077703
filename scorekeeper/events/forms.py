"""Forms of the organiser's pages: a new event (with the new-match page's house-rule inputs), a late
entry, a round seated by hand, a correction's reason, and the one-button forms of the console."""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, SelectField, StringField, SubmitField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, ValidationError

from ..matches.forms import HOUSE_PREFIX, BlockErrors, NewMatchBase, WholeNumberField, new_match_form_class
from ..matches.forms.history_filters import DayField
from ..rules import all_rulesets
from ..rules.match_setup import MAX_NAME
from ..services.series import MAX_SERIES_NAME
from ..single_use import SingleUse
from ..validators import Storable

#: The event's formats, in the order the form offers them (API.md "Club nights").
FORMATS: Final = ("round_robin", "mitchell", "swiss", "individual")
FORMAT_NAMES: Final = {
    "round_robin": _l("Round robin"),
    "mitchell": _l("Mitchell (one half moves a table up each round)"),
    "swiss": _l("Swiss (equal match points meet)"),
    "individual": _l("Individual (partners change every round)"),
}
FORMAT_SHORT: Final = {
    "round_robin": _l("Round robin"),
    "mitchell": _l("Mitchell"),
    "swiss": _l("Swiss"),
    "individual": _l("Individual"),
}
GAMES: Final = ("hands", "minutes", "target")
#: House rules the event's "game" sets itself (``{"hands": N}`` is ``hands_limit`` N).
GAME_KEYS: Final = ("hands_limit",)
MAX_ENTRIES_TEXT: Final = 20_000
#: Between the players of an entry typed on one line: "Ana & Luis", "Ana + Luis", "Ana, Luis".
PLAYER_SPLIT: Final = re.compile(r"\s*[&+,;/]\s*")
#: "Los Ases: Ana & Luis" names the entry.
NAMED: Final = re.compile(r"^(?P<name>[^:]+?)\s*:\s*(?P<players>.+)$")


def parse_entries(text: str) -> list[dict[str, Any]]:
    """One entry per non-empty line: its players split at ``&`` (or ``+ , ; /``), an optional name
    before a colon. Blank lines are skipped; the service checks everything else (sizes, repeats)."""
    entries: list[dict[str, Any]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        found = NAMED.match(line)
        name = found.group("name").strip() if found else ""
        players = [p for p in PLAYER_SPLIT.split(found.group("players") if found else line) if p]
        entry: dict[str, Any] = {"players": players}
        if name:
            entry["name"] = name
        entries.append(entry)
    return entries


def entry_lines(text: str) -> list[int]:
    """The form's line number (from 1) of each parsed entry, so a message at ``entries.N`` can name
    the line the organiser typed."""
    return [n for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]


def house_fields() -> dict[str, Any]:
    """The new-match page's house-rule inputs of every rule set (the same unbound fields, so the two
    pages offer the same rules with the same labels). Those the event's game sets (:data:`GAME_KEYS`)
    are not shown, so never sent: they stay out of the house rules."""
    source = new_match_form_class()
    return {name: getattr(source, name) for name in dir(source) if name.startswith(HOUSE_PREFIX)}


class NewEventBase(FlaskForm, BlockErrors, SingleUse):
    name = StringField(
        _l("Event name"),
        [InputRequired(_l("Give the event a name.")), Length(max=MAX_NAME), Storable()],
        render_kw={"maxlength": MAX_NAME, "autocomplete": "off"},
    )
    day = DayField(_l("Date"))
    ruleset = RadioField(_l("Rule set"), default="classic")
    target = WholeNumberField(_l("Target score"), step=500, minimum=100)
    format = RadioField(_l("Format"), default="round_robin")
    rounds = WholeNumberField(_l("Rounds"), minimum=1)
    game = RadioField(_l("Each game"), default="hands")
    hands = WholeNumberField(_l("Hands per game"), minimum=1, default="3")
    minutes = WholeNumberField(_l("Minutes per round"), minimum=1, default="45")
    win = WholeNumberField(_l("Match points for a win"), default="2")
    draw = WholeNumberField(_l("Match points for a draw"), default="1")
    loss = WholeNumberField(_l("Match points for a loss"), default="0")
    bye = WholeNumberField(_l("Match points for a bye"), default="2")
    entries = TextAreaField(
        _l("Entries, one per line"),
        [Length(max=MAX_ENTRIES_TEXT), Storable()],
        render_kw={"rows": 8, "autocomplete": "off", "spellcheck": "false"},
    )
    submit = SubmitField(_l("Create the event"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.block_errors = {}
        self.ruleset.choices = [SelectChoice(rs.id, _l(rs.name)) for rs in all_rulesets()]
        self.format.choices = [SelectChoice(f, FORMAT_NAMES[f]) for f in FORMATS]
        self.game.choices = [
            SelectChoice("hands", _l("A number of hands")),
            SelectChoice("minutes", _l("A time limit")),
            SelectChoice("target", _l("To the target score")),
        ]

    def house_field(self, ruleset_id: str, key: str) -> Any:
        return NewMatchBase.house_field(self, ruleset_id, key)

    def validate_entries(self, field: Any) -> None:
        if not parse_entries(field.data or ""):
            raise ValidationError(str(_l("Type the entries, one per line (for example: Ana & Luis).")))


@cache
def new_event_form_class() -> type[NewEventBase]:
    """The new-event form with the house-rule inputs of every rule set."""
    return type("NewEventForm", (NewEventBase,), house_fields())


class EntryForm(FlaskForm, SingleUse):
    """A late entry (Swiss, individual) or one added before the first round."""

    players = StringField(
        _l("Players"),
        [InputRequired(_l("Type the entry's players.")), Length(max=2 * MAX_NAME + 3), Storable()],
        render_kw={"autocomplete": "off", "placeholder": "Ana & Luis"},
    )
    name = StringField(
        _l("Entry name (optional)"), [Length(max=MAX_NAME), Storable()], render_kw={"autocomplete": "off"}
    )
    submit = SubmitField(_l("Add the entry"))


class ActionForm(FlaskForm, SingleUse):
    """A console button that changes something (close a round, finish, a link, absent/back)."""


class SeatForm(FlaskForm, SingleUse):
    """Seat the next round: the proposal as shown, or with entries swapped in its selects (read by
    :func:`scorekeeper.events.routes.sent_tables`)."""


class SeriesForm(FlaskForm, SingleUse):
    """A new series of club nights."""

    name = StringField(
        _l("Series name"),
        [InputRequired(_l("Give it a name.")), Length(max=MAX_SERIES_NAME), Storable()],
        render_kw={"maxlength": MAX_SERIES_NAME, "autocomplete": "off"},
    )
    best = WholeNumberField(_l("Nights that count (each player’s best)"), minimum=1, default="8")
    minimum = WholeNumberField(_l("Nights to be ranked (at least)"), minimum=0, default="1")
    submit = SubmitField(_l("Create the series"))


class EventSeriesForm(FlaskForm, SingleUse):
    """The series an event counts in (or none)."""

    series = SelectField(_l("Counts in the series"), validate_choice=False)
    submit = SubmitField(_l("Save"))
