"""Deleting one's account: a page where the owner types the password, then every piece of the
account's data goes (:mod:`scorekeeper.services.account_deletion`), the browser is logged out and
the username is free again. A wrong password changes nothing and is counted as a failed login is
(a stolen session must not become a way to guess the password, nor to delete the account)."""

from __future__ import annotations

from flask import flash, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import PasswordField
from wtforms.validators import DataRequired

from .. import sessions
from ..services.account_deletion import account_data, delete_account
from ..services.accounts import is_password
from . import guard
from .blueprint import bp
from .forms import REQUIRED
from .routes import too_many

TEMPLATE = "auth/delete.html"


class DeleteAccountForm(FlaskForm):
    password = PasswordField(
        _l("Your password"),
        validators=[DataRequired(REQUIRED)],
        render_kw={"autocomplete": "current-password"},
    )


def _page(form: DeleteAccountForm, status: int = 200) -> Response:
    """The page, never kept by the browser (it holds a password field)."""
    page = render_template(TEMPLATE, form=form, data=account_data(current_user.id))
    response = make_response(page, status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/account/delete", methods=["GET", "POST"])
@login_required
def delete_account_page() -> Response:
    form = DeleteAccountForm()
    if not form.validate_on_submit():
        return _page(form, 422 if form.is_submitted() else 200)
    wait = guard.login_wait(current_user.username, current_user)
    if wait:
        response = too_many(form, TEMPLATE, wait, data=account_data(current_user.id))
        response.headers["Cache-Control"] = "no-store"
        return response
    if not is_password(current_user, form.password.data):
        guard.failed(current_user.username, current_user)
        form.password.errors.append(_("Wrong password: nothing was deleted."))
        return _page(form, 422)
    user_id = current_user.id
    sessions.log_out()
    delete_account(user_id)
    flash(_("Your account and all its data were deleted."), "success")
    response = redirect(url_for("auth.login"))
    response.headers["Clear-Site-Data"] = '"cache"'  # the offline copies of its pages, as at logout
    response.headers["Cache-Control"] = "no-store"
    return response
