"""Every write to a match goes through the services' unit of work (scorekeeper.services.unit_of_work):
a new write path written the naive way, straight on the ORM, cannot reach the database, so it cannot
leave the players' running totals behind the sides' figures; the same change made through the unit
of work keeps them equal; a unit of work that fails stores nothing. Only the invariant's guard
listens to sessions."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, inspect, select
from sqlalchemy.orm import Session

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match, Player, Side
from scorekeeper.rules import load_hand
from scorekeeper.services import OutsideUnitOfWork, match_write
from scorekeeper.stats import SIDE_COLUMNS, SideFigures
from tests.helpers import M1_HANDS, assert_totals_add_up, make_user, new_match, stored_totals

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
    other = Player(owner_id=match.owner_id, name="Sol")
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
