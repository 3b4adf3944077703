"""Validation errors that name the offending field.

Messages are English format strings marked with :func:`N_` so that the web layer can translate them
(Babel extracts ``N_``) before filling in the parameters; the core itself never translates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (done later, in the user's language)."""
    return message


@dataclass(frozen=True)
class FieldError:
    """One problem with one input field; ``path`` is dotted (``sides.1.melds``), ``_`` for the whole."""

    path: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = N_) -> str:
        """The message in the language ``translate`` gives, with its parameters filled in."""
        return translate(self.message).format(**self.params)


class ValidationError(ValueError):
    """Raised with every :class:`FieldError` found; nothing has been changed when it is raised."""

    def __init__(self, errors: Iterable[FieldError]) -> None:
        self.errors: tuple[FieldError, ...] = tuple(errors)
        super().__init__("; ".join(f"{e.path}: {e.render()}" for e in self.errors))

    def as_dict(self, translate: Callable[[str], str] = N_) -> dict[str, list[str]]:
        """``{"path": ["message", ...]}``, the shape of the API's 422 answer."""
        out: dict[str, list[str]] = {}
        for error in self.errors:
            out.setdefault(error.path, []).append(error.render(translate))
        return out

    def prefixed(self, prefix: str) -> ValidationError:
        """The same errors with ``prefix.`` in front of every path (``_`` becomes ``prefix``)."""
        return ValidationError(
            FieldError(prefix if e.path == "_" else f"{prefix}.{e.path}", e.message, e.params)
            for e in self.errors
        )


class ErrorCollector:
    """Gathers field errors while a whole input is checked, so the user sees all of them at once."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def add(self, path: str, message: str, **params: Any) -> None:
        self.errors.append(FieldError(path, message, params))

    def has(self, prefix: str) -> bool:
        """Whether an error was already recorded at ``prefix`` or below it."""
        return any(e.path == prefix or e.path.startswith(prefix + ".") for e in self.errors)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ValidationError(self.errors)


class UnknownRuleSet(LookupError):
    """No rule set has the identifier asked for."""

    def __init__(self, ruleset_id: str, known: Iterable[str]) -> None:
        self.ruleset_id = ruleset_id
        super().__init__(f"unknown rule set {ruleset_id!r}; known: {', '.join(sorted(known))}")
