"""Security headers on every response and safe cookie settings.

The Content-Security-Policy allows scripts, styles and images from this site only: no inline
script, no inline style attribute, nothing from a CDN. In production, Strict-Transport-Security
(``HSTS_SECONDS``). Pages shown to a logged-in user are ``Cache-Control: private, no-cache`` unless
the view chose its own caching (``no-store`` on forms, the scoreboard's ETag, static files); a page
that shows a secret (a new API token, a share link) is ``no-store`` whatever the view chose
(:func:`shows_secret`, :func:`no_store`).

Every redirect to a URL the user gave (``?next=``) goes through :func:`local_target`.
"""

from __future__ import annotations

import functools
import os
import unicodedata
from collections.abc import Callable
from typing import Final, ParamSpec, TypeVar
from urllib.parse import unquote, urlsplit

from flask import Flask, Response, g, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from flask_login import current_user

CONTENT_SECURITY_POLICY: Final = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


#: A ``next`` longer than this is no page of ours (the longest real one is a few hundred characters).
MAX_TARGET: Final = 2000
_SECRET_FLAG: Final = "shows_secret"

P = ParamSpec("P")
R = TypeVar("R")


def _unsafe(text: str, spaces: bool = True) -> bool:
    """Whether ``text`` holds a backslash (browsers read it as a slash), a control or format
    character (tab, newline, NUL, DEL, zero-width and direction marks) or, with ``spaces``,
    whitespace of any kind (no-break, ideographic, line separators): none belongs in a path of
    ours, and browsers drop or reinterpret them."""
    for character in text:
        category = unicodedata.category(character)
        if character == "\\" or category.startswith("C"):
            return True
        if spaces and (character.isspace() or category.startswith("Z")):
            return True
    return False


def local_target(target: str | None, default: str = "/") -> str:
    """``target`` if it is a path on this site, judged after parsing, as a browser would read it:
    it starts with one ``/`` (no ``//`` or ``/\\``), has no scheme and no host, holds no whitespace,
    control character or backslash, and its percent-decoded form neither (spaces are allowed in
    the decoded query only: a search for two words). Anything else, empty or longer than
    :data:`MAX_TARGET`, gives ``default``. Never raises."""
    if not target or len(target) > MAX_TARGET or _unsafe(target):
        return default
    decoded = unquote(target)
    path, _, query = decoded.partition("?")
    if _unsafe(path) or _unsafe(query, spaces=False):
        return default
    for text in (target, decoded):
        if not text.startswith("/") or text.startswith("//"):
            return default
    try:
        parts = urlsplit(target)
    except ValueError:
        return default
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return default
    return target


def shows_secret() -> None:
    """Mark this request's response as showing a secret (a new API token, a share link): it is
    answered ``Cache-Control: no-store`` whatever the view chose, so that no cache keeps it, not
    even the browser's own for the Back button."""
    setattr(g, _SECRET_FLAG, True)


def secret_shown() -> bool:
    """Whether :func:`shows_secret` was called for this request."""
    return bool(g.get(_SECRET_FLAG))


def no_store(view: Callable[P, R]) -> Callable[P, R]:
    """A view whose every answer may show a secret (see :func:`shows_secret`)."""

    @functools.wraps(view)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        shows_secret()
        return view(*args, **kwargs)

    return wrapper


def cookie_settings(testing: bool) -> dict[str, object]:
    """Session and remember-me cookies: HttpOnly, SameSite=Lax, and Secure (sent over HTTPS only)
    except under test or with ``SCOREKEEPER_INSECURE_COOKIES=1`` (plain-HTTP development)."""
    secure = not testing and os.environ.get("SCOREKEEPER_INSECURE_COOKIES", "") != "1"
    return {
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": secure,
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_SECURE": secure,
    }


class HeadLeavesTheSession(SecureCookieSessionInterface):
    """The session cookie as Flask keeps it, except that a HEAD request never rewrites it: a HEAD is
    a script checking a page (the kept copy's), and a cookie in its answer would race the page's own
    and could drop the CSRF token a form on the page was made with (the form then refused)."""

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if request.method == "HEAD":
            return
        super().save_session(app, session, response)


def register_security(app: Flask) -> None:
    hsts = app.config.get("HSTS_SECONDS", 0)
    app.session_interface = HeadLeavesTheSession()

    @app.after_request
    def add_headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if hsts:
            response.headers.setdefault("Strict-Transport-Security", f"max-age={hsts}; includeSubDomains")
        if secret_shown():
            response.headers["Cache-Control"] = "no-store"
        elif "Cache-Control" not in response.headers and current_user.is_authenticated:
            # Shared caches keep none of it; the browser asks again before showing it (Back included).
            response.headers["Cache-Control"] = "private, no-cache"
        return response
