"""What the services raise besides the rules' :class:`~scorekeeper.rules.ValidationError` (the input
breaks a rule, with field paths), and the bounds of the ids and pages they accept."""

from __future__ import annotations

from typing import Any, Final

MAX_ID: Final = 2**31 - 1
#: Pages of a list of matches: no account has more matches than ids, and the offset a page needs
#: stays far inside the databases' 64-bit integers.
MAX_PAGE: Final = MAX_ID


class NotFound(LookupError):
    """No such match, hand, player or share link for this account."""


class Conflict(RuntimeError):
    """The request clashes with what is stored (a hand number taken, a finished match, a change made
    on another device meanwhile); nothing was changed. ``message`` is translatable with ``params``."""

    def __init__(self, message: str, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(message.format(**params))
