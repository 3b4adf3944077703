"""The lines of the referee pages: penalties and statements in the user's language, with the book's
words, the book cited by title, edition and section (never a file name), and the text to search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from markupsafe import Markup

from ..rules.model import Penalty, RuleSet
from ..rules.registry import BOOKS
from ..vocabulary import number
from . import books
from .penalty_words import PENALTY_WORDS, TOPIC_WORDS
from .reference import gettext
from .search import index
from .statements import TOPICS, Statement, statements

#: A remark in brackets that names rule books by number, such as "(000 says 100, 004 says 50)":
#: the disagreement is told in plain words on the rules page instead.
BOOK_REMARK: Final = re.compile(r"\s*\([^()]*\b00\d\b[^()]*\)")


@dataclass(frozen=True)
class Entry:
    """One line of a referee page.

    ``anchor`` is its HTML id; ``points`` is set for a penalty; ``quote`` is the book's words in
    ``lang``; ``source`` names the book and section, or says that this is the app's reading.
    """

    anchor: str
    topic: str
    title: str
    points: int | None
    quote: str
    lang: str
    source: str
    reading: bool
    search: str
    #: A penalty's code ("" for a statement).
    code: str = ""


def without_book_numbers(text: str) -> str:
    return BOOK_REMARK.sub("", text)


def cite(source: str) -> Markup:
    """A rule-data source in words, in the user's language."""
    return books.cite(source, gettext)


def penalty_entry(penalty: Penalty) -> Entry:
    title = without_book_numbers(gettext(penalty.description))
    words = (
        penalty.points,
        without_book_numbers(penalty.description),
        title,
        penalty.quote,
        *PENALTY_WORDS.get(penalty.code, ()),
    )
    return Entry(
        anchor=f"penalty-{penalty.code}",
        topic="penalties",
        title=title,
        points=penalty.points,
        quote=penalty.quote,
        lang=books.language_of(penalty.source),
        source=cite(penalty.source),
        reading=False,
        search=index(words),
        code=penalty.code,
    )


def penalty_entries(rs: RuleSet) -> list[Entry]:
    """The penalties of ``rs`` in its order."""
    return [penalty_entry(p) for p in rs.penalties]


def facts(rs: RuleSet) -> dict[str, int]:
    """The rule-set numbers a statement's text may name: the target and red threes, and every item's
    points by code (``canasta_sevens``, ``out_special_straight``, ``penalty_sevens_in_hand``,
    ``threes_4``, ``band_2``/``from_2``), at the match's values; an item a house rule took away keeps
    the book's (a statement may still name it)."""
    numbers = {
        "target": rs.target,
        "full": rs.red_threes.full_set_value,
        "size": rs.red_threes.full_set_size,
        "each": rs.red_threes.per_card,
    }
    for effective in (BOOKS.get(rs.id, rs), rs):
        numbers.update({f"canasta_{k.code}": k.points for k in effective.canasta_kinds})
        numbers.update({f"out_{k.code}": k.points for k in effective.going_out_kinds})
        numbers.update({f"penalty_{p.code}": p.points for p in effective.penalties})
        numbers.update({f"threes_{n}": v for n, v in enumerate(effective.red_threes.table, start=1)})
        for at, band in enumerate(effective.opening_bands):
            numbers[f"band_{at}"] = band.minimum
            if band.start is not None:
                numbers[f"from_{at}"] = band.start
    return numbers


def source_of(statement: Statement) -> Markup:
    """Where a statement comes from, in words: book, edition, section (the title and the section in
    the book's language, marked with ``lang``); or the app's reading."""
    if statement.book is None:
        return Markup.escape(gettext("No book says it: the app's reading."))
    book = books.book(statement.book)
    return Markup('<span lang="{0}">{1}</span> ({2}), <span lang="{0}">{3}</span>').format(
        book.language, book.title, gettext(book.edition), statement.section
    )


def statement_entry(statement: Statement, rs: RuleSet) -> Entry:
    title = gettext(statement.text, **{name: number(value) for name, value in facts(rs).items()})
    topic_title = TOPICS[statement.topic]
    words = (
        statement.text % facts(rs),
        title,
        statement.quote,
        topic_title,
        gettext(topic_title),
        *TOPIC_WORDS.get(statement.topic, ()),
    )
    return Entry(
        anchor=f"rule-{statement.key}",
        topic=statement.topic,
        title=title,
        points=None,
        quote=statement.quote,
        lang=books.book(statement.book).language if statement.book else "",
        source=source_of(statement),
        reading=statement.reading,
        search=index(words),
    )


def statement_entries(rs: RuleSet) -> list[Entry]:
    """Every statement of ``rs``'s rule set, in the order of the data."""
    return [statement_entry(s, rs) for s in statements(rs.id)]


def by_topic(entries: list[Entry]) -> dict[str, list[Entry]]:
    """``entries`` grouped by topic, every topic of :data:`TOPICS` present (maybe empty)."""
    grouped: dict[str, list[Entry]] = {topic: [] for topic in TOPICS}
    for entry in entries:
        grouped.setdefault(entry.topic, []).append(entry)
    return grouped
