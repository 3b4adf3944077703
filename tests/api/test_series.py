"""Series of club nights through the API (issue 21, item 3): three nights of two pairs, the points
of each place, the best nights counted, the minimum of nights, the ratings beside; a series is made
once per name; another account sees none."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import logged_in

from .test_events import create, seat, win_hand


def night(api: Any, entries: list[dict[str, Any]], winner: int) -> int:
    """A finished club night of two entries: one game, side ``winner`` goes out."""
    event = create(api, entries=entries, game={"hands": 1})
    (table,) = seat(api, event["id"])["tables"]
    assert api.post(f"/matches/{table['match']}/hands", win_hand(1, winner)).status_code == 201
    assert api.post(f"/events/{event['id']}/rounds/1/close").status_code == 200
    assert api.post(f"/events/{event['id']}/finish").status_code == 200
    return int(event["id"])


ANA_LUIS = {"players": ["Ana", "Luis"]}
EVA_JUAN = {"players": ["Eva", "Juan"]}
ANA_SOL = {"players": ["Ana", "Sol"]}


def test_a_series_counts_the_best_nights_of_its_finished_events(app: Any, api: Any, other_api: Any) -> None:
    made = api.post("/series", {"name": "Otoño", "best": 2, "minimum": 2})
    assert made.status_code == 201, made.get_json()
    series_id = made.get_json()["id"]
    again = api.post("/series", {"name": "Otoño", "best": 2, "minimum": 2})
    assert again.status_code == 200 and again.get_json()["id"] == series_id  # one series per name
    clash = api.post("/series", {"name": "Otoño", "best": 3, "minimum": 2})
    assert clash.status_code == 422 and "name" in clash.get_json()["errors"]
    first = night(api, [ANA_LUIS, EVA_JUAN], 0)  # Ana & Luis first (2 points), Eva & Juan 1
    second = night(api, [ANA_LUIS, EVA_JUAN], 1)  # Eva & Juan first
    third = night(api, [ANA_SOL, EVA_JUAN], 0)  # Ana & Sol first
    for event_id in (first, second, third, third):  # putting one in twice changes nothing
        assert api.post(f"/series/{series_id}/events", {"event": event_id}).status_code == 204
    table = api.get(f"/series/{series_id}").get_json()
    assert [n["event"] for n in table["nights"]] == [first, second, third]
    rows = {row["player"]: row for row in table["standings"]}
    assert [(r["player"], r["rank"], r["total"], r["nights"]) for r in table["standings"]] == [
        ("Ana", 1, 4.0, 3),  # 2, 1, 2: the best two
        ("Eva", 2, 3.0, 3),  # 1, 2, 1
        ("Juan", 2, 3.0, 3),
        ("Luis", 4, 3.0, 2),  # 2, 1: as many points, fewer nights
        ("Sol", None, 2.0, 1),  # one night: under the minimum
    ]
    assert rows["Ana"]["points"] == [2, 1, 2] and rows["Ana"]["counted"] == [0, 2]
    assert rows["Sol"]["points"] == [None, None, 2]
    ratings = {r["player"]: r["ordinal"] for r in api.get("/ratings").get_json()}
    assert rows["Ana"]["rating"] == ratings["Ana"]  # the ratings count the nights' games too
    page = logged_in(app, "ana")  # the page and its export show the same
    html = page.get(f"/players/series/{series_id}").get_data(as_text=True)
    assert "Otoño" in html and html.index(">Ana</th>") < html.index(">Sol</th>")
    assert f'href="/players/series/{series_id}"' in page.get("/players/series").get_data(as_text=True)
    exported = page.get(f"/players/series/{series_id}.csv")
    assert exported.mimetype == "text/csv"
    lines = exported.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0].split(",")[:4] == ["Rank", "Player", "Total", "Nights"]
    assert lines[1].split(",")[:7] == ["1", "Ana", "4", "3", "2", "1", "2"]
    assert lines[5].split(",")[:7] == ["", "Sol", "2", "1", "", "", "2"]
    assert page.get("/players/series/999").status_code == 404
    assert api.delete(f"/series/{series_id}/events/{third}").status_code == 204
    assert len(api.get(f"/series/{series_id}").get_json()["nights"]) == 2
    assert other_api.get(f"/series/{series_id}").status_code == 404
    assert other_api.post(f"/series/{series_id}/events", {"event": first}).status_code == 404  # no series
    assert api.post(f"/series/{series_id}/events", {"event": "1"}).status_code == 422
    missing = api.post(f"/series/{series_id}/events", {"event": 999})
    assert missing.status_code == 422 and "event" in missing.get_json()["errors"]
    assert other_api.get("/series").get_json() == []
    bad = api.post("/series", {"name": " ", "best": 0, "minimum": True, "extra": 1}).get_json()["errors"]
    assert set(bad) == {"name", "best", "minimum", "extra"}
