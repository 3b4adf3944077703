"""Find a rule set by its identifier, optionally with a match's house rules applied."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .errors import UnknownRuleSet
from .house_rules import apply_house_rules
from .model import RuleSet
from .sets import BOOK_RULESETS

#: The rule books as written, house options included but switched off.
BOOKS: Final[Mapping[str, RuleSet]] = {rs.id: rs for rs in BOOK_RULESETS}

RULESET_IDS: Final = tuple(BOOKS)


def get_ruleset(ruleset_id: str, house_rules: Mapping[str, object] | None = None) -> RuleSet:
    """The effective rule set ``ruleset_id`` with ``house_rules`` applied.

    :raise UnknownRuleSet: no rule set has that identifier.
    :raise ValidationError: a house rule is unknown or has a bad value (paths ``house_rules.KEY``).
    """
    try:
        book = BOOKS[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRuleSet(str(ruleset_id), BOOKS) from None
    return apply_house_rules(book, house_rules or {})


def all_rulesets() -> list[RuleSet]:
    """Every rule set as its book gives it, in a stable order."""
    return [get_ruleset(ruleset_id) for ruleset_id in RULESET_IDS]
