"""Security headers on every response and safe cookie settings.

The Content-Security-Policy allows scripts, styles and images from this site only: no inline
script, no inline style attribute, nothing from a CDN. In production, Strict-Transport-Security
(``HSTS_SECONDS``). Pages shown to a logged-in user are ``Cache-Control: private, no-cache`` unless
the view chose its own caching (``no-store`` on forms, the scoreboard's ETag, static files).
"""

from __future__ import annotations

import os
from typing import Final

from flask import Flask, Response
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


def register_security(app: Flask) -> None:
    hsts = app.config.get("HSTS_SECONDS", 0)

    @app.after_request
    def add_headers(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if hsts:
            response.headers.setdefault("Strict-Transport-Security", f"max-age={hsts}; includeSubDomains")
        if "Cache-Control" not in response.headers and current_user.is_authenticated:
            # Shared caches keep none of it; the browser asks again before showing it (Back included).
            response.headers["Cache-Control"] = "private, no-cache"
        return response
