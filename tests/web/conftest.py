"""Fixtures for the pages through Flask's test client: signed-in sessions (helpers in
tests/web/helpers.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import throttle
from tests.helpers import CANASTON_1, CLASSIC_2, SAMBA_1, Clock, make_user
from tests.web.helpers import CLASSIC_1, MAY_1, MAY_2, MAY_3, logged_in, seed


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


@pytest.fixture
def clock(app: Flask) -> Iterator[Clock]:
    """The time the login and registration limits read, moved forward by the test."""
    clock = Clock()
    app.extensions[throttle.CLOCK] = clock
    yield clock
    app.extensions.pop(throttle.CLOCK, None)


#: The throttling settings a test may change with ``limits``.
THROTTLING = (
    "LOGIN_LIMIT_PER_ADDRESS",
    "LOGIN_LIMIT_PER_USERNAME",
    "REGISTER_LIMIT_PER_ADDRESS",
    "REGISTER_LIMIT_TOTAL",
)


@pytest.fixture
def limits(app: Flask, clock: Clock) -> Iterator[Callable[..., None]]:
    """``limits(**config)`` sets throttling limits for one test (whose time stands still unless it
    moves the ``clock``)."""
    saved = {key: app.config[key] for key in THROTTLING}
    yield app.config.update
    app.config.update(saved)


@pytest.fixture
def three(app: Flask, user_client: FlaskClient) -> list[int]:
    """Ana's classic (unfinished), samba and 3-side canastón (finished at a low target) matches."""
    return [
        seed(app, "ana", [CLASSIC_1, CLASSIC_2], MAY_1, first_dealer=2, house_rules={}),
        seed(app, "ana", [SAMBA_1], MAY_2, ruleset="samba"),
        seed(
            app,
            "ana",
            [CANASTON_1],
            MAY_3,
            ruleset="canaston",
            target=3000,
            sides=[
                {"name": "Uno", "players": ["Ana"]},
                {"name": "Dos", "players": ["Leo"]},
                {"name": 'Tres, "los" =raros', "players": ["=cmd"]},
            ],
        ),
    ]
