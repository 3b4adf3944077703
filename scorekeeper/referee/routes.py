"""Referee pages (placeholder routes; the pages are being built)."""

from __future__ import annotations

from flask_login import login_required

from . import bp


@bp.get("/matches/<int:match_id>/penalties")
@login_required
def penalties(match_id: int) -> str:
    return "penalties"


@bp.get("/matches/<int:match_id>/rules")
@login_required
def reference(match_id: int) -> str:
    return "rules"


@bp.route("/matches/<int:match_id>/opening", methods=["GET", "POST"])
@login_required
def opening(match_id: int) -> str:
    return "opening"
