"""Text the players type (names, descriptions): what every database and JSON can store.

PostgreSQL's text cannot hold a NUL character, and a lone surrogate (half of a UTF-16 pair, which
JSON's ``\\ud800`` escape can carry) is not Unicode at all: it cannot be encoded as UTF-8, so no
database, export or page could write it. :func:`text_problem` is the one check: the API (through the
rules) and the forms (through a WTForms validator) both call it, so both refuse the same text with
the same message.
"""

from __future__ import annotations

import re
from typing import Final

from .errors import N_

#: NUL, and every lone surrogate (U+D800 to U+DFFF cannot appear in a real Python string otherwise).
UNSTORABLE: Final = re.compile("[\x00\ud800-\udfff]")
#: The message at the field for text with such a character.
UNSTORABLE_MESSAGE: Final = N_("Contains a character that cannot be stored; type the text again.")
#: The same characters as a JSON Schema ``pattern`` (ECMA 262) that matches only storable text.
STORABLE_PATTERN: Final = "^[^\\u0000\\ud800-\\udfff]*$"


def storable(text: str) -> bool:
    """Whether ``text`` has neither NUL nor a lone surrogate."""
    return UNSTORABLE.search(text) is None


def text_problem(text: str) -> str | None:
    """The message (marked for translation) if ``text`` cannot be stored, else ``None``."""
    return None if storable(text) else UNSTORABLE_MESSAGE
