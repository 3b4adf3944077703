"""The table's pages: the list of matches, new match, scoreboard, hand entry."""

from flask import Blueprint

bp = Blueprint("matches", __name__)

from . import deletion, routes, sync  # noqa: E402,F401
