"""Club pages. Who may open each is declared in :data:`scorekeeper.access.ACCESS`."""

from __future__ import annotations

from typing import Any, Final

from flask import flash, redirect, render_template, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required
from werkzeug.wrappers import Response

from .. import single_use
from ..access import SESSION_KEY, current_club
from ..i18n import translated_errors
from ..rules import ValidationError
from ..services import clubs as service
from ..services.errors import Conflict
from .blueprint import bp
from .forms import ClubForm

UNPROCESSABLE: Final = 422


def _index(form: ClubForm, status: int = 200) -> tuple[str, int]:
    current = session.get(SESSION_KEY)
    return render_template("clubs/index.html", clubs=service.clubs_of(current_user.id), form=form,
                           current=current), status


@bp.route("/clubs", methods=["GET", "POST"])
@login_required
def index() -> Any:
    """The account's clubs (the personal one first), each to switch to; and a new club."""
    form = ClubForm()
    valid = form.validate_on_submit()
    if form.is_submitted():
        single_use.check(form)
    if not valid:
        return _index(form, UNPROCESSABLE if form.is_submitted() else 200)
    data = {"name": form.name.data, "slug": form.slug.data, "language": form.language.data,
            "time_zone": form.time_zone.data}
    try:
        with single_use.claim("club", lambda _made: url_for("clubs.index")):
            club = service.create_club(current_user.id, data)
    except ValidationError as error:
        fields = {name: getattr(form, name) for name in ("name", "slug", "language", "time_zone")}
        for path, messages in translated_errors(error).items():
            at = fields.get(path, form.name)
            at.errors = [*at.errors, *messages]
        return _index(form, UNPROCESSABLE)
    session[SESSION_KEY] = club.id
    flash(_("The club %(name)s is ready; you are its owner.", name=club.name), "success")
    return redirect(url_for("clubs.members", slug=club.slug))


@bp.post("/clubs/<slug>/switch")
@login_required
def switch(slug: str) -> Response:
    """Work in this club: the lists and new matches and events are its own from now on."""
    session[SESSION_KEY] = current_club().id
    return redirect(url_for("matches.index"))


@bp.get("/clubs/<slug>/members")
@login_required
def members(slug: str) -> str:
    club = service.get_club(slug)
    return render_template("clubs/members.html", club=club, role=current_club().role,
                           members=service.members(club.id))


@bp.post("/clubs/<slug>/leave")
@login_required
def leave(slug: str) -> Response:
    """Leave the club (the last owner cannot: the page says why)."""
    club = service.get_club(slug)
    try:
        service.remove_member(club, current_user.username)
    except Conflict as error:
        flash(_(error.message), "error")
        return redirect(url_for("clubs.members", slug=slug))
    session.pop(SESSION_KEY, None)
    flash(_("You left %(name)s.", name=club.name), "success")
    return redirect(url_for("clubs.index"))
