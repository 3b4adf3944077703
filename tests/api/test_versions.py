"""Two devices editing the same hand: with If-Match, the second edit gets a 409 instead of silently
overwriting the first."""

from tests.api.helpers import hand_body as hand_with
from tests.api.helpers import match_body

SIDES = [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}]


def hand_body(number: int) -> dict:
    """Side 0 goes out with a clean canasta; side 1 keeps 40 points in hand."""
    return hand_with(number, SIDES, went_out=0, going_out_kind="normal")


def put_if_match(api, path: str, body: dict, tag: str):
    """PUT with an If-Match header beside the bearer token."""
    return api.client.put(f"/api/v1{path}", json=body, headers={**api.headers, "If-Match": tag})


def started_match(api) -> int:
    match_id = api.post("/matches", match_body("classic")).get_json()["id"]
    assert api.post(f"/matches/{match_id}/hands", hand_body(1)).status_code == 201
    return match_id


def test_a_hand_carries_its_version_as_etag(api):
    match_id = started_match(api)
    response = api.get(f"/matches/{match_id}/hands/1")
    assert response.headers["ETag"] == '"1"'
    assert response.get_json()["version"] == 1
    assert api.get(f"/matches/{match_id}").get_json()["hands"][0]["version"] == 1


def test_the_second_of_two_edits_from_the_same_version_is_refused(api):
    match_id = started_match(api)
    first = hand_body(1)
    first["sides"][1]["melds"] += 100
    second = hand_body(1)
    second["sides"][1]["melds"] += 200

    ok = put_if_match(api, f"/matches/{match_id}/hands/1", first, '"1"')
    assert ok.status_code == 200 and ok.headers["ETag"] == '"2"'
    stale = put_if_match(api, f"/matches/{match_id}/hands/1", second, '"1"')
    assert stale.status_code == 409
    stored = api.get(f"/matches/{match_id}/hands/1").get_json()
    assert stored["input"]["sides"][1]["melds"] == first["sides"][1]["melds"]
    assert stored["version"] == 2


def test_if_match_that_names_no_version_is_a_conflict(api):
    match_id = started_match(api)
    bad = put_if_match(api, f"/matches/{match_id}/hands/1", hand_body(1), "nope")
    assert bad.status_code == 409
    assert api.get(f"/matches/{match_id}/hands/1").get_json()["version"] == 1


def test_without_if_match_the_edit_lands(api):
    match_id = started_match(api)
    assert api.put(f"/matches/{match_id}/hands/1", hand_body(1)).status_code == 200
    assert api.get(f"/matches/{match_id}/hands/1").headers["ETag"] == '"2"'
