"""The five rule sets, one module each, as the rule books give them (docs/rules.md)."""

from __future__ import annotations

from typing import Final

from . import american, canaston, classic, francaise, samba

BOOK_RULESETS: Final = (
    classic.RULESET,
    samba.RULESET,
    canaston.RULESET,
    francaise.RULESET,
    american.RULESET,
)

#: Every side flag of any rule set; a hand may carry another rule set's flag only as ``false``.
ALL_FLAG_CODES: Final = frozenset(f.code for rs in BOOK_RULESETS for f in rs.flags)
