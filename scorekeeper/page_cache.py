"""Rendered pages kept in each process's memory, keyed by everything they depend on.

A change to a match is rendered once per process and language; every later view of it, by the
owner's phones or by the table's on the shared live board, is served from here at about the cost of
a 304, where rendering again (fold the match, run the templates) costs some 50 times a bare Flask
response.

Correct by construction, not by invalidation: the key is the page's ETag (match id, revision and
time of its last change, the account's players' names, the language, this release's templates), so
a change to any of them reaches a new key and the old page simply ages out of the least-recently-used
store. The two pieces of a page that belong to the browser's session are stored as slots and filled in
on the way out: its CSRF token (so phones logged in to one account share pages) and the messages
waiting for this session (a page is rendered with a slot for them: ``flash_slot`` in
templates/base.html).

The store is per process and bounded in bytes of UTF-8 (``PAGE_CACHE_BYTES``; 0 turns it off).
Processes need not agree on anything: each renders a page once per key.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Final

from flask import Flask, current_app, get_flashed_messages, get_template_attribute, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .security import secret_shown, shows_secret

#: Stand for the session's CSRF token and its waiting messages in a stored page; random per process,
#: so no page can contain them by chance.
TOKEN_SLOT: Final = f"<!--csrf-slot-{secrets.token_hex(16)}-->".encode()
MESSAGES_SLOT: Final = f"<!--flash-slot-{secrets.token_hex(16)}-->"
#: Put before a stored page that shows a secret (a share link), so that serving it again marks the
#: response ``no-store`` as rendering it did (scorekeeper.security.shows_secret).
SECRET_MARK: Final = f"<!--secret-{secrets.token_hex(16)}-->".encode()
#: Pass as ``flash_slot`` when rendering a page to be stored (templates/base.html): a fixed comment.
# Our own constant, no outside text.
FLASH_SLOT: Final = Markup(MESSAGES_SLOT)  # nosec B704
EXTENSION: Final = "scorekeeper.page_cache"


class PageCache:
    """A thread-safe LRU of page bodies (UTF-8 bytes), holding at most ``max_bytes`` of them."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._pages: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._pages)

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Hashable, page: bytes) -> None:
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


def store(key: Hashable | None, page: str, csrf_token: str | None = None) -> bytes:
    """``page``, just rendered for this request (with :data:`FLASH_SLOT` if it shows messages), made
    impersonal: ``csrf_token``, the token its forms were given (``generate_csrf()``), becomes a slot.
    Kept under ``key`` unless ``key`` is ``None``; returned either way, for :func:`personalise`."""
    body = page.encode()
    if csrf_token:
        body = body.replace(csrf_token.encode(), TOKEN_SLOT)
    if secret_shown():
        body = SECRET_MARK + body
    cache = _cache()
    if cache is not None and key is not None:
        cache.put(key, body)
    return body


def fetch(key: Hashable) -> bytes | None:
    """The impersonal page kept under ``key``, or ``None``; answer with :func:`personalise`."""
    cache = _cache()
    return cache.get(key) if cache is not None else None


def personalise(body: bytes) -> bytes:
    """An impersonal page with this session's CSRF token and waiting messages in their slots (the
    messages are taken from the session, as rendering them would; a HEAD request leaves them). A
    page that shows a secret is marked so again (answered ``no-store``)."""
    if body.startswith(SECRET_MARK):
        body = body[len(SECRET_MARK) :]
        shows_secret()
    if TOKEN_SLOT in body:
        body = body.replace(TOKEN_SLOT, generate_csrf().encode())
    slot = MESSAGES_SLOT.encode()
    if slot in body:
        waiting = "_flashes" in session and request.method != "HEAD"
        messages = get_flashed_messages(with_categories=True) if waiting else []
        shown = get_template_attribute("macros.html", "flash_messages")(messages) if messages else ""
        body = body.replace(slot, str(shown).encode())
    return body
