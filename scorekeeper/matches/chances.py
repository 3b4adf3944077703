"""The chance each side wins, shown on the new-match page as players are typed
(``static/new_match.js`` asks this read-only JSON view; without it the page simply shows none)."""

from __future__ import annotations

from typing import Final

from flask import Response, jsonify, request
from flask_babel import format_percent
from flask_babel import gettext as _
from flask_login import login_required

from ..access import current_club
from ..rules import ValidationError
from ..rules.match_setup import MAX_SIDES
from ..services.rating_reads import parse_prediction, predict
from .blueprint import bp

UNPROCESSABLE: Final = 422


@bp.get("/matches/new/chances")
@login_required
def chances() -> tuple[Response, int]:
    """``?ruleset=ID&side0=Ana&side0=Luis&side1=Eva&side1=Juan`` → ``{"win": [0.63, 0.37], "text":
    "..."}``: the model's chances from the account's ratings in that rule set (names not rated yet
    at the default), and a sentence of them written the reader's way. Fewer than two sides with a
    name: no chances (``win`` empty). A name in two sides, an unknown rule set: 422 with ``errors``."""
    sides = [
        [name.strip() for name in request.args.getlist(f"side{i}") if name.strip()] for i in range(MAX_SIDES)
    ]
    named = [side for side in sides if side]
    if len(named) < 2:
        return jsonify({"win": [], "text": ""}), 200
    try:
        parsed, scope = parse_prediction({"sides": named, "ruleset": request.args.get("ruleset") or None})
    except ValidationError as error:
        return jsonify({"errors": {e.path: [e.render()] for e in error.errors}}), UNPROCESSABLE
    win = predict(current_club().id, parsed, scope)
    numbered = [n for n, side in enumerate(sides, start=1) if side]
    each = [
        _("Side %(n)s %(chance)s", n=n, chance=format_percent(chance))
        for n, chance in zip(numbered, win, strict=True)
    ]
    text = _("Chance of winning, by the ratings: %(chances)s.", chances=" · ".join(each))
    return jsonify({"win": win, "text": text}), 200
