"""The translation catalogs: every message of the code and templates has its Spanish and its French
translation, with the same placeholders, and the compiled catalogs the app reads are up to date."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parents[1] / "scorekeeper" / "translations"
LOCALES = ("es", "fr")


def catalog(locale: str, suffix: str = ".po") -> Catalog:
    path = TRANSLATIONS / locale / "LC_MESSAGES" / f"messages{suffix}"
    with path.open("rb") as f:
        return read_po(f, locale=locale) if suffix == ".po" else read_mo(f)


def template() -> Catalog:
    with (TRANSLATIONS / "messages.pot").open("rb") as f:
        return read_po(f)


def translated(string: object) -> bool:
    return bool(string) if isinstance(string, str) else all(string)  # type: ignore[call-overload]


def plain(value: object) -> object:
    """A message id or string, plural forms as a tuple (the .po and .mo readers differ)."""
    return value if isinstance(value, str) else tuple(value)  # type: ignore[call-overload]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_has_its_translation(locale):
    po = catalog(locale)
    wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in po if m.id}
    assert not sorted(wanted - have), "run scripts/i18n.py update"
    missing = [m.id for m in po if m.id and not translated(m.string)]
    assert not missing, f"{locale}: {len(missing)} untranslated, e.g. {missing[:5]}"
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert not fuzzy, f"{locale}: fuzzy translations are not used: {fuzzy[:5]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_translations_keep_the_placeholders(locale):
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog(locale).check()]
    assert not problems, problems[:5]


@pytest.mark.parametrize("locale", LOCALES)
def test_compiled_catalog_matches_the_po_file(locale):
    po = {plain(m.id): plain(m.string) for m in catalog(locale) if m.id}
    mo = {plain(m.id): plain(m.string) for m in catalog(locale, ".mo") if m.id}
    assert mo == po, "run scripts/i18n.py compile"
