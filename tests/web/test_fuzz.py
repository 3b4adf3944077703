"""Property-based fuzzing of the hand API, the match API and the hand form: no input ever produces a
500, and a rejected request never changes stored data.

Bodies are valid hands with one part replaced by arbitrary JSON (so the checks deep inside are
reached), wholly arbitrary JSON, and raw bytes. ``FUZZ_EXAMPLES`` sets how many per test (default:
the Hypothesis profile's number, at most 150; docs/reliability.md reports a larger run).
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.helpers import csrf_token

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or min(150, settings.default.max_examples))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

FIELDS = [
    "number",
    "went_out",
    "going_out_kind",
    "sides",
    "melds",
    "hand",
    "red_threes",
    "canastas",
    "penalties",
    "code",
    "count",
    "points",
    "description",
    "clean",
    "dirty",
    "black_threes_melded",
    "cut_exact",
    "ruleset",
    "target",
    "house_rules",
    "players",
    "name",
    "first_dealer",
]
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["normal", "clean", "custom", "drew_two_cards", "classic", "", "0", "5"]),
)
any_json = st.recursive(
    json_leaf,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=12,
)

VALID_HAND: dict[str, Any] = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {
            "melds": 300,
            "hand": 0,
            "red_threes": 1,
            "canastas": {"clean": 1},
            "penalties": [{"code": "drew_two_cards", "count": 1}],
        },
        {"melds": 100, "hand": 40, "canastas": {}, "penalties": []},
    ],
}
VALID_MATCH: dict[str, Any] = {
    "ruleset": "classic",
    "target": 5000,
    "house_rules": {},
    "sides": [{"name": "A", "players": ["Ana"]}, {"name": "B", "players": ["Eva"]}],
}


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value that a mutation may replace."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += paths(child, (*prefix, i))
    return found


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> Any:
    body = copy.deepcopy(base)
    path = draw(st.sampled_from(paths(body)))
    replacement = draw(any_json)
    if not path:
        return replacement
    target = body
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = replacement
    return body


def send(api: Any, method: str, path: str, body: Any) -> Any:
    """``body`` as JSON, even when it is ``null``."""
    return api.client.open(f"/api/v1{path}", method=method, data=json.dumps(body),
                           content_type="application/json", headers=api.headers)


def snapshot(api: Any, match_id: int) -> Any:
    answer = api.get(f"/matches/{match_id}")
    assert answer.status_code == 200
    return answer.get_json()


def new_match(api: Any) -> int:
    return int(api.post("/matches", VALID_MATCH).get_json()["id"])


#: The match each test fuzzes, made once per test (the examples of one test share it).
MATCHES: dict[tuple[str, int], int] = {}


def fuzz_match(api: Any, test: str, with_hand: bool = False) -> int:
    key = (test, id(api))
    if key not in MATCHES:
        MATCHES[key] = new_match(api)
        if with_hand:
            assert api.post(f"/matches/{MATCHES[key]}/hands", VALID_HAND).status_code == 201
    return MATCHES[key]


@FUZZ
@given(body=st.one_of(mutated(VALID_HAND), any_json))
def test_posting_any_hand_never_breaks_or_half_writes(api, body):
    match_id = fuzz_match(api, "post")
    before = snapshot(api, match_id)
    answer = send(api, "POST", f"/matches/{match_id}/hands", body)
    assert answer.status_code in (201, 409, 422), (answer.status_code, body)
    if answer.status_code == 201:
        number = answer.get_json()["hand"]["number"]
        assert api.delete(f"/matches/{match_id}/hands/{number}").status_code == 200
    else:
        assert snapshot(api, match_id) == before
        assert "errors" in answer.get_json()


@FUZZ
@given(body=st.one_of(mutated(VALID_HAND), any_json))
def test_replacing_a_hand_with_anything_never_breaks(api, body):
    match_id = fuzz_match(api, "put", with_hand=True)
    before = snapshot(api, match_id)
    answer = send(api, "PUT", f"/matches/{match_id}/hands/1", body)
    assert answer.status_code in (200, 409, 422), (answer.status_code, body)
    if answer.status_code != 200:
        assert snapshot(api, match_id) == before
    else:
        assert api.put(f"/matches/{match_id}/hands/1", VALID_HAND).status_code == 200


@FUZZ
@given(body=st.one_of(mutated(VALID_MATCH), any_json))
def test_creating_a_match_from_anything_never_breaks(api, body):
    count = int(api.get("/matches").headers["X-Total-Count"])
    answer = send(api, "POST", "/matches", body)
    assert answer.status_code in (201, 422), (answer.status_code, body)
    expected = count + (1 if answer.status_code == 201 else 0)
    assert int(api.get("/matches").headers["X-Total-Count"]) == expected


@FUZZ
@given(raw=st.binary(max_size=200))
def test_raw_bytes_are_400_or_422(api, raw):
    match_id = fuzz_match(api, "raw")
    answer = api.post(f"/matches/{match_id}/hands", data=raw, content_type="application/json")
    assert answer.status_code in (201, 400, 409, 422)
    if answer.status_code == 201:
        api.delete(f"/matches/{match_id}/hands/{answer.get_json()['hand']['number']}")


FORM_FIELDS = [
    "number",
    "went_out",
    "going_out_kind",
    "sides-0-melds",
    "sides-0-hand",
    "sides-0-red_threes",
    "sides-0-canastas-clean",
    "sides-1-melds",
    "sides-1-hand",
    "sides-0-penalties-drew_two_cards",
    "sides-0-custom_points",
    "sides-0-custom_description",
    "sides-0-melds_cards-joker",
    "sides-1-black_threes_melded",
]


@FUZZ
@given(
    data=st.dictionaries(
        st.sampled_from(FORM_FIELDS), st.text(max_size=12) | st.integers().map(str), max_size=len(FORM_FIELDS)
    )
)
def test_the_hand_form_with_anything_typed(app, user_client, data):
    from scorekeeper import services
    from scorekeeper.extensions import db
    from scorekeeper.models import Match, User

    if not hasattr(user_client, "fuzz_match"):
        with app.app_context():
            ana = db.session.query(User).filter_by(username="ana").one()
            user_client.fuzz_match = services.create_match(ana.id, VALID_MATCH).id
    url = f"/matches/{user_client.fuzz_match}/hands/new"
    token = getattr(user_client, "fuzz_token", None) or csrf_token(user_client, url)
    user_client.fuzz_token = token
    answer = user_client.post(url, data={**data, "csrf_token": token})
    assert answer.status_code in (200, 302, 409, 422), answer.status_code
    if answer.status_code == 302:  # a valid hand landed: take it back so the next example starts alike
        with app.app_context():
            match = db.session.get(Match, user_client.fuzz_match)
            services.delete_last_hand(match, match.hand_count)
