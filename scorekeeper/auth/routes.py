"""Account pages. After a successful POST each page redirects (post/redirect/get)."""

from __future__ import annotations

from flask import abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import sessions, single_use
from ..agents import describe
from ..extensions import login_manager
from ..i18n import safe_next
from ..keys import new_key
from ..models import User
from ..security import no_store
from ..services import MAX_ID
from ..services.accounts import (
    REVOKED_WITH_SESSIONS,
    AccountExists,
    authenticate,
    create_token,
    create_user,
    find_user,
    is_password,
    live_tokens,
    recently_revoked,
    revoke_token,
)
from ..services.accounts import (
    change_password as set_password,
)
from . import guard
from .blueprint import bp
from .forms import DevicesForm, LoginForm, LogoutForm, PasswordForm, RegisterForm, TokenForm


@login_manager.user_loader
def load_user(token: str) -> User | None:
    """The cookies name a server-side session (:mod:`scorekeeper.sessions`), not the account."""
    return sessions.load(token)


@login_manager.unauthorized_handler
def log_in_first() -> Response:
    """A page that needs an account sends the browser to the login, and back afterwards. Only a
    page the person opened gets the message: a script's background request (the kept copy's HEAD,
    a fetch) must not write to the session, whose cookie would then race with the page's own and
    lose its CSRF token (a form then refused with 400)."""
    navigation = request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"
    if navigation and request.method != "HEAD":
        flash(_("Please log in to see this page."), "info")
    return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))


@bp.app_context_processor
def logout_form() -> dict[str, LogoutForm]:
    return {"logout_form": LogoutForm()}


def too_many(
    form: FlaskForm, template: str, seconds: int, server_full: bool = False, **context: object
) -> Response:
    """The form again, answered 429 with a message saying how long to wait (``server_full``: the
    server's cap on new accounts, not this browser's tries)."""
    minutes = max(1, -(-seconds // 60))
    if server_full:
        message = ngettext(
            "Many accounts were made on this server in the last hour, so it takes no more for now. "
            "Try again in %(num)d minute.",
            "Many accounts were made on this server in the last hour, so it takes no more for now. "
            "Try again in %(num)d minutes.",
            minutes,
        )
    elif seconds < 60:
        message = ngettext(
            "Too many attempts. Wait %(num)d second before trying again.",
            "Too many attempts. Wait %(num)d seconds before trying again.",
            seconds,
        )
    else:
        message = ngettext(
            "Too many attempts. Wait %(num)d minute before trying again.",
            "Too many attempts. Wait %(num)d minutes before trying again.",
            minutes,
        )
    response = make_response(render_template(template, form=form, throttled=message, **context), 429)
    response.headers["Retry-After"] = str(seconds)
    return response


@bp.route("/register", methods=["GET", "POST"])
def register() -> str | Response:
    form = RegisterForm()
    if form.validate_on_submit():
        single_use.check(form)  # the same form again (a double tap): the account is made already
        attempt = guard.registration_attempt()
        if attempt.wait:
            server_full = guard.REGISTER_ALL in attempt.refused_by
            return too_many(form, "auth/register.html", attempt.wait, server_full=server_full)
        try:
            with single_use.claim(single_use.REGISTER, _home):
                user = create_user(form.username.data, form.password.data)
        except AccountExists:
            attempt.release(guard.REGISTER_ALL)
            form.username.errors.append(_("That username is taken; choose another."))
        else:
            sessions.log_in(user, remember=True)
            flash(_("Welcome! Your account is ready."), "success")
            # (an invitation's page sends newcomers here and back: safe_next keeps it on this site)
            response = redirect(safe_next(request.args.get("next"), url_for("matches.index")))
            guard.remember_device(response, user)
            return response
    return render_template("auth/register.html", form=form)


@bp.route("/login", methods=["GET", "POST"])
def login() -> str | Response:
    """Only failures are counted, per address and per account (:mod:`scorekeeper.auth.guard`): each
    try is counted before its password is checked, and uncounted when it was right."""
    form = LoginForm()
    if form.validate_on_submit():
        username = form.username.data
        known = find_user(username)
        attempt = guard.login_attempt(username, known)
        if attempt.wait:
            return too_many(form, "auth/login.html", attempt.wait)
        user = authenticate(username, form.password.data)
        if user is None:
            form.password.errors.append(_("Wrong username or password."))
        else:
            attempt.release()
            sessions.log_in(user, remember=form.remember.data)
            response = redirect(safe_next(request.args.get("next"), url_for("matches.index")))
            guard.remember_device(response, user)
            return response
    return render_template("auth/login.html", form=form)


@bp.post("/logout")
def logout() -> Response:
    """Ends this browser's session on the server (a copy of its cookies is refused from now on);
    the account's other devices stay logged in."""
    response = redirect(url_for("auth.login"))
    if LogoutForm().validate_on_submit():
        sessions.log_out()
        # A hook for the offline pages a service worker may keep: the browser drops its caches.
        response.headers["Clear-Site-Data"] = '"cache"'
    return response


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def change_password() -> str | Response:
    """A new password ends every other session of the account; this browser stays logged in.
    Wrong current passwords are throttled as failed logins are (a stolen session must not become a
    way to guess the password)."""
    form = PasswordForm()
    if form.validate_on_submit():
        attempt = guard.login_attempt(current_user.username, current_user)
        if attempt.wait:
            return too_many(form, "auth/password.html", attempt.wait, devices_form=DevicesForm())
        if not is_password(current_user, form.current.data):
            form.current.errors.append(_("That is not your current password."))
        else:
            attempt.release()
            set_password(current_user, form.password.data)
            ended = sessions.end_others(current_user)
            flash(_("Your password was changed. Your other devices were logged out."), "success")
            flash_revoked(ended)
            return redirect(url_for("matches.index"))
    return render_template("auth/password.html", form=form, devices_form=DevicesForm())


def flash_revoked(ended: sessions.Ended) -> None:
    """Say which API tokens went with the sessions that were ended (the tokens page lists them)."""
    if ended.tokens:
        flash(
            ngettext(
                "%(num)d API token made on another device was revoked too; the API tokens page lists it.",
                "%(num)d API tokens made on other devices were revoked too; the API tokens page lists them.",
                len(ended.tokens),
            ),
            "success",
        )


@bp.route("/account/devices", methods=["GET", "POST"])
@login_required
def devices() -> str | Response:
    """The browsers logged in to this account, and a button that logs out all but this one."""
    form = DevicesForm()
    if form.validate_on_submit():
        ended = sessions.end_others(current_user)
        flash(_("Your other devices were logged out."), "success")
        flash_revoked(ended)
        return redirect(url_for("auth.devices"))
    current = sessions.current()
    return render_template(
        "auth/devices.html",
        form=form,
        sessions=sessions.live(current_user),
        current_id=current.id if current is not None else None,
        describe_agent=describe,
    )


def _home(_made: object) -> str:
    return url_for("matches.index")


def _tokens_page(_made: object) -> str:
    return url_for("auth.tokens")


@bp.route("/account/tokens", methods=["GET", "POST"])
@login_required
@no_store
def tokens() -> str | Response:
    """API tokens for programs that keep score with this account: make one (shown once: the page is
    ``no-store``), revoke; where each was made, and the ones revoked lately (with the sessions they
    were made in, or by the owner)."""
    form = TokenForm()
    new_token = None
    login = sessions.current()
    this_session = login.token_hash if login is not None else None
    if form.validate_on_submit():
        if form.token_id.data:
            raw = form.token_id.data
            token_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 10 else 0
            if not (token_id <= MAX_ID and revoke_token(current_user, token_id)):
                abort(404)
            flash(_("The token was revoked; programs using it are refused from now on."), "success")
            return redirect(url_for("auth.tokens"))
        single_use.check(form)  # the same form again: the token was made (and shown) already
        with single_use.claim("token", _tokens_page):
            new_token = create_token(current_user, this_session)
        form.once.data = new_key()  # the page shown now makes the next token
    return render_template(
        "auth/tokens.html",
        form=form,
        tokens=live_tokens(current_user),
        revoked=recently_revoked(current_user),
        new_token=new_token,
        this_session=this_session,
        with_sessions=REVOKED_WITH_SESSIONS,
    )
