"""Referee pages for a match's rule set: penalty table, rules reference, opening checker."""

from flask import Blueprint

bp = Blueprint("referee", __name__)

from . import routes  # noqa: E402,F401
