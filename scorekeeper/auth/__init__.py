"""Accounts in the browser: register, log in (remember me), log out, change password."""

from . import deletion, routes  # noqa: F401 - their views and handlers register themselves on ``bp``
from .blueprint import bp

__all__ = ["bp"]
