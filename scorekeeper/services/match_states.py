"""Folded matches kept in each process's memory, keyed by the match's id and revision.

A write that scores a hand leaves the match's state behind under its new revision; the next request
for that match (the next hand, the scoreboard, the API's read) starts from it instead of loading and
scoring every hand again. Correct by construction, as :mod:`scorekeeper.page_cache` is: every change
to a match's hands bumps its ``revision`` in the same transaction (``UPDATE ... WHERE revision =``
the one read, so one revision is one set of hands), the key holds the match's creation time too (ids
are never reused, but a database emptied and refilled starts them again), and the rule set, house
rules and target of a match never change; so a key names one state forever, and nothing needs
forgetting (a backup is restored with the app stopped: docs/production.md). A state kept by a read
can be newer than its key (a hand committed between the two SELECTs), never older; a write that
starts from it then fails its revision check, as it would have.

Per process and bounded by a number of matches (``MATCH_STATE_CACHE``; 0 turns it off).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from flask import Flask, current_app

from ..rules import MatchState

EXTENSION: Final = "scorekeeper.match_states"
#: A match's id, creation time and revision.
Key = tuple[int, datetime, int]


#: Per hand, what the layers above derive from that hand's result and version alone (the API keeps
#: its JSON there): kept with the state, and carried by a write to the hands it leaves as they were.
Memo = dict[str, Any]


@dataclass(frozen=True)
class Folded:
    """A match's hands folded (``state``), each hand's stored version and memo, in hand order."""

    state: MatchState
    versions: tuple[int, ...]
    memos: tuple[Memo, ...]


def fresh_memos(count: int) -> tuple[Memo, ...]:
    return tuple({} for _ in range(count))


class MatchStates:
    """A thread-safe LRU of :class:`Folded`, at most ``size`` of them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._states: OrderedDict[Key, Folded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Folded | None:
        with self._lock:
            folded = self._states.get(key)
            if folded is not None:
                self._states.move_to_end(key)
            return folded

    def put(self, key: Key, folded: Folded) -> None:
        with self._lock:
            self._states[key] = folded
            self._states.move_to_end(key)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = MatchStates(int(app.config.get("MATCH_STATE_CACHE", 256)))


def _store() -> MatchStates | None:
    store: MatchStates | None = current_app.extensions.get(EXTENSION)
    return store if store is not None and store.size > 0 else None


def fetch(key: Key | None) -> Folded | None:
    """The state kept for this revision of the match, if any."""
    store = _store() if key is not None else None
    return store.get(key) if store is not None and key is not None else None


def keep(key: Key | None, folded: Folded) -> None:
    """Keep ``folded`` as the state of this revision of the match."""
    store = _store() if key is not None else None
    if store is not None and key is not None:
        store.put(key, folded)


def clear() -> None:
    """Forget every state (a database emptied under a running app: tests)."""
    store = current_app.extensions.get(EXTENSION)
    if store is not None:
        store.clear()
