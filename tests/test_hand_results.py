"""Each hand's stored result (``hands.result``, :mod:`scorekeeper.services.hand_results`) is a cache
of what the rules give for the stored inputs: after every kind of write it equals a fresh fold of
the inputs, a process that has not folded the match reads it instead of scoring every hand, and a
result made by other rules is not read (the match is folded) until ``flask data rescore`` rewrites it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask, jsonify
from flask.testing import FlaskCliRunner
from sqlalchemy import select, text, update

from scorekeeper import MIGRATIONS, services
from scorekeeper.api.serialize import hand_with_match, match_answer, match_resource
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match, User
from scorekeeper.rules import fold_match, get_ruleset, load_hand
from scorekeeper.services import hand_results, schema
from scorekeeper.services.export_formats import read_export
from scorekeeper.services.transfer import store_matches
from tests.helpers import (
    OLD_HAND_1,
    OLD_HAND_2,
    Api,
    clear_page_cache,
    export_document,
    old_database,
    scored_hands,
)

WIN = {"melds": 300, "red_threes": 1, "canastas": {"clean": 1}}
LOSE = {"melds": 250, "hand": 20, "penalties": [{"code": "drew_two_cards"}]}


def api_hand(number: int, melds: int = 300) -> dict[str, Any]:
    sides = [{**WIN, "melds": melds}, LOSE] if number % 2 else [LOSE, {**WIN, "melds": melds}]
    return {"number": number, "went_out": 0 if number % 2 else 1, "going_out_kind": "normal", "sides": sides}


def new_match(api: Api, hands: int) -> int:
    body = {
        "ruleset": "classic",
        "target": 1_000_000,
        "sides": [
            {"name": "Nosotros", "players": ["Ana", "Luis"]},
            {"name": "Ellos", "players": ["Eva", "Juan"]},
        ],
    }
    match_id = int(api.post("/matches", body).get_json()["id"])
    for number in range(1, hands + 1):
        assert api.post(f"/matches/{match_id}/hands", api_hand(number)).status_code == 201
    return match_id


def assert_fresh(app: Flask, match_id: int) -> None:
    """The stored results of the match's hands are what folding their stored inputs gives now."""
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        rows = db.session.execute(
            select(Hand.input, Hand.result).where(Hand.match_id == match_id).order_by(Hand.number)
        ).all()
        rs = get_ruleset(match.ruleset, match.house_rules)
        state = fold_match(rs, match.target, len(match.sides), [load_hand(row.input) for row in rows])
        fresh = [hand_results.stored(result, rs.flag_codes) for result in state.hands]
        assert [row.result for row in rows] == fresh
        db.session.remove()


def spoil_results(app: Flask, match_id: int, results: Any) -> None:
    """Set the stored results past the app (as an older release, or a lost write, would leave them)."""
    with app.app_context(), db.engine.begin() as connection:
        table = Hand.__table__
        connection.execute(update(table).where(table.c.match_id == match_id).values(result=results))


def test_stored_results_equal_a_fresh_fold_after_every_kind_of_write(app: Flask, api: Api) -> None:
    match_id = new_match(api, 4)
    assert_fresh(app, match_id)
    assert api.put(f"/matches/{match_id}/hands/2", api_hand(2, melds=900)).status_code == 200
    assert_fresh(app, match_id)
    assert api.delete(f"/matches/{match_id}/hands/4").status_code == 200
    assert_fresh(app, match_id)
    assert api.post(f"/matches/{match_id}/hands", api_hand(4, melds=50)).status_code == 201
    with app.app_context():
        owner = db.session.scalar(select(User.id))
        services.undo_hand(services.get_match(owner, match_id), 4)
        db.session.remove()
    assert_fresh(app, match_id)


def test_an_imported_history_stores_its_results(app: Flask, api: Api) -> None:
    raw = json.dumps(export_document(3, datetime(2025, 3, 1, tzinfo=UTC))).encode()
    with app.app_context():
        owner = db.session.scalar(select(User.id))
        imported = store_matches(owner, read_export(raw).matches)
        db.session.remove()
    assert len(imported) == 3
    for match_id in imported:
        assert_fresh(app, match_id)


def test_a_process_that_has_not_folded_the_match_scores_only_the_new_hand(app: Flask, api: Api) -> None:
    match_id = new_match(api, 12)
    clear_page_cache(app)  # as another worker, or after a restart
    with scored_hands() as scored:
        answer = api.post(f"/matches/{match_id}/hands", api_hand(13))
    assert answer.status_code == 201
    assert scored == [1]
    assert_fresh(app, match_id)
    # The answer is the one a fold of every stored input gives.
    spoil_results(app, match_id, None)
    clear_page_cache(app)
    with scored_hands() as scored:
        folded = api.get(f"/matches/{match_id}")
    assert scored == [13]
    assert answer.get_json()["match"] == folded.get_json()
    hands = folded.get_json()["hands"]
    assert answer.get_json()["match"]["sides"][0]["total"] == sum(hand["scores"][0] for hand in hands)


def test_results_of_other_rules_are_not_read_until_rescored(
    app: Flask, api: Api, runner: FlaskCliRunner
) -> None:
    match_id = new_match(api, 6)
    expected = api.get(f"/matches/{match_id}").get_json()
    with app.app_context():
        stored = db.session.scalars(select(Hand.result).where(Hand.match_id == match_id)).first()
        db.session.remove()
    assert stored is not None and hand_results.readable(stored)
    # Written by other code (another digest), with other totals: never read.
    other = "an older release"[: hand_results.DIGEST_LENGTH] + stored[hand_results.DIGEST_LENGTH :]
    spoil_results(app, match_id, other.replace('"totals_after":[', '"totals_after":[1'))
    clear_page_cache(app)
    with scored_hands() as scored:
        answer = api.get(f"/matches/{match_id}")
    assert (scored, answer.get_json()) == ([6], expected)  # folded from the inputs: the right scores

    result = runner.invoke(args=["data", "rescore"])
    assert result.exit_code == 0, result.output
    assert_fresh(app, match_id)
    clear_page_cache(app)
    with scored_hands() as scored:
        assert api.get(f"/matches/{match_id}").get_json() == expected
    assert scored == [0]


def _answers_of_a_fold(app: Flask, match_id: int, number: int) -> tuple[bytes, bytes]:
    """What ``jsonify`` writes of ``{"hand": HAND, "match": MATCH}`` (hand ``number``) and of MATCH,
    for the match folded anew from its stored inputs (no stored result read, nothing kept)."""
    with app.test_request_context():
        owner = db.session.scalar(select(User.id))
        match = services.get_match(owner, match_id)
        mv = services.view(match, list(match.hands))  # folded from these hands' inputs
        whole = match_resource(mv)
        bodies = jsonify({"hand": whole["hands"][number - 1], "match": whole}), jsonify(whole)
        db.session.remove()
        return bodies[0].get_data(), bodies[1].get_data()


def test_a_cold_process_answers_a_hand_byte_for_byte_as_a_fold(app: Flask, api: Api) -> None:
    """A process that has not folded the match answers the hand it adds from the hands' stored JSON:
    the bytes ``jsonify`` writes of the match folded from its inputs, an edited hand's version
    included; and so does the read of the match that follows."""
    match_id = new_match(api, 7)
    assert api.put(f"/matches/{match_id}/hands/3", api_hand(3, melds=900)).status_code == 200
    clear_page_cache(app)
    with scored_hands() as scored:
        answer = api.post(f"/matches/{match_id}/hands", api_hand(8))
    assert (answer.status_code, scored) == (201, [1])
    created, whole = _answers_of_a_fold(app, match_id, 8)
    assert answer.get_data() == created
    assert answer.get_json()["match"]["hands"][2]["version"] == 2
    clear_page_cache(app)
    assert api.get(f"/matches/{match_id}").get_data() == whole


def test_a_missing_or_stale_result_is_never_served(app: Flask, api: Api) -> None:
    """A hand without a result (a lost write), or with one in another shape (0016's JSON), sends the
    match to a fold of its inputs: the right scores; a hand added stores its own result, and the next
    edit (which rewrites every result that differs) the others."""
    match_id = new_match(api, 5)
    expected = api.get(f"/matches/{match_id}").get_json()
    with app.app_context(), db.engine.begin() as connection:
        table = Hand.__table__
        connection.execute(
            update(table).where(table.c.match_id == match_id, table.c.number == 2).values(result=None)
        )
        connection.execute(
            update(table)
            .where(table.c.match_id == match_id, table.c.number == 4)
            .values(result='{"rules": "x", "after": [1, 2]}')
        )
    clear_page_cache(app)
    with scored_hands() as scored:
        assert api.get(f"/matches/{match_id}").get_json() == expected
    assert scored == [5]
    clear_page_cache(app)
    with scored_hands() as scored:
        answer = api.post(f"/matches/{match_id}/hands", api_hand(6))
    assert scored == [6]  # folded, then the new hand
    assert answer.get_data() == _answers_of_a_fold(app, match_id, 6)[0]
    assert api.put(f"/matches/{match_id}/hands/6", api_hand(6, melds=50)).status_code == 200
    assert_fresh(app, match_id)


def test_a_hand_whose_input_would_not_read_back_the_same_gets_no_result() -> None:
    """An input stored in another shape (a zero count of a canasta kind, which the API's JSON leaves
    out) would not read back the same from the hand's JSON: no result is stored for it, so it is
    never read from there."""
    rs = get_ruleset("classic", {})
    odd = {"number": 1, "went_out": 0, "going_out_kind": "normal", "sides": [
        {"melds": 300, "red_threes": 1, "canastas": {"clean": 1, "dirty": 0}}, {"melds": 100},
    ]}
    result = fold_match(rs, rs.target, 2, [load_hand(odd)]).hands[0]
    assert hand_results.stored(result, rs.flag_codes) is None
    plain = fold_match(rs, rs.target, 2, [load_hand(result.input.to_json(rs.flag_codes))]).hands[0]
    assert hand_results.readable(hand_results.stored(plain, rs.flag_codes))


def test_a_state_read_from_the_results_is_the_fold_and_decodes_what_is_read(app: Flask, api: Api) -> None:
    """The state read from the stored results equals the fold of the inputs, hand by hand; a hand's
    JSON is decoded only when its figures are read (the last hand's totals, to add the next)."""
    match_id = new_match(api, 6)
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match is not None
        rows = db.session.execute(
            select(Hand.number, Hand.input, Hand.result)
            .where(Hand.match_id == match_id)
            .order_by(Hand.number)
        ).all()
        rs = get_ruleset(match.ruleset, match.house_rules)
        state = hand_results.state_of(
            rs, [(row.number, row.result) for row in rows], match.finished, match.winner, len(match.sides)
        )
        decoded = ["input" in vars(hand) for hand in state.hands]
        fresh = fold_match(rs, match.target, len(match.sides), [load_hand(row.input) for row in rows])
        db.session.remove()
    assert decoded == [False] * 5 + [True]
    assert state == fresh
    assert [hand.scores for hand in state.hands] == [hand.scores for hand in fresh.hands]


def test_the_answers_put_together_from_each_hands_json_are_jsonifys(app: Flask, api: Api) -> None:
    """The match's JSON is put together from each hand's, kept (api/serialize.py): byte for byte what
    ``jsonify`` writes of the same match, names with accents and quotes included."""
    match_id = new_match(api, 3)
    assert api.post(f"/matches/{match_id}/hands", api_hand(4)).status_code == 201  # hands' JSON kept
    with app.test_request_context():
        owner = db.session.scalar(select(User.id))
        match = services.get_match(owner, match_id)
        match.sides[0].name = 'Los "años" \u2603'  # not stored: only serialised
        mv = services.view(match)
        assert mv.memos is not None and all(mv.memos[:3])  # kept by the write
        assert match_answer(mv).get_data() == jsonify(match_resource(mv)).get_data()
        created = hand_with_match(mv, 2)
        expected = {"hand": match_resource(mv)["hands"][1], "match": match_resource(mv)}
        assert created.get_data() == jsonify(expected).get_data()
        db.session.rollback()


@pytest.mark.parametrize("revision", ["0015_autoincrement_ids", "0019_edit_log_via_table"])
def test_the_upgrade_that_adds_the_column_fills_it(tmp_path: Any, monkeypatch: Any, revision: str) -> None:
    """Migrations 0016 and 0020 only add the column (0020 empties 0016's results, of another shape);
    the app's upgrade (on start, or ``flask data rescore``) fills it from the stored inputs, as for
    the figures of the migrations before it."""
    old = old_database(tmp_path, monkeypatch, revision, [OLD_HAND_1, OLD_HAND_2])
    if revision >= "0016":
        with old.app_context(), db.engine.begin() as connection:  # 0016's results, as stored then
            connection.execute(text("""UPDATE hands SET result = '{"rules": "x", "after": [0, 0]}'"""))
    with old.app_context():
        schema.upgrade(directory=MIGRATIONS)
        db.session.remove()
    assert_fresh(old, 1)
    with old.app_context():
        results = db.session.scalars(select(Hand.result)).all()
        assert len(results) == 2 and all(hand_results.readable(r) for r in results)
        db.session.remove()
        db.engine.dispose()
