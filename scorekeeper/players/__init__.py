"""The roster of players: renaming, merging, statistics and charts."""

from flask import Blueprint

bp = Blueprint("players", __name__)

from . import match_charts, routes  # noqa: E402,F401
