"""Fixtures for the pages through Flask's test client: signed-in sessions (helpers in
tests/web/helpers.py)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import make_user
from tests.web.helpers import logged_in


@pytest.fixture
def user_client(app: Flask, password_hash: str) -> FlaskClient:
    """A browser session logged in as ``ana`` (English pages)."""
    make_user(app, "ana", password_hash)
    return logged_in(app, "ana")


@pytest.fixture
def other_client(app: Flask, password_hash: str) -> FlaskClient:
    """Another account's session, ``eva``."""
    make_user(app, "eva", password_hash)
    return logged_in(app, "eva")
