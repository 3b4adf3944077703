"""Concurrent writers against a real multi-process server: no lost update, no double hand.

Each hand number is posted by several "phones" at once with different bodies: exactly one lands
(201), the others get 409; two editors of one hand with the same If-Match: one lands, one gets 409;
then every hand is there once and every total equals what the rules compute from the stored input,
and the players' running totals equal the sums of their sides (no change counted twice or lost).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from scorekeeper.rules import fold_match, get_ruleset, parse_hand
from tests.helpers import assert_totals_add_up, make_user
from tests.system.helpers import SEATINGS, Client, hand, new_match

PHONES = 6
HANDS = 8
MATCHES = 6


def assert_consistent(client: Client, match_id: int, hands: int) -> None:
    """Every hand once, numbered 1..n, and the totals the rules compute from the stored inputs."""
    match = client.call("GET", f"/matches/{match_id}").body
    assert [h["number"] for h in match["hands"]] == list(range(1, hands + 1))
    rs = get_ruleset("classic")
    inputs = [parse_hand(rs, h["input"], [2, 2]) for h in match["hands"]]
    expected = fold_match(rs, match["target"], 2, inputs).totals
    assert [side["total"] for side in match["sides"]] == list(expected)


def test_phones_racing_for_the_same_hand_number(app, password_hash, start_server):
    server = start_server(workers=4)
    owner, token = make_user(app, "ana", password_hash)
    client = Client(server.base, token)
    match_id = new_match(client)
    with ThreadPoolExecutor(PHONES) as pool:
        for number in range(1, HANDS + 1):
            answers = list(
                pool.map(
                    lambda phone, n=number: client.call("POST", f"/matches/{match_id}/hands", hand(n, phone)),
                    range(PHONES),
                )
            )
            statuses = sorted(a.status for a in answers)
            assert statuses == [201] + [409] * (PHONES - 1), statuses
            landed = next(a for a in answers if a.status == 201).body["hand"]["input"]
            assert landed in [
                parse_hand(get_ruleset("classic"), hand(number, p), [2, 2]).to_json(["black_threes_melded"])
                for p in range(PHONES)
            ]
    assert_consistent(client, match_id, HANDS)
    with app.app_context():
        assert_totals_add_up(owner)


def test_editors_of_one_hand_with_the_same_version(app, password_hash, start_server):
    server = start_server(workers=4)
    client = Client(server.base, make_user(app, "ana", password_hash)[1])
    match_id = new_match(client)
    assert client.call("POST", f"/matches/{match_id}/hands", hand(1, 0)).status == 201
    with ThreadPoolExecutor(PHONES) as pool:
        answers = list(
            pool.map(
                lambda phone: client.call(
                    "PUT", f"/matches/{match_id}/hands/1", hand(1, phone + 1), headers={"If-Match": '"1"'}
                ),
                range(PHONES),
            )
        )
    assert sorted(a.status for a in answers) == [200] + [409] * (PHONES - 1)
    winner = next(a for a in answers if a.status == 200).body["hand"]
    stored = client.call("GET", f"/matches/{match_id}/hands/1").body
    assert stored["version"] == 2 and stored["input"] == winner["input"]
    assert_consistent(client, match_id, 1)


def test_many_tables_at_once(app, password_hash, start_server):
    """The same four players at every table, some seated differently: their totals take every
    table's hands at once."""
    server = start_server(workers=4)
    owner, token = make_user(app, "ana", password_hash)
    client = Client(server.base, token)

    def play(table: int) -> int:
        match_id = new_match(client, table % len(SEATINGS))
        for number in range(1, HANDS + 1):
            answer = client.call("POST", f"/matches/{match_id}/hands", hand(number, table))
            assert answer.status == 201, answer.body
        return match_id

    with ThreadPoolExecutor(MATCHES) as pool:
        match_ids = list(pool.map(play, range(MATCHES)))
    for match_id in match_ids:
        assert_consistent(client, match_id, HANDS)
    with app.app_context():
        assert_totals_add_up(owner)
