"""Every write to a match goes through the services' unit of work (scorekeeper.services.unit_of_work):
a new write path written the naive way, straight on the ORM, cannot reach the database, so it cannot
leave the players' running totals behind the sides' figures; the same change made through the unit
of work keeps them equal; a unit of work that fails stores nothing. Only the invariant's guard
listens to sessions."""

from __future__ import annotations

import itertools
import json
from dataclasses import fields
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, inspect, select
from sqlalchemy.orm import Session

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match, Player, Side
from scorekeeper.rules import ValidationError, fold_match, get_ruleset, load_hand
from scorekeeper.services import OutsideUnitOfWork, match_write
from scorekeeper.stats import SIDE_COLUMNS, SideFigures, side_figures
from tests.helpers import M1_HANDS, assert_totals_add_up, hand, make_user, new_match, stored_totals
from tests.test_ratings import assert_close, replayed
from tests.test_ratings import stored as stored_ratings

SEATING = [["Ana", "Luis"], ["Eva", "Juan"]]


def hand_count(match_id: int) -> int:
    return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.match_id == match_id)) or 0


def naive_hand(match: Match, number: int) -> Hand:
    """Hand ``number`` of M1 as an offline sync written in a hurry would store it: the row only."""
    rs = services.effective_ruleset(match)
    data = {**M1_HANDS[number - 1], "number": number}
    parsed = services.matches._parse(services.view(match), data, number)
    return Hand(number=number, input=parsed.to_json(rs.flag_codes), version=1)


@pytest.fixture
def owner(app: Flask, password_hash: str) -> int:
    return make_user(app, "ana", password_hash)[0]


def test_a_hand_stored_without_the_unit_of_work_is_refused(app: Flask, owner: int) -> None:
    with app.app_context():
        match = new_match(owner, SEATING)
        services.add_hand(match, {**M1_HANDS[0], "number": 1})
        before = stored_totals(owner)
        match.hands.append(naive_hand(match, 2))
        with pytest.raises(OutsideUnitOfWork):
            db.session.commit()
        db.session.rollback()
        assert hand_count(match.id) == 1
        assert stored_totals(owner) == before
        assert_totals_add_up(owner)


@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("a side's points", lambda match: setattr(match.sides[0], "points", 5000)),
        ("a side's best hand", lambda match: setattr(match.sides[1], "best_score", 99999)),
        ("a match's result", lambda match: setattr(match, "finished", True)),
        ("a hand's input", lambda match: setattr(match.hands[0], "input", {**match.hands[0].input})),
        ("a deleted hand", lambda match: db.session.delete(match.hands[0])),
        ("a seat given to another player", lambda match: _move_seat(match)),
    ],
)
def test_other_naive_writes_are_refused_too(app: Flask, owner: int, what: str, change: Any) -> None:
    with app.app_context():
        match = new_match(owner, SEATING)
        services.add_hand(match, {**M1_HANDS[0], "number": 1})
        before = stored_totals(owner)
        change(match)
        flag_modified_if_same(match)
        with pytest.raises(OutsideUnitOfWork):
            db.session.flush()
        db.session.rollback()
        assert stored_totals(owner) == before, what
        assert_totals_add_up(owner)


def _move_seat(match: Match) -> None:
    other = Player(club_id=match.club_id, name="Sol")
    db.session.add(other)
    match.sides[0].seats[0].player = other


def flag_modified_if_same(match: Match) -> None:
    """A hand's input set to an equal value is still a write the guard must see."""
    from sqlalchemy.orm.attributes import flag_modified

    with db.session.no_autoflush:  # loading the hands must not flush the change under test early
        if match.hands and "input" in inspect(match.hands[0]).dict:
            flag_modified(match.hands[0], "input")


def test_the_same_hand_through_the_unit_of_work_keeps_the_totals(app: Flask, owner: int) -> None:
    """The naive path of the first test, done right: the change, then summarise and log inside
    ``match_write``; the totals follow without anything else."""
    with app.app_context():
        match = new_match(owner, SEATING)
        services.add_hand(match, {**M1_HANDS[0], "number": 1})
        with match_write() as write:
            match.hands.append(naive_hand(match, 2))
            rs = services.effective_ruleset(match)
            state = services.matches.fold_match(
                rs, match.target, len(match.sides), [load_hand(h.input) for h in match.hands]
            )
            write.summarise(match, state, rs)
            write.log(match, "hand_added", hand_number=2)
        assert hand_count(match.id) == 2
        assert_totals_add_up(owner)
        assert stored_totals(owner) != ({}, {}, {})


def test_a_unit_of_work_that_fails_stores_nothing(app: Flask, owner: int) -> None:
    with app.app_context():
        match = new_match(owner, SEATING)
        services.add_hand(match, {**M1_HANDS[0], "number": 1})
        before, revision = stored_totals(owner), match.revision
        with pytest.raises(RuntimeError, match="disk full"), match_write() as write:
            match.hands.append(naive_hand(match, 2))
            write.summarise(match, services.view(match).state)
            raise RuntimeError("disk full")
        db.session.expire_all()
        assert hand_count(match.id) == 1 and match.revision == revision
        assert stored_totals(owner) == before


def test_only_the_invariant_listens_to_sessions(app: Flask) -> None:
    """The running totals are applied by the unit of work, not by hooks on every session: the only
    hooks are the guard and the cache keys of scorekeeper.invariant."""
    with app.app_context():
        session = db.session()
        assert isinstance(session, Session)
        for name in ("before_flush", "after_flush", "after_flush_postexec", "before_commit", "after_commit"):
            hooks = getattr(session.dispatch, name)
            ours = {fn.__module__ for fn in hooks if fn.__module__.startswith("scorekeeper")}
            assert ours <= {"scorekeeper.invariant"}, name


def test_the_side_figures_are_declared_once_and_stored_as_declared() -> None:
    """SideFigures names the figures; the sides' table has a column for each (the canastas are rows)."""
    names = {f.name for f in fields(SideFigures)}
    assert set(SIDE_COLUMNS) == names - {"canastas"}
    assert set(SIDE_COLUMNS) <= set(Side.__table__.columns.keys())


def edit_log_count(match_id: int) -> int:
    from scorekeeper.models import EditLog

    count = select(func.count()).select_from(EditLog).where(EditLog.match_id == match_id)
    return db.session.scalar(count) or 0


def test_a_hand_added_after_another_devices_change_stores_nothing(app: Flask, owner: int) -> None:
    """Adding a hand sends its rows past the ORM's flush (``MatchWrite.append``) but keeps the flush's
    revision check: a match changed meanwhile (its revision moved, no hand added) is a conflict, and
    neither the hand, its log entry, the figures nor the totals are stored; the next try lands."""
    with app.app_context():
        match = new_match(owner, SEATING)
        services.add_hand(match, {**M1_HANDS[0], "number": 1})
        mv = services.view(match)
        before, logged = stored_totals(owner), edit_log_count(match.id)
        with db.engine.begin() as connection:  # another device's change (a rename, say)
            table = Match.__table__
            moved = table.update().where(table.c.id == match.id).values(revision=table.c.revision + 1)
            connection.execute(moved)
        with pytest.raises(services.Conflict):
            services.add_hand(match, {**M1_HANDS[1], "number": 2}, current=mv)
        db.session.expire_all()
        assert hand_count(match.id) == 1 and edit_log_count(match.id) == logged
        assert stored_totals(owner) == before
        services.add_hand(match, {**M1_HANDS[1], "number": 2})
        assert hand_count(match.id) == 2 and edit_log_count(match.id) == logged + 1
        assert_totals_add_up(owner)


def test_a_hand_whose_write_fails_late_stores_nothing(
    app: Flask, owner: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failure after the hand's rows were sent (here the running totals) rolls everything back,
    the canasta row of a new kind included; the same hand then lands, with the right figures."""
    from scorekeeper import running_totals

    with app.app_context():
        match = new_match(owner, SEATING)
        services.add_hand(match, {**M1_HANDS[0], "number": 1})  # side 0: a clean canasta
        add_changes = running_totals.add_changes

        def disk_full(*_args: Any) -> None:
            raise RuntimeError("disk full")

        monkeypatch.setattr(running_totals, "add_changes", disk_full)
        with pytest.raises(RuntimeError, match="disk full"):
            services.add_hand(match, {**M1_HANDS[1], "number": 2})  # side 1: its first dirty canasta
        monkeypatch.setattr(running_totals, "add_changes", add_changes)
        db.session.expire_all()
        assert hand_count(match.id) == 1
        services.add_hand(match, {**M1_HANDS[1], "number": 2})
        services.add_hand(match, {**M1_HANDS[2], "number": 3})
        sides = db.session.scalars(select(Side).where(Side.match_id == match.id).order_by(Side.position))
        assert [{c.kind: c.count for c in side.canastas} for side in sides] == [
            {"clean": 1},
            {"dirty": 2, "clean": 1},
        ]
        assert_totals_add_up(owner)


# --- Random histories through MatchWrite.append, compared with a fresh fold -------------------------

#: Each side's part of a hand: canastas of several kinds (new kinds appear mid-match), penalties,
#: threes; one that ends a match of target 2000 on its own.
SIDE_PARTS = [
    {"melds": 300, "canastas": {"clean": 1}},
    {"melds": 200, "hand": 50, "penalties": [{"code": "PENALTY", "count": 2}]},
    {"melds": 150, "red_threes": 2},
    {"melds": 400, "canastas": {"dirty": 1, "KIND": 1}},
    {"melds": 600, "red_threes": 2, "canastas": {"clean": 2, "dirty": 1}},
    {},
]
#: Each rule set's penalty and canasta kind for the parts above.
PENALTY = {"classic": "red_three_in_hand", "american": "unfinished_aces", "canaston": "black_three_in_hand"}
KIND = {"classic": "clean", "american": "sevens", "canaston": "escala"}
#: (rule set, seating, the match's other settings)
SETUPS = [
    ("classic", SEATING, {"target": 2000}),
    ("classic", [["Ana", "Luis", "Sol"], ["Eva", "Juan", "Pía"], ["Leo", "Mar", "Noa"]], {"target": 2000}),
    ("classic", SEATING, {"target": 3000, "house_rules": {"hands_limit": 3}}),
    ("classic", [["Ana"], ["Eva"], ["Sol"]], {"target": 3000, "house_rules": {"hands_limit": 2}}),
    ("canaston", SEATING, {}),
    ("american", SEATING, {"target": 2000}),
]
_add = st.tuples(
    st.just("add"), st.lists(st.integers(0, len(SIDE_PARTS) - 1), min_size=3, max_size=3), st.integers(-1, 2)
)
steps = st.lists(
    st.one_of(
        _add,
        _add,
        _add,
        st.tuples(
            st.just("edit"),
            st.lists(st.integers(0, len(SIDE_PARTS) - 1), min_size=3, max_size=3),
            st.integers(-1, 2),
            st.integers(1, 9),
        ),
        st.tuples(st.just("undo")),
        st.tuples(st.just("delete")),
        st.tuples(st.just("reopen")),
    ),
    min_size=6,
    max_size=16,
)
ACCOUNTS = itertools.count()


def _random_hand(number: int, sides: int, parts: list[int], went_out: int, ruleset: str) -> dict[str, Any]:
    text = json.dumps([SIDE_PARTS[parts[i]] for i in range(sides)])
    chosen = json.loads(text.replace("PENALTY", PENALTY[ruleset]).replace("KIND", KIND[ruleset]))
    if ruleset == "american" and parts[0] == 2:
        chosen[0]["black_threes"] = 1
    out = went_out if 0 <= went_out < sides else None
    return hand(number, out, *chosen)


def _as_session_holds(match: Match) -> Any:
    """What the session's objects say of the match (loading only what is expired)."""
    return (
        match.revision,
        match.finished,
        match.winner,
        match.hand_count,
        list(match.totals),
        match.unlocked,
        [
            (tuple(getattr(side, n) for n in SIDE_COLUMNS), {c.kind: c.count for c in side.canastas})
            for side in match.sides
        ],
    )


def _assert_as_folded(owner: int, match_id: int) -> None:
    """The session's objects hold what is stored, and what is stored (the match's result, its sides'
    figures and canasta rows, the hands' results, the running totals, the ratings, the view) is what
    a fresh fold of the stored inputs gives."""
    held = _as_session_holds(services.get_match(owner, match_id))
    db.session.expire_all()
    match = services.get_match(owner, match_id)
    assert held == _as_session_holds(match), "the session kept stale objects"
    inputs = db.session.scalars(select(Hand.input).where(Hand.match_id == match_id).order_by(Hand.number))
    rs = get_ruleset(match.ruleset, match.house_rules)
    state = fold_match(rs, match.target, len(match.sides), [load_hand(i) for i in inputs])
    assert (match.finished, match.winner, match.hand_count, list(match.totals)) == (
        state.finished,
        state.winner,
        len(state.hands),
        list(state.totals),
    )
    stored_figures = [
        SideFigures(
            **{n: getattr(s, n) for n in SIDE_COLUMNS}, canastas={c.kind: c.count for c in s.canastas}
        )
        for s in match.sides
    ]
    assert stored_figures == list(side_figures(rs, state))
    mv = services.view(match)
    assert (mv.state.totals, mv.state.finished, mv.state.winner) == (
        state.totals,
        state.finished,
        state.winner,
    )
    assert_totals_add_up(owner)
    assert_close(stored_ratings(owner), replayed(owner))


def _step(owner: int, match_id: int, step: tuple[Any, ...], sides: int, ruleset: str) -> None:
    match = services.get_match(owner, match_id)
    count = match.hand_count
    try:
        if step[0] == "add":
            services.add_hand(match, _random_hand(count + 1, sides, step[1], step[2], ruleset))
        elif step[0] == "edit" and count:
            number = (step[3] - 1) % count + 1
            services.replace_hand(match, number, _random_hand(number, sides, step[1], step[2], ruleset))
        elif step[0] == "undo" and count:
            undoable = services.undoable_hand(match)
            if undoable is not None:
                services.undo_hand(match, undoable)
        elif step[0] == "delete" and count:
            services.delete_last_hand(match, count)
        elif step[0] == "reopen":
            services.reopen_match(match)
    except (ValidationError, services.Conflict):
        pass


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SETUPS), steps)
def test_random_histories_through_append_equal_a_fresh_fold(
    app: Flask, password_hash: str, setup: tuple[str, list[list[str]], dict[str, Any]], history: list[Any]
) -> None:
    """Hands added (past the ORM's flush), edited, undone, deleted, a match reopened, in one session as
    a sync of many hands would: after each, the objects the session kept and the stored rows are what
    a fresh fold and a fresh replay give (3 sides, a hands limit's draw, penalties, new canasta kinds,
    black threes)."""
    owner = make_user(app, f"fold{next(ACCOUNTS)}", password_hash)[0]
    ruleset, seating, extra = setup
    with app.app_context():
        match_id = new_match(owner, seating, ruleset, **extra).id
        for step in history:
            _step(owner, match_id, step, len(seating), ruleset)
            _assert_as_folded(owner, match_id)


def test_a_keyed_hand_for_a_match_deleted_meanwhile_is_a_conflict(app: Flask, owner: int) -> None:
    """Another device deletes the match between this request's read and its hand: the hand's write
    finds no row of that revision (a conflict, nothing stored), and looking the key up again after
    the rollback must not need the match's row (no error but the conflict)."""
    from scorekeeper.services.submission_keys import SubmissionKey, request_digest

    with app.app_context():
        match = new_match(owner, SEATING)
        match_id, logged = match.id, edit_log_count(match.id)
        with app.app_context():  # another device, another session
            services.delete_match(services.get_match(owner, match_id))
        data = {**M1_HANDS[0], "number": 1}
        key = SubmissionKey(owner, "k1", request_digest(match_id, data))
        with pytest.raises(services.Conflict):
            services.add_hand(match, data, key=key)
        db.session.expire_all()
        assert hand_count(match_id) == 0 and edit_log_count(match_id) == 0 < logged
        assert_totals_add_up(owner)


def test_a_hand_losing_its_keys_race_stores_nothing_and_the_session_goes_on(
    app: Flask, owner: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another request stores the same key between this one's look-up and its commit: the key's
    INSERT, sent after the hand's rows, fails; nothing of the hand stays (its new canasta rows
    included), the repeat is told, and the same session then stores the next hand right."""
    from scorekeeper.models import IdempotencyKey
    from scorekeeper.services import submission_keys
    from scorekeeper.services.submission_keys import AlreadyDone, SubmissionKey, request_digest

    with app.app_context():
        match = new_match(owner, SEATING)
        data = {**M1_HANDS[0], "number": 1}  # side 0: its first clean canasta
        key = SubmissionKey(owner, "k1", request_digest(match.id, data))
        look_up, logged = submission_keys.look_up, edit_log_count(match.id)

        def raced(submission: SubmissionKey, match_id: int) -> bool:
            found = look_up(submission, match_id)
            with app.app_context(), db.engine.begin() as connection:  # the other request's commit
                connection.execute(
                    IdempotencyKey.__table__.insert(),
                    {
                        "user_id": owner,
                        "key": "k1",
                        "fingerprint": key.digest,
                        "match_id": match_id,
                        "hand_number": 1,
                        "status": 201,
                    },
                )
            monkeypatch.setattr(submission_keys, "look_up", look_up)
            return found

        monkeypatch.setattr(submission_keys, "look_up", raced)
        with pytest.raises(AlreadyDone):
            services.add_hand(match, data, key=key)
        assert hand_count(match.id) == 0 and edit_log_count(match.id) == logged
        services.add_hand(match, data)
        services.add_hand(match, {**M1_HANDS[1], "number": 2})
        held = [{c.kind: c.count for c in side.canastas} for side in match.sides]
        db.session.expire_all()
        stored = [
            {c.kind: c.count for c in side.canastas} for side in services.get_match(owner, match.id).sides
        ]
        assert held == stored == [{"clean": 1}, {"dirty": 1}]
        assert_totals_add_up(owner)
