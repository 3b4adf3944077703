"""What a referee is asked at the table: one module per rule set, named as the rule set's id.

Each module's ``STATEMENTS`` lists its :class:`Statement`\\ s in page order. Texts may use
``%(target)s``, ``%(full)s``, ``%(size)s`` and ``%(each)s``, filled from the match's effective rule
set so no rule number is written twice (docs/architecture.md, "Rule sets").
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType
from typing import Final

from ...rules.registry import RULESET_IDS
from .base import TOPICS, Statement

__all__ = ["STATEMENTS", "TOPICS", "Statement", "statements"]


def _load(ruleset_id: str) -> tuple[Statement, ...]:
    """The ``STATEMENTS`` of the module named ``ruleset_id``: every rule set has one."""
    try:
        module = import_module(f"{__name__}.{ruleset_id}")
    except ModuleNotFoundError as missing:
        raise ImportError(f"rule set {ruleset_id!r} has no module {__name__}.{ruleset_id}") from missing
    found: tuple[Statement, ...] = module.STATEMENTS
    return found


#: Every rule set's statements, by rule set id, in the registry's order.
STATEMENTS: Final[Mapping[str, tuple[Statement, ...]]] = MappingProxyType(
    {ruleset_id: _load(ruleset_id) for ruleset_id in RULESET_IDS}
)


def statements(ruleset_id: str) -> tuple[Statement, ...]:
    """The statements of ``ruleset_id``: none for an unknown rule set."""
    return STATEMENTS.get(ruleset_id, ())
