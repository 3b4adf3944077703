"""Match pages."""

from __future__ import annotations

from flask import render_template
from flask_login import current_user, login_required

from ..services import list_matches
from . import bp


@bp.get("/")
@login_required
def index() -> str:
    views, _total = list_matches(current_user.id, 1, 50)
    return render_template("matches/index.html", views=views)
