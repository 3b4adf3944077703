"""Validation errors that name the offending field.

Messages are English format strings marked with :func:`N_` so that the web layer can translate them
(Babel extracts ``N_``) before filling in the parameters; the core itself never translates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (done later, in the user's language)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message whose wording follows its ``{count}`` (extracted as a plural pair)."""
    return singular, plural


#: ``(singular, plural, count)`` to the message in the user's language (gettext's ``ngettext``).
PluralTranslate = Callable[[str, str, int], str]
#: ``(parameter name, value)`` to what the user reads in its place (a rule set's name translated,
#: a code named, a number written the locale's way).
ParamWords = Callable[[str, Any], Any]


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _as_is(_name: str, value: Any) -> Any:
    return value


@dataclass(frozen=True)
class FieldError:
    """One problem with one input field; ``path`` is dotted (``sides.1.melds``), ``_`` for the whole.
    A message with a ``plural`` form chooses between the two by its ``count`` parameter."""

    path: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    def render(
        self,
        translate: Callable[[str], str] = N_,
        words: ParamWords = _as_is,
        ntranslate: PluralTranslate = _english_plural,
    ) -> str:
        """The message in the language ``translate`` (``ntranslate`` for a plural message) gives,
        its parameters filled in as ``words`` writes them."""
        if self.plural is None:
            text = translate(self.message)
        else:
            text = ntranslate(self.message, self.plural, int(self.params.get("count", 1)))
        return text.format(**{name: words(name, value) for name, value in self.params.items()})


class ValidationError(ValueError):
    """Raised with every :class:`FieldError` found; nothing has been changed when it is raised."""

    def __init__(self, errors: Iterable[FieldError]) -> None:
        self.errors: tuple[FieldError, ...] = tuple(errors)
        super().__init__("; ".join(f"{e.path}: {e.render()}" for e in self.errors))

    def as_dict(
        self,
        translate: Callable[[str], str] = N_,
        words: ParamWords = _as_is,
        ntranslate: PluralTranslate = _english_plural,
    ) -> dict[str, list[str]]:
        """``{"path": ["message", ...]}``, the shape of the API's 422 answer (see
        :meth:`FieldError.render`)."""
        out: dict[str, list[str]] = {}
        for error in self.errors:
            out.setdefault(error.path, []).append(error.render(translate, words, ntranslate))
        return out

    def prefixed(self, prefix: str) -> ValidationError:
        """The same errors with ``prefix.`` in front of every path (``_`` becomes ``prefix``)."""
        return ValidationError(
            dataclasses.replace(e, path=prefix if e.path == "_" else f"{prefix}.{e.path}")
            for e in self.errors
        )


class ErrorCollector:
    """Gathers field errors while a whole input is checked, so the user sees all of them at once."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def add(self, path: str, message: str, **params: Any) -> None:
        self.errors.append(FieldError(path, message, params))

    def add_count(self, path: str, forms: tuple[str, str], count: int, **params: Any) -> None:
        """A message worded by ``count`` (``forms`` from :func:`N_plural`)."""
        self.errors.append(FieldError(path, forms[0], {"count": count, **params}, plural=forms[1]))

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
