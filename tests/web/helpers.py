"""Helpers for the pages through Flask's test client. CSRF stays on, as in production:
:func:`post_form` first GETs the page and sends its CSRF token back, as a browser does."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import TEST_PASSWORD

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)"[^>]*name="csrf_token"')


def csrf_token(client: FlaskClient, url: str) -> str:
    """The CSRF token of the form on the page at ``url``."""
    page = client.get(url).get_data(as_text=True)
    found = CSRF.search(page)
    assert found, f"no CSRF token on {url}"
    return found.group(1) or found.group(2)


def post_form(
    client: FlaskClient, url: str, data: dict[str, object], page: str | None = None, **kwargs: object
) -> TestResponse:
    """POST ``data`` to ``url`` with the CSRF token of the form shown at ``page`` (default ``url``)."""
    return client.post(url, data={**data, "csrf_token": csrf_token(client, page or url)}, **kwargs)


def log_in(client: FlaskClient, username: str, password: str = TEST_PASSWORD) -> TestResponse:
    return post_form(client, "/login", {"username": username, "password": password})


def logged_in(app: Flask, username: str, language: str = "en") -> FlaskClient:
    """A new browser session of the existing account ``username``, reading ``language``."""
    client = app.test_client()
    client.set_cookie("lang", language)
    response = log_in(client, username)
    assert response.status_code == 302, response.get_data(as_text=True)
    return client


ONCE = re.compile(r'name="once" type="hidden" value="([^"]+)"|type="hidden" name="once" value="([^"]+)"')


def form_keys(html: str) -> list[str]:
    """The single-use keys of the forms on a page (scorekeeper.single_use), in page order."""
    return [a or b for a, b in ONCE.findall(html)]


def sent_twice(
    client: FlaskClient, url: str, data: dict[str, object], page: str | None = None, **kwargs: object
) -> tuple[TestResponse, TestResponse]:
    """The form of the page at ``page`` (default ``url``), with its CSRF token and single-use key,
    sent twice as it is (a double tap, or Back then submit again): both answers."""
    html = client.get(page or url).get_data(as_text=True)
    found = CSRF.search(html)
    keys = form_keys(html)
    assert found and keys, f"no CSRF token or single-use key on {page or url}"
    form = {**data, "csrf_token": found.group(1) or found.group(2), "once": keys[0]}
    return client.post(url, data=form, **kwargs), client.post(url, data=form, **kwargs)
