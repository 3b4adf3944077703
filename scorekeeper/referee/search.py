"""Accent- and case-insensitive search, the same way static/referee.js does it in the browser."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def fold(text: str) -> str:
    """``text`` without accents, in lower case, spaces collapsed: "Barajá  Ñ" → "baraja n"."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def haystack(parts: Iterable[object]) -> str:
    """The folded text a row is searched in."""
    return fold(" ".join(str(part) for part in parts))


def matches(query: str, folded_haystack: str) -> bool:
    """Every word of ``query`` occurs in ``folded_haystack`` (an empty query matches everything)."""
    return all(word in folded_haystack for word in fold(query).split())
