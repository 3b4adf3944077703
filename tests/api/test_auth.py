"""Every API route answers 401 without a valid bearer token, before looking at anything else, and such a
request changes nothing."""

from __future__ import annotations

import pytest

from .helpers import create_match, get_match, match_body, match_count, post_hand, simple_hand

BAD_HEADERS = {
    "none": {},
    "empty": {"Authorization": ""},
    "bearer without token": {"Authorization": "Bearer"},
    "bearer with blank token": {"Authorization": "Bearer    "},
    "basic scheme": {"Authorization": "Basic YW5hOmNvcnJlY3QgaG9yc2UgYmF0dGVyeQ=="},
    "wrong token": {"Authorization": "Bearer sk_this-is-not-a-token"},
}

# (method, path, body); MATCH is replaced by the id of a match of ``ana`` with one hand.
ROUTES = [
    ("get", "/rulesets", None),
    ("get", "/rulesets/classic", None),
    ("get", "/matches", None),
    ("post", "/matches", match_body()),
    ("get", "/matches/MATCH", None),
    ("post", "/matches/MATCH/hands", simple_hand(2)),
    ("put", "/matches/MATCH/hands/1", simple_hand(1)),
    ("delete", "/matches/MATCH/hands/1", None),
]


@pytest.fixture
def match_id(api):
    match = create_match(api)
    post_hand(api, match["id"], simple_hand(1))
    return match["id"]


@pytest.mark.parametrize("headers", BAD_HEADERS.values(), ids=BAD_HEADERS.keys())
@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=[f"{m} {p}" for m, p, _ in ROUTES])
def test_without_a_valid_token_the_answer_is_401(client, api, match_id, headers, method, path, body):
    before = get_match(api, match_id)
    url = "/api/v1" + path.replace("MATCH", str(match_id))
    response = getattr(client, method)(url, headers=headers, json=body)
    assert response.status_code == 401
    assert "_" in response.get_json()["errors"]
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert get_match(api, match_id) == before
    assert match_count(api) == 1


def test_a_valid_token_with_another_scheme_is_refused(client, api, token, match_id):
    response = client.get(f"/api/v1/matches/{match_id}", headers={"Authorization": f"Token {token}"})
    assert response.status_code == 401


def test_401_comes_before_400_and_404(client, match_id):
    """Without a token nothing about the request is judged: not its body, not whether the match exists."""
    bad_json = client.post(
        f"/api/v1/matches/{match_id}/hands", data=b"{not json", content_type="application/json"
    )
    assert bad_json.status_code == 401
    missing = client.get(f"/api/v1/matches/{match_id + 1000}")
    assert missing.status_code == 401


def test_the_token_works_with_the_same_request(api, match_id):
    """The control for the tests above: with ``ana``'s token the same requests succeed."""
    assert api.get("/rulesets").status_code == 200
    assert api.get(f"/matches/{match_id}").status_code == 200
