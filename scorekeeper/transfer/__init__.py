"""Export (CSV, JSON) and import (JSON) of matches."""

from flask import Blueprint

bp = Blueprint("transfer", __name__)

from . import routes  # noqa: E402,F401
