"""Loading what a page is about: the signed-in user's own match or player, or "not found"."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import abort
from flask_login import current_user

from .services import NotFound

T = TypeVar("T")


def owned_or_404(load: Callable[[int, int], T], object_id: int) -> T:
    """What ``load(owner_id, object_id)`` finds for the signed-in user: one of their matches
    (:func:`~.services.get_match`) or players (:func:`~.services.get_player`).

    :raise 404: ``load`` raised :class:`~.services.NotFound`: no such object, or another
        account's (the two answer alike, so ids tell nothing about other accounts).
    """
    try:
        return load(current_user.id, object_id)
    except NotFound:
        abort(404)
