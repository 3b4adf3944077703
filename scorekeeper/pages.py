"""A digest of what this version of the app renders pages with (templates, translations,
static files), so that page ETags change with a deploy."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Final

from .config import STATIC_DIR, TEMPLATES_DIR

PACKAGE = Path(__file__).resolve().parent


def assets_digest() -> str:
    """Ten hex digits of a hash of the templates, static files and compiled catalogs."""
    digest = hashlib.sha256()
    for folder, pattern in (
        (TEMPLATES_DIR, "**/*.html"),
        (TEMPLATES_DIR, "**/*.js"),  # the service worker's template
        (STATIC_DIR, "**/*"),
        (PACKAGE / "translations", "**/*.mo"),
    ):
        for path in sorted(folder.glob(pattern)):
            if path.is_file():
                digest.update(path.name.encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


#: Computed once when the app is imported.
PAGES: Final = assets_digest()
