"""The ``tables`` blueprint, alone in its module: the modules that add views to it import it from
here, not from the package, whose ``__init__`` imports them (no import cycle)."""

from flask import Blueprint

bp = Blueprint("tables", __name__)
