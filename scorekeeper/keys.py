"""Single-use keys of submissions and forms: made here, checked here (no app imports, so that both
the services and :mod:`scorekeeper.single_use` may use them)."""

from __future__ import annotations

import secrets
from typing import Final

MAX_KEY: Final = 100


def is_valid_key(key: object) -> bool:
    """1 to :data:`MAX_KEY` printable ASCII characters (what an HTTP header carries safely)."""
    return isinstance(key, str) and 1 <= len(key) <= MAX_KEY and all(" " <= c <= "~" for c in key)


def new_key() -> str:
    """A fresh random key (for a form as it is rendered)."""
    return secrets.token_urlsafe(24)
