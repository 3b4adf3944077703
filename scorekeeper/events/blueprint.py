"""The ``events`` blueprint, alone in its module: the modules that add views to it import it from
here, not from the package, whose ``__init__`` imports them (no import cycle)."""

from flask import Blueprint

bp = Blueprint("events", __name__)
