"""The new-match form to the API's match dict, and the service's error paths back onto the form.

Side blocks and player inputs left empty are skipped, so the dict's indexes may differ from the form's:
:class:`MatchRequest` remembers where each API path came from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import gettext as _

from ..rules import Preset, RuleSet, get_ruleset, presets_for
from ..rules.house_rule_table import BANDS_KEY, book_value
from ..rules.match_setup import MAX_NAME
from ..rules.model import OptionKind
from ..rules.registry import BOOKS
from ..seating import table_order
from .forms import (
    BAND_ROWS,
    FIXED_BAND_ROWS,
    NewMatchBase,
    band_field_names,
    house_field_name,
    overridable_keys,
)
from .labels import override_label


@dataclass
class MatchRequest:
    """The API-shaped dict, and for each API path the form field (or block) it came from."""

    data: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)
    blocks: dict[str, str] = field(default_factory=dict)


def override_rows(rs: RuleSet) -> list[tuple[str, str, str]]:
    """``(key, label, book value)`` of every value the "advanced" block offers to change."""
    book = BOOKS[rs.id]
    rows = []
    for key in overridable_keys(rs):
        value = book_value(book, key)
        rows.append((key, override_label(book, key), "" if value is None else str(value)))
    return rows


def bands_block(ruleset_id: str) -> str:
    """The key of the opening-band table's block of messages on the new-match page."""
    return f"house_rules.{BANDS_KEY}.{ruleset_id}"


def band_rows(ruleset_id: str) -> list[tuple[str, str]]:
    """The input names of each row of the opening-band table (for the page)."""
    return [band_field_names(ruleset_id, row) for row in range(BAND_ROWS)]


def _band_table(form: NewMatchBase, rs: RuleSet) -> list[list[int | None]]:
    """The opening-band table as typed: ``[[from, minimum], ...]``, empty rows left out."""
    table: list[list[int | None]] = []
    for row in range(BAND_ROWS):
        start_name, minimum_name = band_field_names(rs.id, row)
        minimum = form[minimum_name].as_int()
        if row < FIXED_BAND_ROWS:
            table.append([None if row == 0 else 0, minimum])
            continue
        start = form[start_name].as_int()
        if start is not None or minimum is not None:
            table.append([start, minimum])
    return table


def _house_rules(form: NewMatchBase, rs: RuleSet, request: MatchRequest) -> dict[str, Any]:
    """The chosen rule set's options that differ from the book, and the filled overrides."""
    chosen: dict[str, Any] = {}
    for option in rs.house_options:
        if option.kind is OptionKind.BANDS:
            table = _band_table(form, rs)
            if table != [[b.start, b.minimum] for b in BOOKS[rs.id].opening_bands]:
                chosen[option.key] = table
                request.blocks[f"house_rules.{option.key}"] = bands_block(rs.id)
            continue
        f = form.house_field(rs.id, option.key)
        if option.kind is OptionKind.MINIMUMS:
            minimums = f.as_list()
            if minimums is not None:
                chosen[option.key] = minimums
                request.fields[f"house_rules.{option.key}"] = f
                request.fields["house_rules"] = f  # (not together with bands: said next to it)
            continue
        value = bool(f.data) if option.kind is OptionKind.SWITCH else f.as_int()
        if value is not None and value != option.default:
            chosen[option.key] = value
            request.fields[f"house_rules.{option.key}"] = f
    for key in overridable_keys(rs):
        f = form.house_field(rs.id, key)
        value = f.as_int()
        if value is not None:
            chosen[key] = value
            request.fields[f"house_rules.{key}"] = f
    return chosen


def default_side_name(players: list[str]) -> str:
    """A side left unnamed is called after its players, as the reader's language joins names
    ("Ana y Luis", "Ana and Luis", "Ana et Luis"), cut to the longest name a side may have."""
    name = str(format_list(players, locale=get_locale())) if players else ""
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def _sides(
    form: NewMatchBase, request: MatchRequest
) -> tuple[list[dict[str, Any]], dict[tuple[int, int], str]]:
    """Filled side blocks; and for each filled (form side, form player) its "side-player" API seat."""
    sides: list[dict[str, Any]] = []
    seats: dict[tuple[int, int], str] = {}
    for form_index, entry in enumerate(form.sides):
        side = entry.form
        filled = [(j, (p.data or "").strip()) for j, p in enumerate(side.players) if (p.data or "").strip()]
        if not (side.name.data or "").strip() and not filled:
            continue
        i = len(sides)
        request.blocks[f"sides.{i}"] = f"sides.{form_index}"
        request.fields[f"sides.{i}.name"] = side.name
        request.fields[f"sides.{i}.players"] = side.players[0]
        for k, (j, _name) in enumerate(filled):
            request.fields[f"sides.{i}.players.{k}"] = side.players[j]
            seats[(form_index, j)] = f"{i}-{k}"
        players = [name for _j, name in filled]
        sides.append(
            {"name": (side.name.data or "").strip() or default_side_name(players), "players": players}
        )
    return sides, seats


def _first_dealer(form: NewMatchBase, sides: list[dict[str, Any]], seats: dict[tuple[int, int], str]) -> Any:
    """The chosen dealer's seat in table order (0 when not chosen); ``None`` for an empty place."""
    choice = form.first_dealer.data or ""
    if not choice:
        return 0
    form_side, _dash, form_player = choice.partition("-")
    if not (form_side.isdigit() and form_player.isdigit()):
        return None
    seat = seats.get((int(form_side), int(form_player)))
    order = table_order([[f"{i}-{k}" for k in range(len(s["players"]))] for i, s in enumerate(sides)])
    return next((n for n, ref in enumerate(order) if ref.name == seat), None)


def form_to_match(form: NewMatchBase) -> MatchRequest:
    """Build the API's new-match dict from a validated form."""
    request = MatchRequest(data={"ruleset": form.ruleset.data})
    request.fields.update(ruleset=form.ruleset, target=form.target, first_dealer=form.first_dealer)
    try:
        rs = get_ruleset(str(form.ruleset.data))
    except LookupError:
        rs = None
    if rs is not None:
        request.data["house_rules"] = _house_rules(form, rs, request)
    target = form.target.as_int()
    if target is not None:
        request.data["target"] = target
    sides, seats = _sides(form, request)
    request.data["sides"] = sides
    dealer = _first_dealer(form, sides, seats)
    if dealer is None:
        form.first_dealer.errors = [*form.first_dealer.errors, _("Nobody sits in that place.")]
    else:
        request.data["first_dealer"] = dealer
    return request


def place_match_errors(form: NewMatchBase, request: MatchRequest, errors: dict[str, list[str]]) -> None:
    """Show each message next to its input, at its side block, or at the top of the form."""
    for path, messages in errors.items():
        target = request.fields.get(path)
        for message in messages:
            if target is not None:
                target.errors = [*target.errors, message]
            elif path in request.blocks:
                form.add_block_error(request.blocks[path], message)
            elif path == "sides":
                form.add_block_error("sides", message)
            else:
                form.form_errors.append(message)
    form.refresh_errors()


def _bands_of(rs: RuleSet, house_rules: Mapping[str, Any]) -> list[list[Any]]:
    """The opening-band table ``house_rules`` give: the whole table, or the book's with any single
    bands' minimums (``opening_bands.I``) changed."""
    table = house_rules.get(BANDS_KEY)
    if table is not None:
        return [list(row) for row in table]
    return [
        [band.start, house_rules.get(f"{BANDS_KEY}.{i}", band.minimum)]
        for i, band in enumerate(BOOKS[rs.id].opening_bands)
    ]


def house_rule_fields(rs: RuleSet, house_rules: Mapping[str, Any]) -> dict[str, str | bool]:
    """Every house-rule input of ``rs`` on the new-match page, by name, as ``house_rules`` fill it
    (the rule book's values where they say nothing): what a preset button puts in the form, and how
    a match's stored house rules (either form of the bands) come back into it."""
    fields: dict[str, str | bool] = {}
    for option in rs.house_options:
        value = house_rules.get(option.key, option.default)
        if option.kind is OptionKind.BANDS:
            table = _bands_of(rs, house_rules)
            for row in range(BAND_ROWS):
                start_name, minimum_name = band_field_names(rs.id, row)
                start, minimum = table[row] if row < len(table) else ("", "")
                if row >= FIXED_BAND_ROWS:
                    fields[start_name] = str(start)
                fields[minimum_name] = str(minimum)
        elif option.kind is OptionKind.SWITCH:
            fields[house_field_name(rs.id, option.key)] = bool(value)
        elif option.kind is OptionKind.MINIMUMS:
            fields[house_field_name(rs.id, option.key)] = ", ".join(str(m) for m in value or ())
        else:
            fields[house_field_name(rs.id, option.key)] = "" if value is None else str(value)
    for key in overridable_keys(rs):
        value = house_rules.get(key)
        fields[house_field_name(rs.id, key)] = "" if value is None else str(value)
    return fields


@dataclass(frozen=True)
class PresetChoice:
    """A button of the new-match page that fills the house-rule inputs (``fields``, as JSON)."""

    preset: Preset | None  # None: back to the rule book
    fields: str


def preset_choices(rs: RuleSet) -> list[PresetChoice]:
    """The rule set's presets, then the rule book itself; empty when it has no preset."""
    presets = presets_for(rs.id)
    if not presets:
        return []
    choices = [PresetChoice(p, json.dumps(house_rule_fields(rs, p.house_rules))) for p in presets]
    return [*choices, PresetChoice(None, json.dumps(house_rule_fields(rs, {})))]


def house_rules_request(form: Any, rs: RuleSet) -> MatchRequest:
    """The house rules chosen in a form that carries the new-match page's house-rule inputs (the new
    event's too), and where each API path came from (for :func:`place_match_errors`)."""
    request = MatchRequest(data={})
    request.data["house_rules"] = _house_rules(form, rs, request)
    return request
