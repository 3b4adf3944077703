"""Rendered pages kept in each process's memory, keyed by everything they depend on.

At the table every phone reloads the scoreboard between hands, many times for each change: most views
show a page that was already rendered. Rendering it again (fold the match, run the templates) costs
some 50 times a bare Flask response; fetching it from here costs about what a 304 does.

Correct by construction, not by invalidation: the key is the page's ETag (match id and revision, the
account, its players' names, the language, this release's templates), so a change to any of them
reaches a new key and the old page simply ages out of the least-recently-used store. The one piece of
a page that belong to the browser's session are stored as placeholders and filled in on the way out:
its CSRF token (so phones logged in to one account share pages) and the messages waiting for this
session (a page is rendered with a slot for them, see ``flash_slot`` in templates/base.html).

The store is per process and bounded in bytes (``PAGE_CACHE_BYTES``; 0 turns it off). Processes need
not agree on anything: each renders a page once per key.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Final

from flask import Flask, current_app, g, get_flashed_messages, get_template_attribute, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

#: Stands for the CSRF token in a stored page; random per process, so no page can contain it.
PLACEHOLDER: Final = f"csrf-placeholder-{secrets.token_hex(16)}"
#: Where a stored page shows the session's flash messages: pass it as ``flash_slot`` when rendering.
FLASH_SLOT: Final = Markup(f"<!--flash-slot-{secrets.token_hex(16)}-->")
EXTENSION: Final = "scorekeeper.page_cache"


class PageCache:
    """A thread-safe LRU of page bodies, holding at most ``max_bytes`` of text (by length)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._pages: OrderedDict[Hashable, str] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._pages)

    def get(self, key: Hashable) -> str | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Hashable, page: str) -> None:
        if len(page) > self.max_bytes:
            return
        with self._lock:
            old = self._pages.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._pages[key] = page
            self._size += len(page)
            while self._size > self.max_bytes:
                _key, dropped = self._pages.popitem(last=False)
                self._size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._pages.clear()
            self._size = 0


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = PageCache(int(app.config["PAGE_CACHE_BYTES"]))


def _cache() -> PageCache | None:
    cache: PageCache | None = current_app.extensions.get(EXTENSION)
    return cache if cache is not None and cache.max_bytes > 0 else None


def _token_field() -> str:
    return str(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))


def remember(key: Hashable, page: str) -> None:
    """Keep ``page``, just rendered for this request with :data:`FLASH_SLOT`, under ``key``; its CSRF
    token (the one Flask-WTF generated for this request, if any) becomes the placeholder."""
    cache = _cache()
    if cache is None:
        return
    token = g.get(_token_field())
    cache.put(key, page.replace(token, PLACEHOLDER) if token else page)


def recall(key: Hashable) -> str | None:
    """The page stored under ``key`` with this session's CSRF token and messages in it, or ``None``."""
    cache = _cache()
    page = cache.get(key) if cache is not None else None
    if page is None:
        return None
    if PLACEHOLDER in page:
        page = page.replace(PLACEHOLDER, generate_csrf())
    return with_messages(page)


def with_messages(page: str) -> str:
    """``page`` with the session's waiting messages (taken, as a rendered page takes them) in its slot."""
    if FLASH_SLOT not in page:
        return page
    messages = get_flashed_messages(with_categories=True) if "_flashes" in session else []
    shown = get_template_attribute("macros.html", "flash_messages")(messages) if messages else ""
    return page.replace(FLASH_SLOT, shown)


def clear() -> None:
    """Forget every page (tests; nothing in the app needs it)."""
    cache = _cache()
    if cache is not None:
        cache.clear()
