"""The new-match form to the API's match dict, and the service's error paths back onto the form.

Side blocks and player inputs left empty are skipped, so the dict's indexes may differ from the form's:
:class:`MatchRequest` remembers where each API path came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from ..rules import RuleSet, get_ruleset
from ..rules.model import OptionKind
from ..rules.registry import BOOKS
from ..seating import table_order
from .forms import NewMatchBase, overridable_keys
from .labels import override_label


@dataclass
class MatchRequest:
    """The API-shaped dict, and for each API path the form field (or block) it came from."""

    data: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)
    blocks: dict[str, str] = field(default_factory=dict)


def book_value(rs: RuleSet, key: str) -> int | None:
    """The rule book's points for an overridable ``key`` (the placeholder of its input)."""
    book = BOOKS[rs.id]
    section, _dot, code = key.partition(".")
    if section in ("canasta_kinds", "going_out_kinds", "penalties", "flags"):
        item = next((i for i in getattr(book, section) if i.code == code), None)
        return item.points if item else None
    if section == "many_canastas":
        return next((t.points for t in book.many_canastas if str(t.min_canastas) == code), None)
    if section == "opening_bands" and code.isdigit() and int(code) < len(book.opening_bands):
        return book.opening_bands[int(code)].minimum
    if section == "red_threes":
        return getattr(book.red_threes, code, None)
    return None


def override_rows(rs: RuleSet) -> list[tuple[str, str, str]]:
    """``(key, label, book value)`` of every value the "advanced" block offers to change."""
    book = BOOKS[rs.id]
    rows = []
    for key in overridable_keys(rs):
        value = book_value(rs, key)
        rows.append((key, override_label(book, key), "" if value is None else str(value)))
    return rows


def _house_rules(form: NewMatchBase, rs: RuleSet, request: MatchRequest) -> dict[str, Any]:
    """The chosen rule set's options that differ from the book, and the filled overrides."""
    chosen: dict[str, Any] = {}
    for option in rs.house_options:
        f = form.house_field(rs.id, option.key)
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
        sides.append({"name": side.name.data or "", "players": [name for _j, name in filled]})
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
