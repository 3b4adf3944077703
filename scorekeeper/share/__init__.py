"""Read-only live links to a match for the people at the table, with a QR code."""

from flask import Blueprint

bp = Blueprint("share", __name__)

from . import routes  # noqa: E402,F401
