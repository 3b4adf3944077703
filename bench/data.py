"""The benchmark's data sets, built by bulk inserts (SQLAlchemy Core, explicit ids) so that 20,000
matches take seconds. Every stored hand is a real hand: a few realistic classic hands are checked
once with the rules (``parse_hand``) and then copied, renumbered; each match's summary columns and
its sides' figures come from folding its hands, as the app itself would store them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask
from sqlalchemy import func, insert, select, text
from werkzeug.security import generate_password_hash

from scorekeeper.extensions import db
from scorekeeper.models import EditLog, Hand, Match, Player, Seat, Side, SideCanasta, User
from scorekeeper.rules import fold_match, get_ruleset, load_hand, parse_hand
from scorekeeper.running_totals import rebuild
from scorekeeper.services import hand_results
from scorekeeper.services.unit_of_work import match_write
from scorekeeper.stats import side_figures

PASSWORD = "bench password 1"
BIG_TARGET = 1_000_000  # long matches that never end, for the scoreboards and submissions

#: Realistic classic hands for two sides of two players (checked by the rules before use).
HANDS: list[dict[str, Any]] = [
    {"went_out": 0, "going_out_kind": "normal",
     "sides": [{"melds": 640, "hand": 0, "red_threes": 1, "canastas": {"clean": 1, "dirty": 1},
                "penalties": [{"code": "drew_two_cards"}]},
               {"melds": 210, "hand": 85, "canastas": {}}]},
    {"went_out": 1, "going_out_kind": "normal",
     "sides": [{"melds": 320, "hand": 65, "red_threes": 2, "canastas": {"dirty": 1}},
               {"melds": 540, "hand": 0, "red_threes": 1, "canastas": {"clean": 1, "dirty": 1}}]},
    {"went_out": 0, "going_out_kind": "normal",
     "sides": [{"melds": 410, "hand": 0, "canastas": {"clean": 2}},
               {"melds": 180, "hand": 120, "red_threes": 1, "canastas": {}}]},
    {"went_out": 1, "going_out_kind": "concealed_in_play_with_partner",
     "sides": [{"melds": 150, "hand": 40, "canastas": {}},
               {"melds": 395, "hand": 0, "red_threes": 2, "canastas": {"clean": 1, "dirty": 1}}]},
    {"went_out": 0, "going_out_kind": "normal",
     "sides": [{"melds": 285, "hand": 0, "red_threes": 1, "canastas": {"dirty": 2}},
               {"melds": 260, "hand": 35, "canastas": {"clean": 1},
                "penalties": [{"code": "took_pile_before_showing"}]}]},
]


def checked_hands() -> list[dict[str, Any]]:
    """``HANDS`` through the rules' parser, in their stored (normalised) form."""
    rs = get_ruleset("classic", {})
    flags = list(rs.flag_codes)
    return [parse_hand(rs, {"number": i + 1, **h}, [2, 2]).to_json(flags) for i, h in enumerate(HANDS)]


def hand_sequence(count: int, offset: int = 0) -> list[dict[str, Any]]:
    """``count`` stored hands numbered 1.. (copies of the checked hands, starting at ``offset``)."""
    base = checked_hands()
    return [{**base[(offset + i) % len(base)], "number": i + 1} for i in range(count)]


def finished_sequence(offset: int) -> list[dict[str, Any]]:
    """The hands of a classic match to 5000 played until it ends (about 8 hands)."""
    rs = get_ruleset("classic", {})
    hands: list[dict[str, Any]] = []
    for hand in hand_sequence(40, offset):
        hands.append(hand)
        if fold_match(rs, rs.target, 2, [load_hand(h) for h in hands]).finished:
            return hands
    raise AssertionError("the sample hands never finish a match")


@dataclass
class Ids:
    """Next free ids per table (bulk inserts give ids themselves)."""

    next: dict[str, int] = field(default_factory=dict)

    def take(self, table: str, count: int = 1) -> int:
        first = self.next[table]
        self.next[table] = first + count
        return first


@dataclass
class Built:
    users: dict[str, int] = field(default_factory=dict)
    matches: dict[str, list[int]] = field(default_factory=dict)
    players: dict[str, int] = field(default_factory=dict)


class Builder:
    """Bulk rows for one database; call :meth:`flush` to send what is pending."""

    CHUNK = 5000

    def __init__(self) -> None:
        self.ids = Ids({t: (db.session.scalar(select(func.max(m.id))) or 0) + 1
                        for t, m in (("users", User), ("players", Player), ("matches", Match),
                                     ("sides", Side), ("hands", Hand), ("edit_log", EditLog))})
        self.rows: dict[Any, list[dict[str, Any]]] = {}
        self.password_hash = generate_password_hash(PASSWORD)

    def add(self, model: Any, **row: Any) -> None:
        self.rows.setdefault(model, []).append(row)

    def user(self, username: str) -> int:
        uid = self.ids.take("users")
        self.add(User, id=uid, username=username, password_hash=self.password_hash, created_at=_now())
        return uid

    def players(self, club_id: int, names: list[str]) -> list[int]:
        ids = []
        for name in names:
            pid = self.ids.take("players")
            self.add(Player, id=pid, club_id=club_id, name=name)
            ids.append(pid)
        return ids

    def match(self, club_id: int, seats: list[list[int]], hands: list[dict[str, Any]], target: int,
              created_at: datetime, log: bool = False) -> int:
        rs = get_ruleset("classic", {})
        state = fold_match(rs, target, len(seats), [load_hand(h) for h in hands])
        mid = self.ids.take("matches")
        self.add(Match, id=mid, club_id=club_id, ruleset="classic", target=target, house_rules={},
                 first_dealer=0, revision=len(hands) + 1, unlocked=False, finished=state.finished,
                 winner=state.winner, hand_count=len(hands), totals=list(state.totals),
                 created_at=created_at, updated_at=created_at)
        for position, (players, figures) in enumerate(zip(seats, side_figures(rs, state), strict=True)):
            sid = self.ids.take("sides")
            self.add(Side, id=sid, match_id=mid, position=position, name=("Nosotros", "Ellos")[position],
                     points=figures.points, went_out=figures.went_out, penalty_count=figures.penalty_count,
                     penalty_points=figures.penalty_points, best_score=figures.best_score,
                     best_hand=figures.best_hand)
            for kind, count in figures.canastas.items():
                self.add(SideCanasta, side_id=sid, kind=kind, count=count)
            for seat, pid in enumerate(players):
                self.add(Seat, side_id=sid, position=seat, player_id=pid)
        for hand, result in zip(hands, state.hands, strict=True):
            at = created_at + timedelta(minutes=4 * hand["number"])
            self.add(Hand, id=self.ids.take("hands"), match_id=mid, number=hand["number"], input=hand,
                     version=1, result=hand_results.stored(result, rs.flag_codes), created_at=at,
                     updated_at=at)
        if log:
            self.add(EditLog, id=self.ids.take("edit_log"), match_id=mid, user_id=club_id,
                     action="match_created", at=created_at, before=None, after=None, hand_number=None)
            for hand in hands:
                self.add(EditLog, id=self.ids.take("edit_log"), match_id=mid, user_id=club_id,
                         action="hand_added", at=created_at + timedelta(minutes=4 * hand["number"]),
                         hand_number=hand["number"], before=None, after=hand)
        if sum(len(r) for r in self.rows.values()) > 20 * self.CHUNK:
            self.flush()
        return mid

    def flush(self) -> None:
        # Bulk rows of matches are a unit of work's (scorekeeper.invariant); the totals come at the end.
        with match_write(conflict=None):
            for model in (User, Player, Match, Side, SideCanasta, Seat, Hand, EditLog):
                rows = self.rows.pop(model, [])
                for start in range(0, len(rows), self.CHUNK):
                    db.session.execute(insert(model), rows[start:start + self.CHUNK])


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _history(builder: Builder, built: Built, username: str, count: int) -> None:
    """An account with ``count`` matches over the past years: 8 players, Ana in every match, nine in
    ten finished (about 8 hands each), one in ten still in progress."""
    uid = built.users[username] = builder.user(username)
    names = ["Ana", "Luis", "Eva", "Juan", "Sofía", "Pablo", "Marta", "Diego"]
    pids = builder.players(uid, names)
    if username == "hist1000":
        built.players["ana1000"] = pids[0]
    if username == "hist10":
        built.players["ana10"] = pids[0]
    finished = [finished_sequence(offset) for offset in range(len(HANDS))]
    rng = random.Random(count)
    start = _now() - timedelta(days=3 * 365)
    step = timedelta(days=3 * 365) / max(count, 1)
    ids = []
    for i in range(count):
        others = rng.sample(pids[1:], 3)
        seats = [[pids[0], others[0]], [others[1], others[2]]]
        hands = finished[i % len(finished)]
        if i % 10 == 9:
            hands = hands[: len(hands) // 2]
        ids.append(builder.match(uid, seats, hands, 5000, start + step * i))
    built.matches[username] = ids


def build(app: Flask, history_sizes: tuple[int, ...] = (10, 1000, 20000),
          board_sizes: tuple[int, ...] = (10, 60, 100, 500), submit_matches: int = 128,
          submit_start: int = 10) -> Built:
    """Every data set of the benchmark, in ``app``'s (freshly migrated) database:

    * ``bench``: one long match per size in ``board_sizes`` (with its edit log), and
      ``submit_matches`` matches of ``submit_start`` hands for the submission benchmark;
    * ``histN`` for each N of ``history_sizes``: an account with N matches (see :func:`_history`).
    """
    built = Built()
    with app.app_context():
        builder = Builder()
        uid = built.users["bench"] = builder.user("bench")
        pids = builder.players(uid, ["Ana", "Luis", "Eva", "Juan"])
        seats = [pids[:2], pids[2:]]
        start = _now() - timedelta(days=1)
        for size in board_sizes:
            built.matches[f"board{size}"] = [
                builder.match(uid, seats, hand_sequence(size), BIG_TARGET, start, log=True)]
        built.matches["submit"] = [
            builder.match(uid, seats, hand_sequence(submit_start, i), BIG_TARGET, start, log=True)
            for i in range(submit_matches)]
        builder.flush()
        for size in history_sizes:
            _history(builder, built, f"hist{size}", size)
            builder.flush()
        # The rows above bypass the services, so the players' running totals are added up here.
        rebuild(db.session.connection())
        db.session.commit()
        if db.engine.dialect.name == "postgresql":  # the app's own inserts continue after ours
            for table in ("users", "players", "matches", "sides", "hands", "edit_log"):
                db.session.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT coalesce(max(id), 1) FROM {table}))"))
            db.session.commit()
            db.session.execute(text("ANALYZE"))
            db.session.commit()
        else:
            db.session.execute(text("ANALYZE"))
            db.session.commit()
    return built


__all__ = ["PASSWORD", "Built", "build", "hand_sequence"]
