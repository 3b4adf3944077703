"""Throttling guesses without locking the owner out.

Only failures count, under two keys: the address they come from (``LOGIN_LIMIT_PER_ADDRESS``) and
the account they aim at (``LOGIN_LIMIT_PER_USERNAME``). Guesses from many addresses can exhaust the
account's allowance, so a browser that once logged in to the account carries a signed *device
cookie*, and from it the account's failures are counted under that device instead: the owner's
phone is never stopped by someone else's guesses, only by its own mistakes (and its address's).
This is OWASP's "device cookies" scheme.

Per account, the default is a slow-down, not a stop (``"10 per hour, then 1 per minute"``): guesses
from anywhere cannot keep the owner's new browser waiting more than a minute for its next try. Each
guess is counted before its password is checked, atomically (:func:`scorekeeper.throttle.attempt`),
and uncounted when it was right.

Registrations are counted per address (tries) and for the whole server (accounts made:
``REGISTER_LIMIT_TOTAL``).
"""

from __future__ import annotations

import secrets
from typing import Final

from flask import current_app, request
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

from .. import throttle
from ..models import User
from ..services.accounts import normalise_username

DEVICE_COOKIE: Final = "device"
DEVICE_SALT: Final = "scorekeeper-device"
DEVICE_MAX_AGE: Final = 400 * 24 * 3600  # the longest browsers keep a cookie


def address_key() -> str:
    return f"addr:{request.remote_addr or '-'}"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=DEVICE_SALT)


def known_device(user: User | None) -> str | None:
    """The id of this browser's device cookie if it was set by a login to ``user``."""
    value = request.cookies.get(DEVICE_COOKIE)
    if user is None or not value:
        return None
    try:
        data = _serializer().loads(value)
    except BadSignature:
        return None
    if not isinstance(data, dict) or data.get("u") != user.id or not isinstance(data.get("d"), str):
        return None
    return data["d"]


def account_key(username: str, user: User | None) -> str:
    """The key the account's failures are counted under from this browser."""
    device = known_device(user)
    return f"device:{device}" if device else f"user:{normalise_username(username)}"


def _login_limits(username: str, user: User | None) -> dict[str, tuple[throttle.Limit, ...]]:
    config = current_app.config
    return {
        address_key(): throttle.parse(config["LOGIN_LIMIT_PER_ADDRESS"]),
        account_key(username, user): throttle.parse(config["LOGIN_LIMIT_PER_USERNAME"]),
    }


def login_attempt(username: str, user: User | None) -> throttle.Attempt:
    """Count this browser's try at ``username`` before its password is checked: refused (``wait``
    seconds) when over a limit; call ``release()`` on the result when the password was right."""
    return throttle.attempt(_login_limits(username, user))


def login_wait(username: str, user: User | None) -> int:
    """Seconds this browser must wait before its next guess (0: go ahead). Only a look: with
    :func:`failed` it is not atomic; prefer :func:`login_attempt`."""
    return max(throttle.wait(key, limits) for key, limits in _login_limits(username, user).items())


def failed(username: str, user: User | None) -> None:
    throttle.record(address_key(), account_key(username, user))


def remember_device(response: Response, user: User) -> None:
    """Set (or renew) the device cookie for ``user`` after a successful login."""
    device = known_device(user) or secrets.token_urlsafe(16)
    config = current_app.config
    response.set_cookie(
        DEVICE_COOKIE,
        _serializer().dumps({"u": user.id, "d": device}),
        max_age=DEVICE_MAX_AGE,
        secure=config["SESSION_COOKIE_SECURE"],
        httponly=True,
        samesite="Lax",
    )


#: The key the accounts made on the whole server are counted under.
REGISTER_ALL: Final = "register:all"


def registration_attempt() -> throttle.Attempt:
    """Count a try at making an account, from this address and for the server: refused (``wait``,
    ``refused_by`` names :data:`REGISTER_ALL` when it is the server's cap) when over a limit. Call
    ``release(REGISTER_ALL)`` when no account was made (a taken name): only accounts made count
    for the server, every try counts for the address."""
    config = current_app.config
    return throttle.attempt(
        {
            f"register:{address_key()}": throttle.parse(config["REGISTER_LIMIT_PER_ADDRESS"]),
            REGISTER_ALL: throttle.parse(config["REGISTER_LIMIT_TOTAL"]),
        }
    )
