"""The write path's invariant (scorekeeper.invariant) holds for every write: each silent corruption
the review found now fails loudly, or shows at once. A bulk statement on a match's rows outside a
unit of work is refused; a unit of work that forgets ``summarise`` stores nothing; a change to
what a page shows bumps the match's revision (or the account's roster revision) however it is made;
and importing the models alone is enough for all of it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import delete, func, insert, select, update

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.invariant import OutsideUnitOfWork
from scorekeeper.models import Club, Hand, Match, Player, PlayerTotal, Seat, Side, SideCanasta, User
from scorekeeper.rules import load_hand
from scorekeeper.services import match_write
from scorekeeper.services.matches import fold_match
from scorekeeper.services.unit_of_work import NotSummarised
from tests.helpers import make_user

HANDS = [
    {
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [{"melds": 300, "canastas": {"clean": 1}}, {"melds": 100, "hand": 40}],
    },
    {
        "went_out": 1,
        "going_out_kind": "normal",
        "sides": [{"melds": 50, "hand": 25}, {"melds": 400, "canastas": {"dirty": 1}}],
    },
]


@pytest.fixture
def owner(app: Flask, password_hash: str) -> int:
    return make_user(app, "ana", password_hash)[0]


def played_match(owner: int, hands: int = 1) -> Match:
    """A classic match of two sides (Ana and Luis against Eva and Juan) with ``hands`` hands."""
    sides = [{"name": "Us", "players": ["Ana", "Luis"]}, {"name": "Them", "players": ["Eva", "Juan"]}]
    match = services.create_match(owner, {"ruleset": "classic", "sides": sides})
    for number in range(1, hands + 1):
        services.add_hand(match, {**HANDS[number - 1], "number": number})
    return match


def totals(owner: int) -> list[tuple[Any, ...]]:
    """The players' running totals as stored."""
    mine = select(Player.id).where(Player.club_id == owner)
    rows = db.session.execute(
        select(PlayerTotal.player_id, PlayerTotal.hands, PlayerTotal.points)
        .where(PlayerTotal.player_id.in_(mine))
        .order_by(PlayerTotal.player_id)
    )
    return [tuple(row) for row in rows]


def hand_count(match_id: int) -> int:
    return db.session.scalar(select(func.count()).select_from(Hand).where(Hand.match_id == match_id)) or 0


def stored(match_id: int) -> Match:
    db.session.expire_all()
    found = db.session.get(Match, match_id)
    assert found is not None
    return found


# --- Bulk statements ----------------------------------------------------------------------------------


BULK: dict[str, Callable[[Match], Any]] = {
    "delete the hands": lambda m: delete(Hand).where(Hand.match_id == m.id),
    "delete a side's canastas": lambda m: delete(SideCanasta).where(SideCanasta.side_id == m.sides[0].id),
    "zero the sides' points": lambda m: update(Side).where(Side.match_id == m.id).values(points=0),
    "rename a side": lambda m: update(Side).where(Side.id == m.sides[0].id).values(name="Renamed"),
    "move a seat": lambda m: update(Seat).where(Seat.side_id == m.sides[0].id).values(position=7),
    "finish the match": lambda m: update(Match).where(Match.id == m.id).values(finished=True),
    "delete the match": lambda m: delete(Match).where(Match.id == m.id),
    "insert a hand": lambda m: insert(Hand).values(match_id=m.id, number=9, input={}, version=1),
    "delete the hands by table": lambda m: delete(Hand.__table__).where(Hand.__table__.c.match_id == m.id),
}


@pytest.mark.parametrize("what", list(BULK))
def test_a_bulk_write_outside_a_unit_of_work_is_refused(app: Flask, owner: int, what: str) -> None:
    with app.app_context():
        match = played_match(owner, hands=2)
        before = totals(owner)
        with pytest.raises(OutsideUnitOfWork, match="bulk"):
            db.session.execute(BULK[what](match))
        db.session.commit()
        assert hand_count(match.id) == 2
        assert totals(owner) == before
        assert [side.name for side in stored(match.id).sides] == ["Us", "Them"]


def test_the_review_s_bulk_delete_then_commit_stores_nothing(app: Flask, owner: int) -> None:
    """``db.session.execute(delete(Hand)…)`` plus a commit used to succeed and leave the totals wrong."""
    with app.app_context():
        match = played_match(owner, hands=2)
        before = totals(owner)
        with pytest.raises(OutsideUnitOfWork):
            db.session.execute(delete(Hand))
            db.session.commit()
        db.session.rollback()
        assert hand_count(match.id) == 2 and totals(owner) == before


def test_a_bulk_update_of_a_match_s_unscored_columns_is_allowed_and_moves_its_time(
    app: Flask, owner: int
) -> None:
    """Such an UPDATE sets ``updated_at`` too, which the pages' keys hold."""
    with app.app_context():
        match = played_match(owner)
        changed = match.updated_at
        db.session.execute(update(Match).where(Match.id == match.id).values(unlocked=True))
        db.session.commit()
        assert stored(match.id).unlocked and stored(match.id).updated_at != changed


def test_bulk_statements_still_work_inside_a_unit_of_work(app: Flask, owner: int) -> None:
    """The services' own bulk writes: a deleted match, an account's deletion, an import."""
    with app.app_context():
        match = played_match(owner, hands=2)
        with match_write():
            db.session.execute(update(Match).where(Match.id == match.id).values(first_dealer=1))
        assert stored(match.id).first_dealer == 1
        services.delete_match(stored(match.id))
        assert db.session.get(Match, match.id) is None
        assert all(hands == 0 and points == 0 for _, hands, points in totals(owner))


# --- Autoflush ----------------------------------------------------------------------------------------


def test_an_autoflush_names_the_write_not_the_query(app: Flask, owner: int) -> None:
    """A change made outside a unit of work is refused by whatever flushes it, here a query's
    autoflush: the error names the row and the columns written, and says a query may raise it;
    the session stays usable (the change can be rolled back)."""
    with app.app_context():
        match = played_match(owner)
        side_id = match.sides[0].id
        match.sides[0].points = 5000
        with pytest.raises(OutsideUnitOfWork) as raised:
            db.session.scalar(select(func.count()).select_from(User))
        message = str(raised.value)
        assert f"A side {side_id}: points changed" in message
        assert "autoflush" in message
        db.session.rollback()
        assert db.session.scalar(select(func.count()).select_from(User)) == 1
        assert stored(match.id).sides[0].points != 5000


# --- Summarise ------------------------------------------------------------------------------------------


def _append_second_hand(match: Match) -> None:
    rs = services.effective_ruleset(match)
    parsed = services.matches._parse(services.view(match), {**HANDS[1], "number": 2}, 2)
    match.hands.append(Hand(number=2, input=parsed.to_json(rs.flag_codes), version=1))


FORGETFUL: dict[str, Callable[[Match], None]] = {
    "a hand added": _append_second_hand,
    "a hand deleted": lambda m: (m.hands.remove(m.hands[-1]), None)[1],
    "a seat moved": lambda m: setattr(m.sides[0].seats[0], "position", 5),
    "the result changed": lambda m: setattr(m, "finished", True),
}


@pytest.mark.parametrize("what", list(FORGETFUL))
def test_a_unit_of_work_that_forgets_summarise_stores_nothing(app: Flask, owner: int, what: str) -> None:
    with app.app_context():
        match = played_match(owner)
        before, revision = totals(owner), match.revision
        with pytest.raises(NotSummarised, match=f"match {match.id}"), match_write() as write:
            FORGETFUL[what](match)
            write.log(match, "hand_added")
        again = stored(match.id)
        assert hand_count(match.id) == 1 and again.revision == revision and not again.finished
        assert [seat.position for seat in again.sides[0].seats] == [0, 1]
        assert totals(owner) == before


def test_the_same_change_summarised_is_stored(app: Flask, owner: int) -> None:
    with app.app_context():
        match = played_match(owner)
        with match_write() as write:
            _append_second_hand(match)
            rs = services.effective_ruleset(match)
            inputs = [load_hand(h.input) for h in match.hands]
            write.summarise(match, fold_match(rs, match.target, len(match.sides), inputs), rs)
            write.log(match, "hand_added", hand_number=2)
        assert hand_count(match.id) == 2


def test_a_unit_of_work_that_changes_no_score_needs_no_summary(app: Flask, owner: int) -> None:
    """Renaming a side, sharing, reopening: nothing the totals count."""
    with app.app_context():
        match = played_match(owner)
        with match_write() as write:
            match.sides[0].name = "Renamed"
            write.log(match, "side_renamed")
        services.create_share_link(stored(match.id))
        assert stored(match.id).sides[0].name == "Renamed"


# --- What pages show: the revisions -------------------------------------------------------------------


def test_a_side_renamed_outside_the_services_bumps_the_match_s_revision(app: Flask, owner: int) -> None:
    """The scoreboard's key moves, and a device that read the match before gets a conflict."""
    with app.app_context():
        match = played_match(owner)
        revision = match.revision
        match.sides[1].name = "Others"
        db.session.commit()
        assert stored(match.id).revision == revision + 1


def test_a_device_that_read_before_a_rename_gets_a_conflict(app: Flask, owner: int) -> None:
    with app.app_context():
        match_id = played_match(owner).id
    with app.app_context():
        stale = services.get_match(owner, match_id)
        assert stale.hands
        with app.app_context():  # another device, in its own session
            other = services.get_match(owner, match_id)
            other.sides[0].name = "Changed"
            db.session.commit()
        with pytest.raises(services.Conflict):
            services.add_hand(stale, {**HANDS[1], "number": 2})
        assert hand_count(match_id) == 1


def test_each_service_write_bumps_the_revision_once(app: Flask, owner: int) -> None:
    """The listener does not add a step to the one ``log`` makes: revisions count changes."""
    with app.app_context():
        match = played_match(owner)
        start = match.revision
        services.add_hand(match, {**HANDS[1], "number": 2})
        assert stored(match.id).revision == start + 1
        services.create_share_link(stored(match.id))
        assert stored(match.id).revision == start + 2
        services.delete_last_hand(stored(match.id), 2)
        assert stored(match.id).revision == start + 3


def test_a_player_renamed_outside_the_services_bumps_the_roster(app: Flask, owner: int) -> None:
    with app.app_context():
        played_match(owner)
        roster = db.session.get(Club, owner).roster_revision
        player = db.session.scalar(select(Player).where(Player.name == "Eva"))
        player.name = "Evita"
        db.session.commit()
        db.session.expire_all()
        assert db.session.get(Club, owner).roster_revision == roster + 1


def test_renaming_through_the_service_bumps_the_roster_once(app: Flask, owner: int) -> None:
    with app.app_context():
        played_match(owner)
        roster = db.session.get(Club, owner).roster_revision
        eva = db.session.scalar(select(Player.id).where(Player.name == "Eva"))
        services.rename_player(owner, eva, "Evita")
        db.session.expire_all()
        assert db.session.get(Club, owner).roster_revision == roster + 1


# --- Declared with the models --------------------------------------------------------------------------


def test_importing_only_the_models_gives_the_guard(tmp_path: Any) -> None:
    """A script that imports the models alone, with a plain SQLAlchemy session and no app, is
    refused the naive write and the bulk delete; no service module is loaded."""
    script = textwrap.dedent(
        f"""
        import sys
        from sqlalchemy import create_engine, delete
        from sqlalchemy.orm import Session
        from scorekeeper import models
        from scorekeeper.extensions import db
        from scorekeeper.invariant import OutsideUnitOfWork

        assert not any(name.startswith("scorekeeper.services") for name in sys.modules), "services loaded"
        engine = create_engine("sqlite:///{tmp_path / 'script.sqlite3'}")
        db.metadata.create_all(engine)
        with Session(engine) as session:
            user = models.User(username="ana", password_hash="x")
            session.add(user)
            session.flush()
            match = models.Match(club_id=user.id, ruleset="classic", target=5000)
            session.add(match)
            try:
                session.flush()
            except OutsideUnitOfWork as error:
                print("refused:", error)
            session.rollback()
            try:
                session.execute(delete(models.Hand))
            except OutsideUnitOfWork as error:
                print("refused:", error)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("refused:") for line in lines), done.stdout
    assert "A match (new) added" in lines[0] and "bulk DELETE of hands" in lines[1]
