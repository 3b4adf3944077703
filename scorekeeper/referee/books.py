"""The rule books the referee pages quote, and how a source is cited to players.

The rule data names its sources by the seed file they were read from ("004_c6a2eff7a226bedd.txt,
PENALIDADES"); players read the book's title, edition and section instead ("La Canasta, typed copy,
PENALIDADES"), never the file name. 000 and 004 are the same book, scanned and typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from markupsafe import Markup

from ..rules.errors import N_


@dataclass(frozen=True)
class Book:
    """One rule book: ``title`` as printed (not translated), ``edition`` an English msgid."""

    id: str
    file: str
    title: str
    edition: str
    language: str
    #: A public web page (American Canasta's sources) rather than a seed file: no file, no lines.
    url: str = ""
    #: How the rule data's sources name it (``Pagat "American Canasta"``); seed files go by number.
    named: str = ""


RULE_BOOKS: Final[Mapping[str, Book]] = {
    book.id: book
    for book in (
        Book(
            "000",
            "000_8c28a78327a43369.txt",
            "La Canasta",
            N_("Uruguayan-Argentine rules, scanned copy"),
            "es",
        ),
        Book("001", "001_ad0fbe4daf69b254.txt", "La Samba", N_("rule book"), "es"),
        Book("002", "002_28aea2b109987c47.txt", "Jeu de la canasta", N_("French rules, 1951 code"), "fr"),
        Book(
            "003",
            "003_e48429c314359b4d.txt",
            "Canasta (juego)",
            N_("Spanish encyclopedia article, 2010"),
            "es",
        ),
        Book(
            "004", "004_c6a2eff7a226bedd.txt", "La Canasta", N_("Uruguayan-Argentine rules, typed copy"), "es"
        ),
        Book(
            "cla",
            "",
            "Canasta League of America",
            N_("rules of Modern American Canasta"),
            "en",
            url="https://www.canastaleague.org/",
            named="Canasta League of America rules",
        ),
        Book(
            "pagat",
            "",
            "American Canasta",
            N_("Pagat, card game rules"),
            "en",
            url="https://www.pagat.com/rummy/american-canasta.html",
            named='Pagat "American Canasta"',
        ),
        Book(
            "wp",
            "",
            "Canasta: US American Canasta",
            N_("Wikipedia article"),
            "en",
            url="https://en.wikipedia.org/wiki/Canasta",
            named='Wikipedia "Canasta" (US American Canasta)',
        ),
        Book(
            "nvso",
            "",
            "Canasta",
            N_("NVSO tournament rules"),
            "en",
            url="https://nvso.us/events/canasta/",
            named='NVSO "Canasta" event rules',
        ),
    )
}

#: A book named in a rule-data source: its id, with or without the rest of the file name.
BOOK_REF: Final = re.compile(r"\b(00\d)(?:_[0-9a-f]{16}\.txt)?\b")


def book(book_id: str) -> Book:
    """The book ``book_id`` ("004"). :raise KeyError: no such book."""
    return RULE_BOOKS[book_id]


def books_in(source: str) -> list[Book]:
    """The books a rule-data source names, in order, each once (seed files by number, web pages by
    the name the rule data gives them)."""
    ids = dict.fromkeys(BOOK_REF.findall(source))
    found = [RULE_BOOKS[i] for i in ids if i in RULE_BOOKS]
    named = sorted((source.find(b.named), b.id) for b in RULE_BOOKS.values() if b.named and b.named in source)
    return found + [RULE_BOOKS[book_id] for _at, book_id in named]


def language_of(source: str) -> str:
    """The language (``es`` or ``fr``) of the first book a source names (Spanish if none)."""
    found = books_in(source)
    return found[0].language if found else "es"


def cite(source: str, gettext: Callable[[str], str] | None = None) -> Markup:
    """A rule-data source in words: each book by title and edition, with its section.

    ``gettext`` translates the editions (the identity when ``None``). Parts of the source that name
    no book (such as the project's own notes) are left out. Titles and sections keep the book's
    language, marked with ``lang`` for screen readers and translators' checks.
    """
    translate = gettext or str
    cited: list[Markup] = []
    for part in source.split(";"):
        found = books_in(part)
        if not found:
            continue
        _books, comma, section = part.partition(",")
        title = Markup('<span lang="{}">{}</span> ({})')
        names = Markup(" / ").join(title.format(b.language, b.title, translate(b.edition)) for b in found)
        if comma and section.strip():  # the section's title is in the book's language
            names += Markup(', <span lang="{}">{}</span>').format(found[0].language, section.strip())
        if names not in cited:
            cited.append(names)
    return Markup("; ").join(cited)
