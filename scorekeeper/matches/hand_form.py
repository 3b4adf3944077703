"""The hand form to the API's hand dict and back (to pre-fill an edit), and the rules' error paths
back onto the form's inputs.

A side's melds or hand input left blank takes the points of its card counter (so the counter also
works without JavaScript); blank counts are 0.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, FormField

from ..rules import CUSTOM, RuleSet, count_points
from ..rules.cards import counted_groups
from .forms import CONFIRMED, NOBODY, HandBase, kept_customs

TOP = "_"


@dataclass
class HandRequest:
    """The API-shaped hand, and for each API path the input (or block) it came from."""

    data: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)
    blocks: dict[str, str] = field(default_factory=dict)


def _int(f: Any) -> int:
    value = f.as_int()
    return 0 if value is None else value


def _points(rs: RuleSet, points_field: Any, counter: Any) -> int:
    """The typed points, else the card counter's total at the rule set's card values."""
    typed = points_field.as_int()
    if typed is not None:
        return typed
    groups = counted_groups(rs.card_groups)
    return count_points({g.code: _int(counter[g.code]) for g in groups}, groups)


def _penalties(rs: RuleSet, side: Any, path: str, request: HandRequest) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for penalty in rs.penalties:
        count_field = side.penalties.form[penalty.code]
        count = _int(count_field)
        if count:
            at = f"{path}.penalties.{len(entries)}"
            request.fields.update({at: count_field, f"{at}.count": count_field, f"{at}.code": count_field})
            entries.append({"code": penalty.code, "count": count})
    points = side.custom_points.as_int()
    description = (side.custom_description.data or "").strip()
    if points is not None or description:
        at = f"{path}.penalties.{len(entries)}"
        request.fields.update(
            {
                at: side.custom_points,
                f"{at}.points": side.custom_points,
                f"{at}.description": side.custom_description,
            }
        )
        entries.append({"code": CUSTOM, "points": points, "description": description})
    for extra in kept_customs(side.more_customs.data):
        at = f"{path}.penalties.{len(entries)}"
        request.fields.update({at: side.custom_points})
        entries.append(extra)
    return entries


def _side(rs: RuleSet, side: Any, path: str, request: HandRequest) -> dict[str, Any]:
    """One side's dict; every input is registered under its API path."""
    request.blocks.update(
        {path: path, f"{path}.canastas": f"{path}.canastas", f"{path}.penalties": f"{path}.penalties"}
    )
    data: dict[str, Any] = {
        "melds": _points(rs, side.melds, side.melds_cards.form),
        "hand": _points(rs, side.hand, side.hand_cards.form),
        "red_threes": _int(side.red_threes),
        "canastas": {k.code: _int(side.canastas.form[k.code]) for k in rs.canasta_kinds},
    }
    request.fields.update({f"{path}.{key}": side[key] for key in ("melds", "hand", "red_threes")})
    if rs.red_threes.black_threes:
        data["black_threes"] = _int(side.black_threes)
        request.fields[f"{path}.black_threes"] = side.black_threes
    for kind in rs.canasta_kinds:
        request.fields[f"{path}.canastas.{kind.code}"] = side.canastas.form[kind.code]
    for flag in rs.flags:
        data[flag.code] = bool(side[flag.code].data)
        request.fields[f"{path}.{flag.code}"] = side[flag.code]
    data["penalties"] = _penalties(rs, side, path, request)
    return data


def form_to_hand(form: HandBase, rs: RuleSet, number: int | None = None) -> HandRequest:
    """The API's hand dict from a validated form; ``number`` (editing) wins over the hidden input."""
    raw_number = (form.number.data or "").strip()
    if number is None:
        number = (
            int(raw_number) if raw_number.isascii() and raw_number.isdigit() and len(raw_number) < 10 else 0
        )
    went_out = form.went_out.data
    request = HandRequest(
        data={
            "number": number,
            "went_out": None if went_out in (None, NOBODY) else int(went_out),
            "going_out_kind": None if went_out in (None, NOBODY) else (form.going_out_kind.data or None),
        }
    )
    request.fields.update(went_out=form.went_out, going_out_kind=form.going_out_kind)
    request.data["sides"] = [
        _side(rs, entry.form, f"sides.{i}", request) for i, entry in enumerate(form.sides)
    ]
    return request


def _block_for(path: str, request: HandRequest) -> str | None:
    """The nearest registered block above ``path`` (``sides.0.penalties.3.code`` → ``sides.0.penalties``)."""
    parts = path.split(".")
    for end in range(len(parts), 0, -1):
        block = request.blocks.get(".".join(parts[:end]))
        if block is not None:
            return block
    return None


def place_hand_errors(form: HandBase, request: HandRequest, errors: Mapping[str, list[str]]) -> None:
    """Each message next to its input, else at its block (side, canastas, penalties), else on top."""
    for path, messages in errors.items():
        target = request.fields.get(path)
        block = None if target is not None else _block_for(path, request)
        for message in messages:
            if target is not None:
                target.errors = [*target.errors, message]
            elif block is not None:
                form.add_block_error(block, message)
            else:
                form.form_errors.append(message)
    form.refresh_errors()


def field_error_paths(form: HandBase) -> dict[str, list[str]]:
    """The form's own errors (a number that is not one) keyed like the API's paths."""
    out: dict[str, list[str]] = {}

    def walk(errors: Any, prefix: str) -> None:
        if isinstance(errors, dict):
            for key, value in errors.items():
                walk(value, f"{prefix}.{key}" if prefix else str(TOP if key is None else key))
        elif isinstance(errors, list) and any(isinstance(e, (dict, list)) for e in errors):
            for i, value in enumerate(errors):
                if value:
                    walk(value, f"{prefix}.{i}")
        elif errors:  # messages: str, or lazy strings (a field's own "required" message)
            out[prefix] = [str(e) for e in errors]

    walk(form.errors, "")
    return out


def input_to_formdata(data: Mapping[str, Any], rs: RuleSet) -> MultiDict[str, str]:
    """Form values that show a stored hand (its normalised input) for editing."""
    went_out = data.get("went_out")
    flat: dict[str, str] = {
        "number": str(data["number"]),
        "went_out": NOBODY if went_out is None else str(went_out),
        "going_out_kind": data.get("going_out_kind")
        or (rs.going_out_kinds[0].code if rs.going_out_kinds else ""),
    }
    for i, side in enumerate(data["sides"]):
        prefix = f"sides-{i}-"
        for key in ("melds", "hand", "red_threes"):
            flat[prefix + key] = str(side.get(key, 0))
        if rs.red_threes.black_threes:
            flat[prefix + "black_threes"] = str(side.get("black_threes", 0))
        for code, n in side.get("canastas", {}).items():
            flat[f"{prefix}canastas-{code}"] = str(n)
        for flag in rs.flags:
            if side.get(flag.code):
                flat[prefix + flag.code] = "y"
        _penalties_to_formdata(side.get("penalties", []), prefix, flat)
    return MultiDict(flat)


def _penalties_to_formdata(entries: list[Mapping[str, Any]], prefix: str, flat: dict[str, str]) -> None:
    """Penalties of a stored hand into the form: counts per code; the first custom penalty (if it was
    taken once) in the visible slot, every other custom one kept exactly in the hidden field."""
    customs: list[dict[str, Any]] = []
    for entry in entries:
        count = int(entry.get("count", 1))
        if entry["code"] == CUSTOM:
            customs.append(
                {
                    "code": CUSTOM,
                    "count": count,
                    "points": entry.get("points"),
                    "description": str(entry.get("description", "")),
                }
            )
        else:
            key = f"{prefix}penalties-{entry['code']}"
            flat[key] = str(int(flat.get(key, "0")) + count)
    if customs and customs[0]["count"] == 1:
        first = customs.pop(0)
        flat[prefix + "custom_points"] = "" if first["points"] is None else str(first["points"])
        flat[prefix + "custom_description"] = first["description"]
    if customs:
        flat[prefix + "more_customs"] = json.dumps(customs)


def blank_sides(form: HandBase, rs: RuleSet | None = None) -> list[int]:
    """The sides of which nothing at all was entered (not one value, box or count; a typed 0 counts
    as entered) and not confirmed as 0 (their ``blank_ok``): the page asks before saving them. A side
    that went out with a special hand of ``rs`` (American Canasta) is blank on purpose."""
    special = rs.going_out_kind(form.going_out_kind.data or "") if rs is not None else None
    went_out = form.went_out.data
    on_purpose = str(went_out) if special is not None and special.special and went_out != NOBODY else None

    def entered(f: Any) -> bool:
        if isinstance(f, FormField):
            return any(entered(sub) for sub in f.form)
        if isinstance(f, BooleanField):
            return bool(f.data)
        return f.short_name != "blank_ok" and bool(str(f.data or "").strip())

    return [
        i
        for i, entry in enumerate(form.sides)
        if entry.form.blank_ok.data != CONFIRMED
        and str(i) != on_purpose
        and not any(entered(f) for f in entry.form)
    ]


#: A side's index in a query string: one or two digits.
SIDE_INDEX = re.compile(r"[0-9]{1,2}")


def add_penalty(form: HandBase, rs: RuleSet, args: Mapping[str, str]) -> tuple[int, str] | None:
    """One more of the penalty ``args["penalty"]`` (a code of ``rs``) for side ``args["side"]`` (its
    index), as the penalty page's "Add to this hand" asks. Anything else (an unknown code, a side the
    match has not, a count that is not a number) changes nothing.

    :return: the side and the code added, or None.
    """
    code, side = args.get("penalty", ""), args.get("side", "")
    if code not in {p.code for p in rs.penalties} or not SIDE_INDEX.fullmatch(side):
        return None
    if int(side) >= len(form.sides):
        return None
    count = form.sides[int(side)].form.penalties.form[code]
    before = str(count.data or "0").strip()
    if not before.isascii() or not before.isdigit():
        return None
    count.data = str(int(before) + 1)
    return int(side), code
