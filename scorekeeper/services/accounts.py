"""Accounts and API tokens. Passwords are hashed by Werkzeug (scrypt); tokens are kept as SHA-256.

New passwords must have 8 characters or more and not be among the common ones that guessers try
first (zxcvbn's list of 30,000, and what zxcvbn scores 0: repeats, sequences, the username).
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
from datetime import timedelta
from typing import Final

from sqlalchemy import ColumnElement, select
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db
from ..models import ApiToken, User, utcnow
from ..rules import N_, FieldError, ValidationError
from .unit_of_work import transaction

USERNAME_PATTERN: Final = re.compile(r"^[\w.@+-]{3,40}$")
MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 200
TOKEN_PREFIX: Final = "sk_"
#: ``ApiToken.revoked_reason`` of a token revoked with the login sessions it was made in.
REVOKED_WITH_SESSIONS: Final = "sessions"
#: zxcvbn judges at most this many characters; longer passwords are long enough.
_ZXCVBN_MAX: Final = 72
COMMON_PASSWORD: Final = N_(
    "This is one of the most common passwords, the first ones anyone tries. Choose another: a few "
    "words that do not belong together are easy to remember and hard to guess."
)
GUESSABLE_PASSWORD: Final = N_(
    "This password is too easy to guess (a repetition, a sequence, a date or your username). Choose "
    "another: a few words that do not belong together are easy to remember and hard to guess."
)


class AccountExists(ValueError):
    """The username is taken."""


def normalise_username(username: str) -> str:
    return username.strip().casefold()


@functools.cache
def _common_passwords() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


def password_problem(password: str, username: str = "") -> str | None:
    """Why ``password`` must not be chosen (an untranslated message), or None if it may."""
    if password.casefold() in _common_passwords():
        return COMMON_PASSWORD
    if len(password) <= _ZXCVBN_MAX:
        from zxcvbn import zxcvbn

        inputs = [normalise_username(username)] if username else []
        if zxcvbn(password, user_inputs=inputs)["score"] == 0:
            return GUESSABLE_PASSWORD
    return None


def check_credentials(username: str, password: str) -> None:
    """:raise ValidationError: at ``username`` or ``password``."""
    errors = []
    if not USERNAME_PATTERN.match(normalise_username(username)):
        errors.append(FieldError("username", N_("3 to 40 letters, digits or . _ @ + - (no spaces).")))
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        errors.append(FieldError("password", N_("At least {minimum} characters."), {"minimum": MIN_PASSWORD}))
    elif problem := password_problem(password, username):
        errors.append(FieldError("password", problem))
    if errors:
        raise ValidationError(errors)


def find_user(username: str) -> User | None:
    return db.session.scalar(select(User).where(User.username == normalise_username(username)))


def create_user(username: str, password: str) -> User:
    """Create and commit an account.

    :raise ValidationError: a bad username or password. :raise AccountExists: the name is taken.
    """
    check_credentials(username, password)
    if find_user(username) is not None:
        raise AccountExists(normalise_username(username))
    user = User(username=normalise_username(username), password_hash=generate_password_hash(password))
    with transaction():
        db.session.add(user)
    return user


def is_password(user: User, password: str) -> bool:
    """Whether ``password`` is ``user``'s password."""
    return check_password_hash(user.password_hash, password)


def change_password(user: User, password: str) -> None:
    """Give ``user`` a new password (checked by the caller: :func:`password_problem`), committed."""
    with transaction():
        user.password_hash = generate_password_hash(password)


@functools.cache
def _dummy_hash() -> str:
    """A hash of no one's password, made once per process, for logins to unknown names."""
    return generate_password_hash(secrets.token_urlsafe(16))


def authenticate(username: str, password: str) -> User | None:
    """The account if ``password`` is its password. An unknown name costs a hash check all the
    same, so that the time of the answer does not tell which names exist."""
    user = find_user(username)
    if user is None:
        check_password_hash(_dummy_hash(), password)
        return None
    return user if is_password(user, password) else None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_token(user: User, session_hash: str | None = None) -> str:
    """A new API token for ``user``, made in the login session ``session_hash`` (None: by the
    command line); only its hash is stored, so this is the one chance to see it."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction():
        db.session.add(ApiToken(user_id=user.id, token_hash=hash_token(token), session_hash=session_hash))
    return token


def user_for_token(token: str) -> User | None:
    """The owner of a valid, unrevoked token."""
    row = db.session.scalar(
        select(ApiToken).where(ApiToken.token_hash == hash_token(token), ApiToken.revoked_at.is_(None))
    )
    return row.user if row is not None else None


def revoke_tokens(user: User) -> int:
    """Revoke every token of ``user``; returns how many were live."""
    live = db.session.scalars(
        select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
    ).all()
    with transaction():
        for token in live:
            token.revoked_at = utcnow()
    return len(live)


def revoke_session_tokens(user_id: int, keep: str | None) -> list[ApiToken]:
    """Revoke ``user_id``'s live tokens made in a login session other than ``keep`` (the one that
    stays), in the caller's transaction (not committed); the command line's stay. Returns them."""
    made_elsewhere: list[ColumnElement[bool]] = [ApiToken.session_hash.is_not(None)]
    if keep is not None:
        made_elsewhere.append(ApiToken.session_hash != keep)
    revoked = list(
        db.session.scalars(
            select(ApiToken)
            .where(ApiToken.user_id == user_id, ApiToken.revoked_at.is_(None), *made_elsewhere)
            .order_by(ApiToken.created_at, ApiToken.id)
        )
    )
    now = utcnow()
    for token in revoked:
        token.revoked_at, token.revoked_reason = now, REVOKED_WITH_SESSIONS
    return revoked


def recently_revoked(user: User, days: int = 30) -> list[ApiToken]:
    """The user's tokens revoked in the last ``days`` days, the latest first."""
    return list(
        db.session.scalars(
            select(ApiToken)
            .where(ApiToken.user_id == user.id, ApiToken.revoked_at >= utcnow() - timedelta(days=days))
            .order_by(ApiToken.revoked_at.desc(), ApiToken.id.desc())
        )
    )


def live_tokens(user: User) -> list[ApiToken]:
    """The user's tokens that still work, newest first."""
    return list(
        db.session.scalars(
            select(ApiToken)
            .where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
            .order_by(ApiToken.created_at.desc(), ApiToken.id.desc())
        )
    )


def revoke_token(user: User, token_id: int) -> bool:
    """Revoke one of ``user``'s tokens; False if it is not theirs or already revoked."""
    token = db.session.get(ApiToken, token_id)
    if token is None or token.user_id != user.id or token.revoked_at is not None:
        return False
    with transaction():
        token.revoked_at = utcnow()
    return True
