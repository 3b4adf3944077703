"""Accounts in the browser: register, log in (remember me), log out, change password."""

from flask import Blueprint

bp = Blueprint("auth", __name__)

from . import deletion, routes  # noqa: E402,F401
