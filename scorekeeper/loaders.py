"""Loading what a page is about: a match or player of the request's club, or "not found"."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import abort

from .access import current_club
from .services import NotFound

T = TypeVar("T")


def owned_or_404(load: Callable[[int, int], T], object_id: int) -> T:
    """What ``load(club_id, object_id)`` finds in the request's club (:mod:`scorekeeper.access`,
    which has checked the caller's role there): a match (:func:`~.services.get_match`) or a player
    (:func:`~.services.get_player`).

    :raise 404: ``load`` raised :class:`~.services.NotFound`: no such object in this club (another
        club's answers alike, so ids tell nothing about other clubs).
    """
    try:
        return load(current_club().id, object_id)
    except NotFound:
        abort(404)
