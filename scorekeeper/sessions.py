"""Login sessions known to the server, so that logging out really ends them.

Flask-Login keeps an id in the signed session cookie and in the remember-me cookie; here that id is
a random token naming a :class:`~scorekeeper.models.LoginSession` row (only its SHA-256 is stored),
not the account. Deleting the row ends that browser's session everywhere: a copied session cookie or
remember cookie names a row that no longer exists and is refused. Each browser has its own row, so
logging out on one phone leaves the others at the table logged in.

A session also ends after ``SESSION_IDLE_DAYS`` unused or ``SESSION_MAX_DAYS`` after its login.

The signed session also carries the account's tag (:func:`account_tag`), the same for every login
of an account on every phone: what the service worker files kept pages under and what
static/queue/main.js files queued hands under, so that neither is lost by logging in again nor shown to
another account.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from flask import current_app, g, request, session
from flask_login import current_user, login_user, logout_user
from sqlalchemy import bindparam, delete, select, update

from .extensions import db
from .invariant import committed
from .models import ApiToken, LoginSession, User, as_utc, utcnow
from .services.accounts import revoke_session_tokens

#: The key of the account's tag in the signed session.
ACCOUNT_KEY: Final = "_account"
#: How often a session's ``seen_at`` is written (at most): not one write per page view.
TOUCH_EVERY: Final = timedelta(hours=1)
#: The user agent as the browser sends it, up to this length (the browser's own token comes last).
_AGENT_LENGTH: Final = 400


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def account_tag(user_id: int) -> str:
    """A stable, opaque name for the account ``user_id`` (a keyed hash: it discloses nothing), the
    same for all its logins: a login session's token is not, so it cannot name what outlives one."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, f"account:{user_id}".encode(), hashlib.sha256).hexdigest()[:16]


def session_account() -> str | None:
    """The tag of the account this browser's signed session is logged in to (not checked against
    the database: the pages and queries that need a live session check it themselves)."""
    tag = session.get(ACCOUNT_KEY)
    return tag if isinstance(tag, str) and cookie_token() is not None else None


def _limits() -> tuple[timedelta, timedelta]:
    config = current_app.config
    return timedelta(days=config["SESSION_IDLE_DAYS"]), timedelta(days=config["SESSION_MAX_DAYS"])


def log_in(user: User, remember: bool) -> LoginSession:
    """Start a new session of ``user`` for this browser (a new token: no session fixation) and log
    it in with Flask-Login; commits."""
    with committed():
        row, token = _start(user, remember)
    _logged_in(user, row, token, remember)
    return row


def _start(user: User, remember: bool) -> tuple[LoginSession, str]:
    """A new session of ``user`` and its token, in the caller's transaction (not committed); the
    account's sessions that ended by themselves go."""
    token = secrets.token_urlsafe(32)
    row = LoginSession(
        user_id=user.id,
        token_hash=_hash(token),
        remember=remember,
        agent=(request.user_agent.string or "")[:_AGENT_LENGTH],
    )
    idle, longest = _limits()
    now = utcnow()
    db.session.execute(
        delete(LoginSession).where(
            LoginSession.user_id == user.id,
            (LoginSession.seen_at < now - idle) | (LoginSession.created_at < now - longest),
        )
    )
    db.session.add(row)
    return row, token


def _logged_in(user: User, row: LoginSession, token: str, remember: bool) -> None:
    """Log this browser in with the session ``row`` (committed) named by ``token``."""
    login_user(user, remember=remember)
    # Flask-Login keeps ``User.get_id()`` (the account) in both cookies; keep this session's token
    # there instead. The remember cookie is written from this value after the request.
    session["_user_id"] = token
    session[ACCOUNT_KEY] = account_tag(user.id)
    g.login_session = row


def load(token: str) -> User | None:
    """Flask-Login's user loader: the account of the live session named by ``token``, or None."""
    found = db.session.execute(  # one statement, as loading the account alone was
        select(LoginSession, User)
        .join(User, User.id == LoginSession.user_id)
        .where(LoginSession.token_hash == _hash(token))
    ).first()
    if found is None:
        return None
    row, user = found
    idle, longest = _limits()
    now = utcnow()
    if as_utc(row.seen_at) < now - idle or as_utc(row.created_at) < now - longest:
        return None
    if as_utc(row.seen_at) < now - TOUCH_EVERY:
        # Its own short transaction, so that a page that only reads does not write in its session.
        with db.engine.begin() as connection:
            connection.execute(update(LoginSession).where(LoginSession.id == row.id).values(seen_at=now))
    g.login_session = row
    tag = account_tag(user.id)
    if session.get(ACCOUNT_KEY) != tag:  # a login restored from the remember cookie
        session[ACCOUNT_KEY] = tag
    return user


#: SQL conditions for "the live session of a token", with :func:`live_params`, for a query that
#: answers a page without the ORM (the scoreboard's quick path): a session seen within
#: :data:`TOUCH_EVERY`, so that the full path still refreshes ``seen_at`` when it is due.
LIVE_SESSION: Final = (
    LoginSession.token_hash == bindparam("session_hash"),
    LoginSession.seen_at >= bindparam("seen_since"),
    LoginSession.created_at >= bindparam("created_since"),
)


def cookie_token() -> str | None:
    """The session token the signed session cookie names, not yet checked against the database."""
    raw = session.get("_user_id")
    return raw if isinstance(raw, str) and 0 < len(raw) <= 100 else None


def ended_here() -> bool:
    """Whether this browser's session cookie names a login session the server no longer has (ended
    from another device, or by logging out everywhere); false for a browser with no session."""
    token = cookie_token()
    if token is None:
        return False
    found = db.session.scalar(select(LoginSession.id).where(LoginSession.token_hash == _hash(token)))
    return found is None


def live_params(token: str) -> dict[str, object]:
    idle, longest = _limits()
    now = utcnow()
    return {
        "session_hash": _hash(token),
        "seen_since": now - min(idle, TOUCH_EVERY),
        "created_since": now - longest,
    }


def current() -> LoginSession | None:
    """The session this request is logged in with, if any."""
    if not current_user.is_authenticated:  # loads the user (and its session) if not done yet
        return None
    row: LoginSession | None = g.get("login_session")
    return row


def log_out() -> None:
    """End this browser's session on the server and forget it here; the other devices stay."""
    row = current()
    if row is not None:
        with committed():
            db.session.execute(delete(LoginSession).where(LoginSession.id == row.id))
        g.pop("login_session")
    logout_user()
    session.pop(ACCOUNT_KEY, None)


@dataclass(frozen=True)
class Ended:
    """What ending sessions ended: how many sessions, and the API tokens made in them (revoked)."""

    sessions: int
    tokens: list[ApiToken]


def end_others(user: User) -> Ended:
    """End every session of ``user`` but this browser's, which gets a new token (so a copy of its old
    cookies is refused as well) and stays logged in, and revoke the API tokens made in any other
    login session, ended now or before (a token made from a stolen session dies with it); the
    tokens made in this browser's session and by the command line stay. Commits."""
    row = current()
    remember = row.remember if row is not None else False
    kept = row.token_hash if row is not None else None
    account = db.session.get(User, user.id)  # the object itself, not Flask-Login's current_user proxy
    if account is None:  # deleted meanwhile, and its sessions with it
        return Ended(0, [])
    with committed():  # one transaction: the others end, and this browser moves to a new session
        ended = db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id)).rowcount  # type: ignore[attr-defined]
        revoked = revoke_session_tokens(user.id, keep=kept)
        new, token = _start(account, remember)
        if kept is not None:  # this browser's tokens follow it to its new session
            db.session.execute(
                update(ApiToken)
                .where(ApiToken.user_id == user.id, ApiToken.session_hash == kept)
                .values(session_hash=new.token_hash)
            )
    _logged_in(account, new, token, remember)
    return Ended(int(ended) - (row is not None), revoked)


def end_all(user: User) -> Ended:
    """End every session of ``user`` and revoke the API tokens made in sessions (the command line's
    ``user logout``; its own tokens stay); commits."""
    with committed():
        ended = db.session.execute(delete(LoginSession).where(LoginSession.user_id == user.id)).rowcount  # type: ignore[attr-defined]
        revoked = revoke_session_tokens(user.id, keep=None)
    return Ended(int(ended), revoked)


def live(user: User) -> list[LoginSession]:
    """The sessions of ``user`` that have not ended, the most recently used first."""
    idle, longest = _limits()
    now = utcnow()
    return list(
        db.session.scalars(
            select(LoginSession)
            .where(
                LoginSession.user_id == user.id,
                LoginSession.seen_at >= now - idle,
                LoginSession.created_at >= now - longest,
            )
            .order_by(LoginSession.seen_at.desc(), LoginSession.id.desc())
        )
    )
