"""A browser's user-agent string in words, for the devices page: the browser and the system it runs
on ("Chrome 131", "Android 14"), read with ua-parser (uap-core's rules, kept up to date by that
project), never the raw string."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ua_parser import parse

#: Names ua-parser gives that players know by another: the phone's browser is just "Chrome".
SYSTEM_NAMES: Final = {"Mac OS X": "macOS"}
_MOBILE: Final = re.compile(r"\s*\bMobile\b\s*")
_UNKNOWN: Final = frozenset({"", "Other"})


@dataclass(frozen=True)
class Agent:
    """What a user-agent string says: ``browser`` and ``system`` with their versions, each ``None``
    when it does not say (a program, an unknown or empty string)."""

    browser: str | None
    system: str | None


def _named(family: str, version: str) -> str | None:
    if family in _UNKNOWN:
        return None
    return f"{family} {version}".strip()


def _version(major: str | None, minor: str | None = None) -> str:
    """``14``, ``17.5``; a minor version of 0 is left out (``131``, not ``131.0``)."""
    if not major:
        return ""
    return f"{major}.{minor}" if minor and minor != "0" else major


@lru_cache(maxsize=256)
def describe(agent: str) -> Agent:
    """The browser (family and major version, "Mobile" left out) and the system (family and
    version) of ``agent``."""
    result = parse(agent or "")
    browser = system = None
    if result.user_agent is not None:
        family = _MOBILE.sub(" ", result.user_agent.family).strip()
        browser = _named(family, _version(result.user_agent.major))
    if result.os is not None:
        family = SYSTEM_NAMES.get(result.os.family, result.os.family)
        system = _named(family, _version(result.os.major, result.os.minor))
    return Agent(browser, system)
