"""The referee search: the players' words in Spanish, English or French, ranked.

:func:`index` stems a row's words on the server; static/referee.js only compares, exactly as this
module does (the tests compare them). The matching and ranking rules are in docs/architecture.md,
"The referee search".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

import snowballstemmer

from .word_forms import IRREGULAR_FORMS, NUMBER_WORDS, SYNONYMS

#: Shorter query words must occur as they are ("dos" must not find "los").
MIN_FUZZY: Final = 4
#: From this length a query word may be two edits away.
MIN_TWO_EDITS: Final = 8
#: Stems shorter than this are not used (a query word must then be the whole word).
MIN_STEM: Final = 3
#: How many letters a query word may add to a stem: "rob" + "aron".
MAX_ENDING: Final = 4
#: A query's words beyond this many are not looked for (players type a few; this bounds the work).
MAX_WORDS: Final = 8
#: What separates the words of a text (spaces and punctuation).
WORD_BREAK: Final = re.compile(r"\W+")
#: In an index: between phrases, between words, between a word and its stems.
PHRASE_SEP: Final = "|"
WORD_SEP: Final = " "
STEM_SEP: Final = "/"
#: The worth of a synonym (a match through it counts at most this).
SYNONYM_WORTH: Final = 1
#: The worth of a number found through a typo.
NUMBER_TYPO_WORTH: Final = 2
STEMMER_LANGUAGES: Final = ("spanish", "english", "french")

Word = tuple[str, tuple[str, ...]]
Phrase = tuple[Word, ...]


def fold(text: str) -> str:
    """``text`` without accents, in lower case, spaces collapsed: "Comodín  Ñ" → "comodin n"."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def words_of(text: str) -> list[str]:
    """The words of ``text`` as typed (lower case, accents kept), without punctuation."""
    return [w for w in WORD_BREAK.split(text.casefold()) if w]


def haystack(parts: Iterable[object]) -> str:
    """The folded text of ``parts`` (for plain substring searches)."""
    return fold(" ".join(str(part) for part in parts))


@cache
def _stemmers() -> tuple[snowballstemmer.stemmer, ...]:
    return tuple(snowballstemmer.stemmer(language) for language in STEMMER_LANGUAGES)


@cache
def stems(word: str) -> tuple[str, ...]:
    """The folded stems of ``word`` (as typed, lower case) in the three languages, and those of its
    dictionary form if it is irregular; only those of :data:`MIN_STEM` letters or more, other than
    the word itself. Sorted, so that the index is the same on every run."""
    folded = fold(word)
    forms = [word, IRREGULAR_FORMS.get(folded, "")]
    found = {fold(s.stemWord(form)) for form in forms if form for s in _stemmers()}
    found.add(IRREGULAR_FORMS.get(folded, ""))
    return tuple(sorted(s for s in found if len(s) >= MIN_STEM and s != folded))


def index(phrases: Iterable[object]) -> str:
    """The searchable form of a row: each of ``phrases`` (texts or numbers) as its words, each word
    folded with its stems: "robó dos|50" → "robo/rob dos|50". Empty phrases are left out."""
    out = []
    for phrase in phrases:
        written = [STEM_SEP.join((fold(w), *stems(w))) for w in words_of(str(phrase))]
        if written:
            out.append(WORD_SEP.join(written))
    return PHRASE_SEP.join(out)


@cache
def parse(indexed: str) -> tuple[Phrase, ...]:
    """An :func:`index` string read back."""
    phrases = []
    for phrase in indexed.split(PHRASE_SEP):
        words: list[Word] = []
        for written in phrase.split(WORD_SEP):
            if written:
                surface, *found = written.split(STEM_SEP)
                words.append((surface, tuple(found)))
        phrases.append(tuple(words))
    return tuple(phrases)


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


def is_typo(word: str, other: str) -> bool:
    """``word`` (of :data:`MIN_FUZZY` letters or more) is one edit from ``other``, two from
    :data:`MIN_TWO_EDITS` letters."""
    if len(word) < MIN_FUZZY:
        return False
    most = 2 if len(word) >= MIN_TWO_EDITS else 1
    return edits(word, other, most) <= most


def kind(form: str, word: Word, typed: bool) -> int:
    """How well the query word ``form`` matches ``word`` of a row: 4 the same word, 3 a form of it
    (its stem and an ending), 2 a typo, 1 its start. Typos and starts count only if ``typed`` (the
    word the user typed, not a word it stands for). Digits match only the same number. 0: no match."""
    surface, found = word
    if form == surface:
        return 4
    if form.isdigit():
        return 0
    if any(form.startswith(s) and len(form) - len(s) <= MAX_ENDING for s in found):
        return 3
    if not typed:
        return 0
    if is_typo(form, surface):
        return 2
    return 1 if surface.startswith(form) else 0


@dataclass(frozen=True)
class Lexicon:
    """The tables of word_forms.py as the search uses them (and the browser receives them)."""

    forms: Mapping[str, str]
    numbers: tuple[tuple[str, ...], ...]
    synonyms: tuple[tuple[Word, ...], ...]

    def as_json(self) -> dict[str, object]:
        """For static/referee.js: the same tables, synonyms written as index words."""
        return {
            "forms": dict(self.forms),
            "numbers": [list(group) for group in self.numbers],
            "synonyms": [[STEM_SEP.join((s, *found)) for s, found in group] for group in self.synonyms],
            "minFuzzy": MIN_FUZZY,
            "minTwoEdits": MIN_TWO_EDITS,
            "maxEnding": MAX_ENDING,
            "maxWords": MAX_WORDS,
            "synonymWorth": SYNONYM_WORTH,
            "numberTypoWorth": NUMBER_TYPO_WORTH,
        }


@cache
def lexicon() -> Lexicon:
    return Lexicon(
        forms=IRREGULAR_FORMS,
        numbers=NUMBER_WORDS,
        synonyms=tuple(tuple((w, stems(w)) for w in group) for group in SYNONYMS),
    )


#: A query word and what it stands for: (form, worth, typed) for each.
Alternatives = tuple[tuple[str, int, bool], ...]


def alternatives(word: str, vocabulary: frozenset[str], lex: Lexicon) -> Alternatives:
    """What the query ``word`` (folded) matches as: itself, its dictionary form, its number's other
    words (or, if no row has ``word``, the number it is a typo of), its synonyms."""
    out: list[tuple[str, int, bool]] = [(word, 4, True)]
    lemma = lex.forms.get(word)
    if lemma:
        out.append((lemma, 4, False))
    base = list(out)
    group = next((g for g in lex.numbers if word in g), None)
    value = 4
    if group is None and len(word) >= MIN_STEM and word not in vocabulary and not word.isdigit():
        group = next((g for g in lex.numbers if any(edits(word, n, 1) <= 1 for n in g)), None)
        value = NUMBER_TYPO_WORTH
    out.extend((n, value, False) for n in group or () if n != word)
    for synonyms in lex.synonyms:
        if any(kind(form, member, False) >= 3 for form, _w, _t in base for member in synonyms):
            out.extend((s, SYNONYM_WORTH, False) for s, _found in synonyms)
    return tuple(out)


def worth(alts: Alternatives, word: Word) -> int:
    """What ``word`` of a row is worth to the query word whose :func:`alternatives` are ``alts``."""
    return max(min(value, kind(form, word, typed)) for form, value, typed in alts)


@dataclass(frozen=True)
class Score:
    """A row's rank: its best single phrase, then its whole; ``shown`` when every word matched."""

    shown: bool
    phrase: int
    total: int


def score(worths: Sequence[Mapping[Word, int]], phrases: Sequence[Phrase]) -> Score:
    """The :class:`Score` of a row, from each query word's worth of every word (``worths``)."""
    per_word = [max((w[word] for p in phrases for word in p), default=0) for w in worths]
    phrase = max((sum(max((w[word] for word in p), default=0) for w in worths) for p in phrases), default=0)
    return Score(all(per_word), phrase, sum(per_word))


def query_words(query: str) -> list[str]:
    """The different words of ``query``, folded, in order; the first :data:`MAX_WORDS` only."""
    return list(dict.fromkeys(w for w in WORD_BREAK.split(fold(query)) if w))[:MAX_WORDS]


def rank(query: str, rows: Sequence[str]) -> list[int]:
    """The positions in ``rows`` (:func:`index` strings) of the rows the query finds, best first; an
    empty query finds every row, in order."""
    words = query_words(query)
    if not words:
        return list(range(len(rows)))
    parsed = [parse(row) for row in rows]
    vocabulary = frozenset(surface for phrases in parsed for p in phrases for surface, _found in p)
    lex = lexicon()
    distinct = {word for phrases in parsed for p in phrases for word in p}
    worths = []
    for word in words:
        alts = alternatives(word, vocabulary, lex)
        worths.append({w: worth(alts, w) for w in distinct})
    scores = [score(worths, phrases) for phrases in parsed]
    found = [i for i, s in enumerate(scores) if s.shown]
    return sorted(found, key=lambda i: (-scores[i].phrase, -scores[i].total, i))


def matches(query: str, text: str) -> bool:
    """``text`` alone is found by ``query`` (an empty query finds everything)."""
    return rank(query, [index([text])]) == [0]
