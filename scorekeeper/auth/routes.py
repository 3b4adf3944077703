"""Account pages. After a successful POST each page redirects (post/redirect/get)."""

from __future__ import annotations

from flask import abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user
from werkzeug.security import check_password_hash, generate_password_hash
from werkzeug.wrappers import Response

from ..accounts import AccountExists, authenticate, create_token, create_user, live_tokens, revoke_token
from ..extensions import db, limiter, login_manager
from ..i18n import safe_next
from ..models import User
from . import bp
from .forms import LoginForm, LogoutForm, PasswordForm, RegisterForm, TokenForm


@login_manager.user_loader
def load_user(user_id: str) -> User | None:
    return db.session.get(User, int(user_id)) if user_id.isdigit() else None


@bp.app_context_processor
def logout_form() -> dict[str, LogoutForm]:
    return {"logout_form": LogoutForm()}


@bp.route("/register", methods=["GET", "POST"])
def register() -> str | Response:
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            user = create_user(form.username.data, form.password.data)
        except AccountExists:
            form.username.errors.append(_("That username is taken; choose another."))
        else:
            login_user(user, remember=True)
            flash(_("Welcome! Your account is ready."), "success")
            return redirect(url_for("matches.index"))
    return render_template("auth/register.html", form=form)


def username_key() -> str:
    """Throttle guesses at one account, whichever addresses they come from."""
    return "user:" + str(request.form.get("username", "")).strip().casefold()


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["LOGIN_LIMIT_PER_ADDRESS"], methods=["POST"])
@limiter.limit(
    lambda: current_app.config["LOGIN_LIMIT_PER_USERNAME"], methods=["POST"], key_func=username_key
)
def login() -> str | Response:
    form = LoginForm()
    if form.validate_on_submit():
        user = authenticate(form.username.data, form.password.data)
        if user is None:
            form.password.errors.append(_("Wrong username or password."))
        else:
            login_user(user, remember=form.remember.data)
            return redirect(
                safe_next(request.args.get("next")) if request.args.get("next") else url_for("matches.index")
            )
    return render_template("auth/login.html", form=form)


@bp.post("/logout")
def logout() -> Response:
    if LogoutForm().validate_on_submit():
        logout_user()
    return redirect(url_for("auth.login"))


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def change_password() -> str | Response:
    form = PasswordForm()
    if form.validate_on_submit():
        if not check_password_hash(current_user.password_hash, form.current.data):
            form.current.errors.append(_("That is not your current password."))
        else:
            current_user.password_hash = generate_password_hash(form.password.data)
            db.session.commit()
            flash(_("Your password was changed."), "success")
            return redirect(url_for("matches.index"))
    return render_template("auth/password.html", form=form)


@bp.route("/account/tokens", methods=["GET", "POST"])
@login_required
def tokens() -> str | Response:
    """API tokens for programs that keep score with this account: make one (shown once), revoke."""
    form = TokenForm()
    new_token = None
    if form.validate_on_submit():
        if form.token_id.data:
            token_id = int(form.token_id.data) if form.token_id.data.isdigit() else 0
            if not revoke_token(current_user, token_id):
                abort(404)
            flash(_("The token was revoked; programs using it are refused from now on."), "success")
            return redirect(url_for("auth.tokens"))
        new_token = create_token(current_user)
    return render_template(
        "auth/tokens.html", form=form, tokens=live_tokens(current_user), new_token=new_token
    )
