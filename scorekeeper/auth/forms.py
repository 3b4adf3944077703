"""Account forms. Labels and messages are lazily translated into the user's language."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, Form, HiddenField, PasswordField, StringField, SubmitField
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from ..services.accounts import MAX_PASSWORD, MIN_PASSWORD, USERNAME_PATTERN, password_problem
from ..single_use import SingleUse
from ..validators import Storable

REQUIRED = _l("This field is required.")


class LoginForm(FlaskForm):
    username = StringField(
        _l("Username"),
        validators=[DataRequired(REQUIRED), Storable()],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = PasswordField(
        _l("Password"), validators=[DataRequired(REQUIRED)], render_kw={"autocomplete": "current-password"}
    )
    remember = BooleanField(_l("Remember me on this device"), default=True)
    submit = SubmitField(_l("Log in"))


def not_guessable(form: Form, field: Field) -> None:
    """Refuse the passwords that guessers try first
    (:func:`scorekeeper.services.accounts.password_problem`)."""
    password = field.data or ""
    if len(password) < MIN_PASSWORD:
        return  # Length says what is wrong
    username = form.username.data if "username" in form else getattr(current_user, "username", "")
    problem = password_problem(password, username or "")
    if problem:
        raise ValidationError(gettext(problem))


def new_password_fields(label: Any, repeat_label: Any) -> tuple[PasswordField, PasswordField]:
    """A new password and its repetition: long enough, and the same twice."""
    password = PasswordField(
        label,
        validators=[
            DataRequired(REQUIRED),
            Length(MIN_PASSWORD, MAX_PASSWORD, message=_l("At least %(min)d characters.")),
            not_guessable,
        ],
        render_kw={"autocomplete": "new-password"},
    )
    confirm = PasswordField(
        repeat_label,
        validators=[DataRequired(REQUIRED), EqualTo("password", message=_l("The passwords differ."))],
        render_kw={"autocomplete": "new-password"},
    )
    return password, confirm


class RegisterForm(FlaskForm, SingleUse):
    username = StringField(
        _l("Username"),
        validators=[
            DataRequired(REQUIRED),
            Regexp(USERNAME_PATTERN, message=_l("3 to 40 letters, digits or . _ @ + - (no spaces).")),
        ],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password, confirm = new_password_fields(_l("Password"), _l("Repeat the password"))
    submit = SubmitField(_l("Create account"))


class PasswordForm(FlaskForm):
    current = PasswordField(
        _l("Current password"),
        validators=[DataRequired(REQUIRED)],
        render_kw={"autocomplete": "current-password"},
    )
    password, confirm = new_password_fields(_l("New password"), _l("Repeat the new password"))
    submit = SubmitField(_l("Change password"))


class LogoutForm(FlaskForm):
    """Logging out is a POST with a CSRF token, so no other site can log a user out."""

    submit = SubmitField(_l("Log out"))


class DevicesForm(FlaskForm):
    """Log out every other device of the account (a POST with CSRF)."""

    submit = SubmitField(_l("Log out my other devices"))


class TokenForm(FlaskForm, SingleUse):
    """Create an API token (once per form: its single-use key), or revoke the one named by
    ``token_id``; a POST with CSRF either way."""

    token_id = HiddenField()
