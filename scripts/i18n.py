"""Translation catalogs: ``python scripts/i18n.py extract|update|compile|check``.

``extract`` collects every message of the code (``_``, ``gettext``, ``lazy_gettext``, ``_l``, ``N_``),
the templates, and the texts of the rule-set data (descriptions, notes, discrepancies, presets), which are
shown translated without markers in the data; ``update`` merges them into the Spanish and French
catalogs; ``compile`` writes the ``.mo`` files the app reads; ``check`` fails if a catalog lacks a
translation.

The catalogs are written sorted and without source locations, so that a change touches only the
messages it adds or changes (and two branches merge cleanly).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
POT = TRANSLATIONS / "messages.pot"
LOCALES = ("es", "fr")
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "lazy_gettext": None,
    "_l": None,
    "N_": None,
    "N_plural": (1, 2),
}
JINJA_OPTIONS = {"extensions": "jinja2.ext.do"}


def rule_texts() -> list[tuple[str, str]]:
    """(text, where) for every translatable text of the rule sets."""
    from scorekeeper.rules.cards import CARD_GROUPS
    from scorekeeper.rules.presets import PRESETS
    from scorekeeper.rules.registry import BOOKS

    texts: list[tuple[str, str]] = [(g.label, "cards") for g in CARD_GROUPS if g.label.isascii()]
    for rs in BOOKS.values():
        where = f"rules:{rs.id}"
        texts += [(rs.name, where), (rs.description, where), (rs.players, where), (rs.deal, where)]
        for group in (rs.canasta_kinds, rs.going_out_kinds, rs.penalties, rs.flags, rs.house_options):
            texts += [(item.description, where) for item in group]
        texts += [(note, where) for note in rs.notes]
        for d in rs.discrepancies:
            texts += [(d.question, where), (d.sources_say, where), (d.default, where)]
    for preset in PRESETS:
        texts += [(text, f"presets:{preset.id}") for text in (preset.name, preset.note) if text]
    return texts


def extract() -> None:
    catalog = Catalog(project="scorekeeper", charset="utf-8")
    for dirname, method in (("scorekeeper", "python"), ("templates", "jinja2")):
        base = ROOT / dirname
        methods = [("**.py", "python")] if method == "python" else [("**.html", "jinja2")]
        options = {"**.html": JINJA_OPTIONS}
        for filename, lineno, message, comments, context in extract_from_dir(
            base, methods, options_map=options, keywords=KEYWORDS
        ):
            catalog.add(
                message,
                locations=[(f"{dirname}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    for text, where in rule_texts():
        if text:
            catalog.add(text, locations=[(where, 0)])
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, no_location=True, sort_output=True)
    print(f"{len(catalog)} messages in {POT.relative_to(ROOT)}")


def po_path(locale: str) -> Path:
    return TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"


def update() -> None:
    with POT.open("rb") as f:
        template = read_po(f)
    for locale in LOCALES:
        path = po_path(locale)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=locale)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            catalog = Catalog(locale=locale, project="scorekeeper", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
            path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, ignore_obsolete=True, no_location=True, sort_output=True)
        print(f"{locale}: {len(catalog)} messages, {missing(catalog)} untranslated")


def missing_one(message: Message) -> bool:
    """The message lacks its translation, or one of its plural forms."""
    strings = message.string
    if strings is None or isinstance(strings, str):
        return not strings
    return not all(strings)


def missing(catalog: Catalog) -> int:
    return sum(1 for m in catalog if m.id and missing_one(m))


def compile_all() -> None:
    for locale in LOCALES:
        path = po_path(locale)
        if not path.exists():
            print(f"{locale}: no catalog yet")
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale=locale)
        with path.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)


def check() -> int:
    status = 0
    for locale in LOCALES:
        with po_path(locale).open("rb") as f:
            catalog = read_po(f, locale=locale)
        # A plural with one form empty, or a fuzzy entry (which compile leaves out), shows English.
        gaps = [m.id for m in catalog if m.id and (m.fuzzy or missing_one(m))]
        if gaps:
            status = 1
            print(f"{locale}: {len(gaps)} untranslated or fuzzy, e.g. {gaps[:5]}")
    return status


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    actions = {"extract": extract, "update": update, "compile": compile_all}
    if command == "check":
        sys.exit(check())
    if command not in actions:
        sys.exit(__doc__)
    actions[command]()
