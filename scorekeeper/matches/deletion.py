"""Deleting a whole match from its pages: a confirmation page that names the match (sides, date,
hands), then :func:`scorekeeper.services.delete_match`, then the history. A match of another
account is 404, like any other."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import login_required
from flask_wtf import FlaskForm

from ..loaders import owned_or_404
from ..models import Match
from ..rules import all_rulesets
from ..services import Conflict, check_deletable, delete_match, get_match
from .blueprint import bp
from .scoreboard import HistoryRow, history_row


class DeleteMatchForm(FlaskForm):
    """Delete the match (only a CSRF token)."""


def _row(match: Match) -> HistoryRow:
    return history_row(match, {rs.id: rs.name for rs in all_rulesets()})


def _kept_because(match: Match) -> str | None:
    """Why the match must stay (see :data:`scorekeeper.services.matches.DELETE_CHECKS`), translated."""
    try:
        check_deletable(match)
    except Conflict as error:
        return _(error.message).format(**error.params)
    return None


@bp.route("/matches/<int:match_id>/delete", methods=["GET", "POST"])
@login_required
def delete(match_id: int) -> Any:
    """The confirmation page; its POST deletes the match and shows the history. From then on the
    match is 404, like one that never was (a second tap included). (A POST without a good CSRF
    token never gets here: CSRFProtect answers 400.)"""
    match = owned_or_404(get_match, match_id)
    form = DeleteMatchForm()
    if form.validate_on_submit():
        row = _row(match)
        try:
            delete_match(match)
        except Conflict as error:
            flash(_(error.message).format(**error.params), "error")
            return redirect(url_for("matches.show", match_id=match_id))
        names = " – ".join(side.name for side in row.sides)
        flash(_("The match %(sides)s of %(date)s was deleted.", sides=names, date=row.date), "success")
        return redirect(url_for("matches.history"))
    return render_template(
        "matches/delete_match.html", form=form, match=match, row=_row(match), kept=_kept_because(match)
    )
