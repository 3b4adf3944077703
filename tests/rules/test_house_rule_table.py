"""The house-rule table: every key a rule set accepts has a row, and each row reads and changes the
rule set consistently (the book's value changes nothing; a value set is the value read back)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RULESET_IDS, get_ruleset, house_rule_keys, presets_for
from scorekeeper.rules.house_rule_table import (
    HOUSE_RULE_TABLE,
    ONLY_WHEN_SET,
    OPTIONS,
    SECTIONS,
    book_value,
    points_key,
)
from scorekeeper.rules.publish import scoring_data
from scorekeeper.rules.registry import BOOKS

KEYS = [(ruleset_id, key) for ruleset_id in RULESET_IDS for key in house_rule_keys(BOOKS[ruleset_id])]


def switched_on(ruleset_id: str, key: str) -> dict[str, bool]:
    """The option that must be on for ``key`` to exist (the aces canastas' points), if any."""
    section, _dot, code = key.partition(".")
    items = getattr(BOOKS[ruleset_id], section) if points_key(BOOKS[ruleset_id], key) else ()
    item = (
        next((i for i in items if getattr(i, "code", None) == code), None)
        if isinstance(items, tuple)
        else None
    )
    option = getattr(item, "house_option", None)
    return {option: True} if option else {}


@pytest.mark.parametrize(("ruleset_id", "key"), [(r, k) for r, k in KEYS if k not in ONLY_WHEN_SET])
def test_the_books_value_changes_nothing_the_scorer_reads(ruleset_id, key):
    value = book_value(BOOKS[ruleset_id], key)
    assert value is not None, key
    base = switched_on(ruleset_id, key)
    assert scoring_data(get_ruleset(ruleset_id, {**base, key: value})) == scoring_data(
        get_ruleset(ruleset_id, base)
    )


@pytest.mark.parametrize(("ruleset_id", "key"), [(r, k) for r, k in KEYS if points_key(BOOKS[r], k)])
def test_a_points_value_set_is_read_back(ruleset_id, key):
    changed = book_value(BOOKS[ruleset_id], key) + 5
    effective = get_ruleset(ruleset_id, {**switched_on(ruleset_id, key), key: changed})
    assert book_value(effective, key) == changed


def test_the_options_no_book_has_have_no_book_value():
    for ruleset_id in RULESET_IDS:
        assert [book_value(BOOKS[ruleset_id], key) for key in ONLY_WHEN_SET] == [None, None]


def test_every_row_is_used_by_some_rule_set():
    offered = {o.key for book in BOOKS.values() for o in book.house_options}
    sections = {key.partition(".")[0] for _ruleset_id, key in KEYS if "." in key}
    assert offered == set(OPTIONS)
    assert sections == set(SECTIONS)
    assert len(HOUSE_RULE_TABLE) == len(OPTIONS) + len(SECTIONS)


def test_a_rule_sets_options_take_kind_and_bounds_from_the_table():
    for book in BOOKS.values():
        for option in book.house_options:
            row = OPTIONS[option.key]
            assert (option.kind, option.minimum, option.maximum) == (row.kind, row.minimum, row.maximum)
    # A rule set's own default where the book differs: Canastón's clean and dirty canastas make two.
    assert BOOKS["canaston"].house_option("going_out_min_canastas").default == 2


def test_every_presets_keys_are_keys_of_its_rule_set():
    for ruleset_id in RULESET_IDS:
        keys = set(house_rule_keys(BOOKS[ruleset_id]))
        for preset in presets_for(ruleset_id):
            assert set(preset.house_rules) <= keys, preset.id
