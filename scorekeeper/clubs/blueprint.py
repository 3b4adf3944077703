"""The ``clubs`` blueprint, alone in its module (the views import it from here)."""

from flask import Blueprint

bp = Blueprint("clubs", __name__)
