"""The statements' shape, the pages' topics, and the texts several rule sets share."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ...rules.errors import N_

#: Topics in the order the pages show them, with their titles.
TOPICS: Final[Mapping[str, str]] = {
    "opening": N_("Who needs no opening minimum"),
    "taking": N_("Taking the pile; a frozen pile"),
    "pile": N_("The pile and the turn"),
    "melds": N_("Melds"),
    "penalty_cards": N_("Penalty cards"),
    "lapse": N_("When an irregularity lapses"),
    "deal": N_("Players and dealing"),
    "red_threes": N_("Red threes"),
    "special_hands": N_("Special hands"),
    "ties": N_("End of the match and ties"),
    "disagreements": N_("Where the books disagree"),
}


@dataclass(frozen=True)
class Statement:
    """One rule in words (``text``, an English msgid) and where the book says it.

    ``book`` is an id of :data:`~scorekeeper.referee.books.RULE_BOOKS` (``None``: the app's reading
    where the books are silent); ``lines`` the seed file's lines, kept for checking, not shown
    (``None`` for a web page);
    ``quote`` the book's own words in its language, exactly (``…`` marks a cut); empty for a page
    known only ``second_hand`` (through another's dated reading, which ``section`` names), where we
    have no words of the page to quote.
    """

    key: str
    topic: str
    text: str
    book: str | None = None
    lines: tuple[int, int] | None = None
    section: str = ""
    quote: str = ""
    second_hand: bool = False

    @property
    def reading(self) -> bool:
        """True when no book says it: the app's reading."""
        return self.book is None


# --- Taking the pile: the same words in La Canasta and La Samba -----------------------------------

FROZEN = N_(
    "The pile is frozen (pozo premiado) when it holds a red three or a wild card: to take it you must hold "
    "two natural cards of the same rank as its top card."
)
FIRST_TAKE = N_(
    "To take the pile for the side's first meld you need two natural cards matching its top card, and the "
    "meld, top card included, must reach the opening minimum."
)
AFTER_OPENING = N_(
    "Once the side has opened, one natural card and one wild card are enough, unless the pile is frozen. A "
    "pile that is not frozen may also be taken when its top card matches a canasta or a meld of the side."
)
NEVER_TWO_WILDS = N_("The pile can never be taken with two wild cards.")
BLACK_THREE_STOP = N_(
    "A black three discarded on the pile blocks it for one turn only, until the next discard covers it. A "
    "wild card discarded on it also stops the next player."
)


def ties(key: str = "ties") -> Statement:
    """Equal highest totals at the end: the books are silent."""
    return Statement(
        key,
        "ties",
        N_(
            "When the highest totals are equal once the target (%(target)s) is reached, another hand is "
            "played. The books are silent on ties; this is the app's reading."
        ),
    )


def melds_disagreement(book_id: str, lines: tuple[int, int], section: str) -> Statement:
    """Whose melded cards count, where ``book_id`` counts only the side that went out's."""
    return Statement(
        "whose_melds_count",
        "disagreements",
        N_(
            "Whose melded cards count: this book counts only the cards melded by the side that went out; "
            "the French code and the Spanish encyclopedia article count every side's. The app counts every "
            "side's; a match may choose the book's way as a house rule."
        ),
        book_id,
        lines,
        section,
        "se valoran todas las cartas expuestas por la pareja ganadora",
    )
