"""Accent- and case-insensitive search that forgives a typo, the same way static/referee.js does it.

A query matches a row when every word of the query occurs in the row's folded text, or, for a word of
:data:`MIN_FUZZY` letters or more, when a word of the row is within one edit of it (two edits from
:data:`MIN_TWO_EDITS` letters): a letter added, dropped, changed, or two neighbours swapped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Final

#: Shorter query words must occur as they are ("dos" must not find "los").
MIN_FUZZY: Final = 4
#: From this length a query word may be two edits away.
MIN_TWO_EDITS: Final = 8
#: What separates the words of a haystack (spaces and punctuation).
WORD_BREAK: Final = re.compile(r"\W+")


def fold(text: str) -> str:
    """``text`` without accents, in lower case, spaces collapsed: "Barajá  Ñ" → "baraja n"."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def haystack(parts: Iterable[object]) -> str:
    """The folded text a row is searched in."""
    return fold(" ".join(str(part) for part in parts))


def edits(a: str, b: str, most: int) -> int:
    """The edit distance of ``a`` and ``b`` (adjacent swaps count one), or ``most + 1`` if larger."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            cost = current[j - 1] + 1, previous[j] + 1, previous[j - 1] + (ca != cb)
            best = min(cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, before[j - 2] + 1)
            current.append(best)
        if min(current) > most:
            return most + 1
        before, previous = previous, current
    return previous[-1]


def word_matches(word: str, folded_haystack: str) -> bool:
    """``word`` (folded) occurs in the haystack, or is a typo away from one of its words."""
    if word in folded_haystack:
        return True
    if len(word) < MIN_FUZZY:
        return False
    most = 2 if len(word) >= MIN_TWO_EDITS else 1
    return any(edits(word, other, most) <= most for other in WORD_BREAK.split(folded_haystack) if other)


def matches(query: str, folded_haystack: str) -> bool:
    """Every word of ``query`` matches ``folded_haystack`` (an empty query matches everything)."""
    return all(word_matches(word, folded_haystack) for word in fold(query).split())
