"""Durability: gunicorn killed with SIGKILL in the middle of a burst of writes leaves a database that
passes its integrity check and holds every hand that was acknowledged (201), each exactly as sent;
the summary stored with each match agrees with its hands; a new server starts and serves it."""

from __future__ import annotations

import contextlib
import http.client
import threading

from scorekeeper import services
from scorekeeper.backup import NotSqlite, integrity_problems, sqlite_path
from scorekeeper.extensions import db
from scorekeeper.rules import get_ruleset, parse_hand
from tests.helpers import make_user
from tests.system.helpers import Client, hand, new_match

WRITERS = 6
#: Hands acknowledged on every match before the kill: the burst is under way on all of them.
UNDER_WAY = 5


def test_sigkill_in_a_burst_of_writes_loses_nothing_acknowledged(app, password_hash, start_server):
    server = start_server(workers=4)
    user_id, token = make_user(app, "ana", password_hash)
    client = Client(server.base, token)
    match_ids = [new_match(client) for _ in range(WRITERS)]
    acknowledged: dict[int, list[int]] = {m: [] for m in match_ids}
    stop = threading.Event()
    under_way = [threading.Event() for _ in match_ids]

    def write(match_id: int, phone: int) -> None:
        number = 1
        while not stop.is_set():
            try:
                answer = client.call("POST", f"/matches/{match_id}/hands", hand(number, phone), timeout=5)
            except (OSError, http.client.HTTPException):
                return  # the server is gone
            assert answer.status == 201, answer.body
            acknowledged[match_id].append(number)
            if number == UNDER_WAY:
                under_way[phone].set()
            number += 1

    threads = [threading.Thread(target=write, args=(m, i)) for i, m in enumerate(match_ids)]
    for thread in threads:
        thread.start()
    started = all(writing.wait(timeout=60) for writing in under_way)
    server.kill()
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    assert started, "a writer did not get going"
    total = sum(len(numbers) for numbers in acknowledged.values())
    assert total >= WRITERS * UNDER_WAY

    with contextlib.suppress(NotSqlite):  # PostgreSQL checks itself on recovery; rows are checked below
        assert integrity_problems(sqlite_path(app.config["SQLALCHEMY_DATABASE_URI"])) == []
    rs = get_ruleset("classic")
    with app.app_context():
        db.session.remove()
        for phone, match_id in enumerate(match_ids):
            match = services.get_match(user_id, match_id)
            stored = {h.number: h.input for h in match.hands}
            assert sorted(stored) == list(range(1, len(stored) + 1)), "a hole in the hand numbers"
            for number in acknowledged[match_id]:
                assert stored[number] == parse_hand(rs, hand(number, phone), [2, 2]).to_json(
                    ["black_threes_melded"])
            assert match.totals == list(services.view(match).state.totals)
            assert match.hand_count == len(stored)

    restarted = start_server(workers=2)
    again = Client(restarted.base, token).call("GET", f"/matches/{match_ids[0]}")
    assert again.status == 200 and len(again.body["hands"]) >= len(acknowledged[match_ids[0]])
    print(f"\n{total} hands acknowledged before SIGKILL, all present")
