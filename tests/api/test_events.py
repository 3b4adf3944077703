"""Club nights in the API (API.md, "Club nights: events, rounds, tables" and "Table links"): the
contract's codes, shapes and status codes, each checked as a client would see them."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import hand_body, side, simple_hand

NAMES = ["Ana", "Luis", "Eva", "Juan", "Rosa", "Pablo", "Marta", "Leo", "Nora", "Iván", "Sara", "Tomás"]


def pairs(count: int) -> list[dict[str, Any]]:
    return [{"players": [NAMES[2 * i], NAMES[2 * i + 1]]} for i in range(count)]


def singles(count: int) -> list[dict[str, Any]]:
    return [{"players": [f"P{i}"]} for i in range(count)]


def event_body(entries: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "Martes del club",
        "ruleset": "classic",
        "format": "round_robin",
        "game": {"hands": 2},
        "entries": pairs(4) if entries is None else entries,
    }
    body.update(extra)
    return body


def create(api: Any, **kwargs: Any) -> dict[str, Any]:
    response = api.post("/events", event_body(**kwargs))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def seat(api: Any, event_id: int, body: Any = None) -> dict[str, Any]:
    response = api.post(f"/events/{event_id}/rounds", body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def win_hand(number: int, winner: int = 0) -> dict[str, Any]:
    """Side ``winner`` goes out: 900 against 60 (see helpers.simple_hand)."""
    sides = [side(300, 0, canastas={"clean": 1}), side(100, 40)]
    if winner == 1:
        sides.reverse()
    return hand_body(number, sides, went_out=winner, going_out_kind="normal")


def keyed(api: Any, path: str, key: str, body: Any = None) -> Any:
    """POST with an ``Idempotency-Key``."""
    return api.client.post(f"/api/v1{path}", json=body, headers={**api.headers, "Idempotency-Key": key})


def table_api(client: Any, token: str) -> Any:
    from tests.helpers import Api

    return Api(client, token)


def test_create_an_event_and_read_it(api):
    event = create(api)
    assert event["format"] == "round_robin" and event["finished"] is False
    assert [e["name"] for e in event["entries"]] == [
        "Ana & Luis",
        "Eva & Juan",
        "Rosa & Pablo",
        "Marta & Leo",
    ]
    assert all(e["present"] for e in event["entries"]) and event["rounds"] == []
    assert [s["rank"] for s in event["standings"]] == [1, 1, 1, 1]
    assert event["house_rules"] == {"hands_limit": 2}
    assert api.get(f"/events/{event['id']}").get_json() == event
    assert [e["id"] for e in api.get("/events").get_json()] == [event["id"]]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"entries": pairs(1)}, "entries"),
        ({"entries": [{"players": [f"A{i}", f"B{i}"]} for i in range(201)]}, "entries"),
        ({"format": "individual", "entries": singles(3), "rounds": 1}, "entries"),
        ({"entries": [*pairs(2), {"players": ["Ana", "Zoe"]}]}, "entries.2"),
        ({"entries": [*pairs(2), {"name": "Ana & Luis", "players": ["X", "Y"]}]}, "entries.2"),
        ({"house_rules": {"hands_limit": 3}}, "house_rules.hands_limit"),
        ({"game": {"hands": 51}}, "game.hands"),
        ({"format": "swiss"}, "rounds"),
        ({"rounds": 4}, "rounds"),
        ({"format": "bridge"}, "format"),
    ],
)
def test_impossible_events_are_422_at_the_field(api, change, path):
    response = api.post("/events", event_body(**change))
    assert response.status_code == 422
    assert path in response.get_json()["errors"]
    assert api.get("/events").get_json() == []


def test_200_entries_work(api):
    entries = [{"players": [f"A{i}", f"B{i}"]} for i in range(200)]
    event = create(api, entries=entries, format="swiss", rounds=3)
    assert len(event["entries"]) == 200


def test_a_round_seats_ordinary_matches_and_closing_settles_them(api):
    event = create(api)
    eid = event["id"]
    round_1 = seat(api, eid)
    assert round_1["number"] == 1 and round_1["closed"] is False and round_1["byes"] == []
    assert len(round_1["tables"]) == 2
    table_1, table_2 = round_1["tables"]
    match = api.get(f"/matches/{table_1['match']}").get_json()
    entries = {e["id"]: e for e in event["entries"]}
    assert [s["players"] for s in match["sides"]] == [
        entries[side[0]]["players"] for side in table_1["sides"]
    ]
    assert match["house_rules"] == {"hands_limit": 2}
    assert api.post(f"/events/{eid}/rounds").status_code == 409  # round 1 is open
    # table 1: one hand (900 against 60), unfinished; table 2 nothing at all
    assert api.post(f"/matches/{table_1['match']}/hands", win_hand(1)).status_code == 201
    closed = api.post(f"/events/{eid}/rounds/1/close")
    assert closed.status_code == 200 and closed.get_json()["closed"] is True
    first = api.get(f"/matches/{table_1['match']}").get_json()
    second = api.get(f"/matches/{table_2['match']}").get_json()
    assert (first["finished"], first["winner"]) == (True, 0)
    assert (second["finished"], second["winner"]) == (True, None)  # no hand: a draw
    refused = api.post(f"/matches/{table_1['match']}/hands", win_hand(2))
    assert refused.status_code == 409 and "closed" in refused.get_json()["errors"]["_"][0]
    standings = {s["entry"]: s for s in api.get(f"/events/{eid}").get_json()["standings"]}
    winner = standings[table_1["sides"][0][0]]
    assert (winner["rank"], winner["won"], winner["match_points"], winner["difference"]) == (1, 1, 2, 840)
    drawn = standings[table_2["sides"][0][0]]
    assert (drawn["drawn"], drawn["match_points"], drawn["rank"]) == (1, 1, 2)
    # a correction by the organiser is taken, and standings follow
    fixed = api.put(f"/matches/{table_1['match']}/hands/1", win_hand(1, winner=1))
    assert fixed.status_code == 200
    standings = {s["entry"]: s for s in api.get(f"/events/{eid}").get_json()["standings"]}
    assert standings[table_1["sides"][1][0]]["won"] == 1
    # the event's match cannot be deleted
    assert api.delete(f"/matches/{table_1['match']}").status_code == 409
    assert api.post(f"/events/{eid}/finish").status_code == 200
    assert api.post(f"/events/{eid}/rounds").status_code == 409


def test_finish_waits_for_the_open_round_and_the_last_round_is_the_last(api):
    event = create(api, entries=pairs(2))
    eid = event["id"]
    seat(api, eid)
    assert api.post(f"/events/{eid}/finish").status_code == 409
    api.post(f"/events/{eid}/rounds/1/close")
    assert api.post(f"/events/{eid}/rounds").status_code == 409  # 2 entries: one round in all
    assert api.get(f"/events/{eid}/rounds/9/close").status_code == 405
    assert api.post(f"/events/{eid}/rounds/9/close").status_code == 404
    assert api.post(f"/events/{eid}/finish").get_json()["finished"] is True


def test_manual_seating_names_the_entry_and_the_rule(api):
    event = create(api)
    a, b, c, d = (e["id"] for e in event["entries"])
    twice = api.post(
        f"/events/{event['id']}/rounds", {"tables": [{"sides": [[a], [b]]}, {"sides": [[a], [c]]}]}
    )
    assert twice.status_code == 422
    messages = " ".join(twice.get_json()["errors"]["tables"])
    assert f"Entry {a} is seated twice" in messages and f"Entry {d} is present" in messages
    done = seat(api, event["id"], {"tables": [{"sides": [[a], [d]]}, {"sides": [[b], [c]]}]})
    assert [t["sides"] for t in done["tables"]] == [[[a], [d]], [[b], [c]]]


def test_entries_absent_and_late(api):
    event = create(api, format="swiss", rounds=2, entries=pairs(4))
    eid = event["id"]
    late = api.post(f"/events/{eid}/entries", {"players": ["Nora", "Iván"]})
    assert late.status_code == 201 and late.get_json()["name"] == "Nora & Iván"
    assert api.post(f"/events/{eid}/entries", {"players": ["Ana", "Zoe"]}).status_code == 422
    absent = event["entries"][0]["id"]
    patched = api.patch(f"/events/{eid}/entries/{absent}", {"present": False})
    assert patched.status_code == 200 and patched.get_json()["present"] is False
    assert api.patch(f"/events/{eid}/entries/{absent}", {"present": "no"}).status_code == 422
    assert api.patch(f"/events/{eid}/entries/999", {"present": True}).status_code == 404
    round_1 = seat(api, eid)
    seated = {e for t in round_1["tables"] for s in t["sides"] for e in s}
    assert absent not in seated and absent not in round_1["byes"] and len(seated) == 4
    fixed = create(api, entries=pairs(4))
    seat(api, fixed["id"])
    assert api.post(f"/events/{fixed['id']}/entries", {"players": ["Nora", "Iván"]}).status_code == 409


def test_idempotency_key_creates_once(api):
    first = keyed(api, "/events", "night-1", event_body())
    again = keyed(api, "/events", "night-1", event_body())
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    other = keyed(api, "/events", "night-1", event_body(name="Otro"))
    assert other.status_code == 422 and "Idempotency-Key" in other.get_json()["errors"]
    eid = first.get_json()["id"]
    seat_1 = keyed(api, f"/events/{eid}/rounds", "r1")
    seat_2 = keyed(api, f"/events/{eid}/rounds", "r1")
    assert seat_1.status_code == seat_2.status_code == 201 and seat_1.get_json() == seat_2.get_json()
    assert len(api.get(f"/events/{eid}").get_json()["rounds"]) == 1


def test_other_accounts_see_no_event(api, other_api):
    event = create(api)
    assert other_api.get(f"/events/{event['id']}").status_code == 404
    assert other_api.post(f"/events/{event['id']}/rounds").status_code == 404
    assert other_api.get("/events").get_json() == []


def test_table_links_confine_the_token_to_its_table(api, client):
    event = create(api)
    eid = event["id"]
    assert api.post(f"/events/{eid}/tables/3/link").status_code == 404  # 4 pairs: 2 tables
    link = api.post(f"/events/{eid}/tables/1/link")
    assert link.status_code == 201
    body = link.get_json()
    assert body["table"] == 1 and body["url"].endswith(f"/t/{body['token']}") and len(body["token"]) >= 43
    table = table_api(client, body["token"])
    before = table.get("/table").get_json()
    assert before == {"event": eid, "round": None, "table": 1, "match": None}
    assert table.post("/table/hands", simple_hand(1)).status_code == 409
    round_1 = seat(api, eid)
    game = round_1["tables"][0]["match"]
    now = table.get("/table").get_json()
    assert (now["round"], now["match"]["id"]) == (1, game)
    # a table token opens nothing else; an account token does not open the table's routes
    assert table.get(f"/matches/{game}").status_code == 401
    assert table.get("/events").status_code == 401
    assert api.get("/table").status_code == 401
    # hands: same answers and keys as the match's own route
    saved = keyed(table, "/table/hands", "phone-1", {**win_hand(1), "match": game})
    assert saved.status_code == 201 and saved.get_json()["match"]["id"] == game
    replayed = keyed(table, "/table/hands", "phone-1", {**win_hand(1), "match": game})
    assert replayed.status_code == 201 and replayed.get_json() == saved.get_json()
    other_game = round_1["tables"][1]["match"]
    assert table.post("/table/hands", {**win_hand(2), "match": other_game}).status_code == 409
    assert table.post("/table/hands", win_hand(1)).status_code == 409  # hand 1 is taken
    assert table.post("/table/confirm", {"side": 1}).status_code == 409  # not finished yet
    assert table.post("/table/hands", win_hand(2)).status_code == 201  # 2 hands: finished
    confirmed = table.post("/table/confirm", {"side": 1})
    assert confirmed.status_code == 200
    assert api.get(f"/events/{eid}").get_json()["rounds"][0]["tables"][0]["confirmed"] == [False, True]
    assert table.post("/table/confirm", {"side": 2}).status_code == 422
    # a correction asks for the confirmation again
    api.put(f"/matches/{game}/hands/2", win_hand(2, winner=1))
    assert api.get(f"/events/{eid}").get_json()["rounds"][0]["tables"][0]["confirmed"] == [False, False]
    api.post(f"/events/{eid}/rounds/1/close")
    assert table.post("/table/hands", win_hand(3)).status_code == 409
    # replaced, then revoked
    new = api.post(f"/events/{eid}/tables/1/link").get_json()
    assert table.get("/table").status_code == 401
    second = table_api(client, new["token"])
    assert second.get("/table").status_code == 200
    assert api.delete(f"/events/{eid}/tables/1/link").status_code == 204
    assert second.get("/table").status_code == 401


def test_a_finished_events_links_stop_working(api, client):
    event = create(api, entries=pairs(2))
    token = api.post(f"/events/{event['id']}/tables/1/link").get_json()["token"]
    api.post(f"/events/{event['id']}/finish")
    assert table_api(client, token).get("/table").status_code == 401
    assert table_api(client, "x" * 43).get("/table").status_code == 401


def test_individual_seats_two_players_a_side(api):
    event = create(api, format="individual", rounds=2, entries=singles(5))
    round_1 = seat(api, event["id"])
    assert len(round_1["tables"]) == 1 and len(round_1["byes"]) == 1
    sides = round_1["tables"][0]["sides"]
    assert [len(s) for s in sides] == [2, 2]
    match = api.get(f"/matches/{round_1['tables'][0]['match']}").get_json()
    assert [len(s["players"]) for s in match["sides"]] == [2, 2]
    api.post(f"/matches/{match['id']}/hands", win_hand(1))
    api.post(f"/events/{event['id']}/rounds/1/close")
    standings = {s["entry"]: s for s in api.get(f"/events/{event['id']}").get_json()["standings"]}
    assert [standings[e]["won"] for e in sides[0]] == [1, 1]
    assert [standings[e]["lost"] for e in sides[1]] == [1, 1]
    bye = standings[round_1["byes"][0]]
    assert (bye["byes"], bye["match_points"]) == (1, 2)


@pytest.mark.parametrize("fmt", ["round_robin", "mitchell"])
def test_a_bye_is_credited_when_its_round_closes(api, fmt):
    event = create(api, format=fmt, entries=pairs(3), game={"minutes": 20})
    assert event["game"] == {"minutes": 20} and "hands_limit" not in event["house_rules"]
    round_1 = seat(api, event["id"])
    assert len(round_1["tables"]) == 1 and len(round_1["byes"]) == 1
    sitter = round_1["byes"][0]

    def row() -> dict[str, Any]:
        standings = api.get(f"/events/{event['id']}").get_json()["standings"]
        return next(s for s in standings if s["entry"] == sitter)

    assert (row()["byes"], row()["match_points"]) == (0, 0)
    api.post(f"/events/{event['id']}/rounds/1/close")
    assert (row()["byes"], row()["match_points"], row()["played"]) == (1, 2, 0)


def test_the_director_corrects_a_closed_rounds_game_with_a_reason(app, api, client):
    from sqlalchemy import select

    from scorekeeper.extensions import db
    from scorekeeper.models import EditLog, Event
    from scorekeeper.services import event_reads, events

    event = create(api, entries=pairs(2))
    eid = event["id"]
    game = seat(api, eid)["tables"][0]["match"]
    api.post(f"/matches/{game}/hands", win_hand(1))
    api.post(f"/events/{eid}/rounds/1/close")
    old = api.post(f"/events/{eid}/tables/1/link").get_json()["token"]
    api.post(f"/events/{eid}/tables/1/link")
    with app.app_context():
        user = db.session.get(Event, eid).club_id
        stored = event_reads.get_event(user, eid)
        with pytest.raises(events.InvalidTableToken) as replaced:
            events.table_for_token(old)
        assert replaced.value.why == "replaced"
        with pytest.raises(Exception, match="reason"):
            events.correct_hand(stored, game, 1, win_hand(1, winner=1), user, " ")
        events.correct_hand(stored, game, 1, win_hand(1, winner=1), user, "scores swapped on the sheet")
        entry = db.session.scalar(select(EditLog).where(EditLog.match_id == game).order_by(EditLog.id.desc()))
        assert (entry.action, entry.after["reason"]) == ("hand_edited", "scores swapped on the sheet")
        before = event_reads.event_standings(event_reads.get_event(user, eid), through=0)
        assert all(s.played == 0 for s in before)
    match = api.get(f"/matches/{game}").get_json()
    assert (match["finished"], match["winner"], match["sides"][1]["total"]) == (True, 1, 900)


def test_two_seatings_of_one_round_at_once_make_one_round(app, api):
    """The slower of two requests seating round 1 read the event before the faster one committed:
    its insert of round 1 fails, and trying again it finds the round open (409), never a round 2."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Event
    from scorekeeper.services import Conflict, event_reads, events

    eid = create(api)["id"]
    with app.app_context():
        owner = db.session.get(Event, eid).club_id
        stale = event_reads.get_event(owner, eid)  # no round yet, as this request read it
        seat(api, eid)  # another request seats round 1 meanwhile
        with pytest.raises(Conflict, match="Round 1 is still open"):
            events.seat_round(stale)
    rounds = api.get(f"/events/{eid}").get_json()["rounds"]
    assert [r["number"] for r in rounds] == [1] and len(rounds[0]["tables"]) == 2
    assert api.get("/matches").headers["X-Total-Count"] == "2"  # the loser's matches were not kept
