"""Helpers shared by the tests (bench/ has its own, bench/builders.py): not part of the app."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import flask_migrate
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, event, select, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import OperationalError

from scorekeeper import MIGRATIONS, create_app, page_cache, services
from scorekeeper.extensions import db
from scorekeeper.models import Match, PartnershipTotal, Player, PlayerTotal, PlayerTotalCanasta, User, as_utc
from scorekeeper.running_totals import side_records
from scorekeeper.services import match_states
from scorekeeper.services.accounts import create_token
from scorekeeper.stats import COUNTS, add_up

DEFAULT_POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
TEST_PASSWORD = "correct horse battery"


@contextmanager
def counting(app: Flask) -> Iterator[list[str]]:
    """Within the block, every statement ``app``'s engine sends is appended to the yielded list: the
    query-count tests and the benchmarks show with it that a page's statements do not grow with its
    data."""
    statements: list[str] = []

    def record(_connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", record)


@contextmanager
def scored_hands() -> Iterator[list[int]]:
    """Count the hands the rules score (``score_hand`` calls made by a fold) while the block runs:
    the tests and the benchmarks show with it that a request folds a match once."""
    import scorekeeper.rules.match as match_module

    counted = [0]
    original = match_module.score_hand

    def counting_score_hand(*args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return original(*args, **kwargs)

    match_module.score_hand = counting_score_hand  # type: ignore[assignment]
    try:
        yield counted
    finally:
        match_module.score_hand = original  # type: ignore[assignment]


def clear_page_cache(app: Flask) -> None:
    """Forget every page and folded match ``app`` keeps in memory (:mod:`scorekeeper.page_cache`,
    :mod:`scorekeeper.services.match_states`)."""
    cache: page_cache.PageCache | None = app.extensions.get(page_cache.EXTENSION)
    if cache is not None:
        cache.clear()
    states: match_states.MatchStates | None = app.extensions.get(match_states.EXTENSION)
    if states is not None:
        states.clear()


def postgres_admin() -> tuple[URL, Engine]:
    server = make_url(os.environ.get("SCOREKEEPER_TEST_POSTGRES_URL", DEFAULT_POSTGRES))
    return server, create_engine(server, isolation_level="AUTOCOMMIT")


def fresh_postgres_database(name: str) -> str:
    """Drop and recreate the database ``name``; return its URL."""
    server, admin = postgres_admin()
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


def drop_postgres_database(name: str) -> None:
    _server, admin = postgres_admin()
    with admin.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


def make_user(app: Flask, username: str, password_hash: str) -> tuple[int, str]:
    """A user and a fresh API token for it: ``(user id, token)``."""
    with app.app_context():
        user = User(username=username, password_hash=password_hash)
        db.session.add(user)
        db.session.commit()
        return user.id, create_token(user)


class Api:
    """A thin JSON client for ``/api/v1`` with a bearer token."""

    def __init__(self, client: FlaskClient, token: str) -> None:
        self.client = client
        self.headers = {"Authorization": f"Bearer {token}"}

    def __getattr__(self, method: str) -> Any:
        if method not in {"get", "post", "put", "delete", "patch"}:
            raise AttributeError(method)

        def call(path: str, body: Any = None, **kwargs: Any) -> Any:
            if body is not None:
                kwargs["json"] = body
            return getattr(self.client, method)(f"/api/v1{path}", headers=self.headers, **kwargs)

        return call


class Deadlock(Exception):
    """What psycopg raises when PostgreSQL breaks a deadlock: its SQLSTATE."""

    sqlstate = "40P01"


def lose_lock_race(monkeypatch: pytest.MonkeyPatch, step: str, cause: Exception | None = None) -> None:
    """Make the session's ``step`` (``commit``, ``flush``) fail as a write that lost a race for locks
    does (``cause``: a PostgreSQL deadlock by default); ``monkeypatch.undo()`` ends it."""

    def lost() -> None:
        raise OperationalError("UPDATE ...", {}, cause or Deadlock("deadlock detected"))

    monkeypatch.setattr(db.session, step, lost)


class Clock:
    """A settable clock for the time limits (``scorekeeper.throttle.now``): tests move it forward
    instead of sleeping."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

#: Players seated in turn by :func:`export_document` (accents, and a name a spreadsheet would run).
EXPORT_NAMES = ("Ana", "Luis", "Eva", "Juan", "Marta", "Pablo", "Lucía", "Jorge", "=Inés")


def export_document(count: int, start: datetime | None = None) -> dict[str, Any]:
    """A JSON export (the app's format) of ``count`` matches of every rule set, as the app would
    write them: classic pairs (one finished to a low target, with a house rule), Samba pairs, and
    Canastón of three sides finished at a low target; players from :data:`EXPORT_NAMES` seated in
    turn (so partnerships vary), one start per hour from ``start``. Each match's hands are checked by
    the rules and its totals folded by them."""
    from scorekeeper.rules import fold_match, get_ruleset, parse_hand

    first = start or datetime(2024, 1, 1, 19, 0, tzinfo=UTC)
    matches = []
    for i in range(count):
        ruleset, target, house_rules, sides, hands = _EXPORT_KINDS[i % len(_EXPORT_KINDS)]
        names = [EXPORT_NAMES[(i + k) % len(EXPORT_NAMES)] for k in range(sum(sides))]
        seated, at = [], 0
        for k, size in enumerate(sides):
            seated.append({"name": f"Side {k + 1}", "players": names[at : at + size]})
            at += size
        rs = get_ruleset(ruleset, house_rules)
        flags = list(rs.flag_codes)
        parsed = [parse_hand(rs, hand, list(sides), expected_number=n + 1) for n, hand in enumerate(hands)]
        state = fold_match(rs, target or rs.target, len(sides), parsed)
        matches.append(
            {
                "ruleset": ruleset,
                "target": target or rs.target,
                "house_rules": house_rules,
                "first_dealer": i % sum(sides),
                "created_at": (first + timedelta(hours=i)).isoformat(),
                "sides": seated,
                "hands": [hand.to_json(flags) for hand in parsed],
                "totals": list(state.totals),
            }
        )
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "exported_at": first.isoformat(),
        "matches": matches,
    }


_CLASSIC_HAND = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 640, "hand": 0, "red_threes": 1, "canastas": {"clean": 1, "dirty": 1},
         "penalties": [{"code": "drew_two_cards"}]},
        {"melds": 210, "hand": 85},
    ],
}  # fmt: skip
#: Classic hand 1 that the second side wins by going out: 0 − 60 = −60 against 400 + 500 + 100 = 1000.
SECOND_SIDE_GOES_OUT = {
    "number": 1,
    "went_out": 1,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 0, "hand": 60, "canastas": {}},
        {"melds": 400, "hand": 0, "canastas": {"clean": 1}},
    ],
}
#: Classic hand 2 ended without anyone going out; Samba and Canastón (three sides) hands 1. The
#: import and export tests seed matches with them too.
CLASSIC_2 = {"number": 2, "went_out": None, "sides": [{"melds": 100, "hand": 40}, {"melds": 0, "hand": 120}]}
SAMBA_1 = {
    "number": 1,
    "went_out": 1,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 150, "hand": 30, "red_threes": 1},
        {"melds": 400, "canastas": {"samba": 1, "clean": 1}},
    ],
}
CANASTON_1 = {
    "number": 1,
    "went_out": 2,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 150, "hand": 30},
        {"melds": 0, "hand": 120},
        {"melds": 500, "red_threes": 2, "canastas": {"clean": 1, "dirty": 1, "escala": 1}, "cut_exact": True},
    ],
}
#: (rule set, target or None for the book's, house rules, players per side, hands).
_EXPORT_KINDS: tuple[tuple[str, int | None, dict[str, Any], tuple[int, ...], list[dict[str, Any]]], ...] = (
    ("classic", None, {}, (2, 2), [_CLASSIC_HAND, CLASSIC_2]),
    ("classic", 1500, {"canasta_kinds.clean": 600}, (2, 2), [_CLASSIC_HAND]),
    ("samba", None, {}, (2, 2), [SAMBA_1]),
    ("canaston", 3000, {}, (1, 1, 1), [CANASTON_1]),
    ("classic", None, {}, (2, 2), []),
)


# --- Hands worked out by hand (tests/test_stats.py, tests/test_side_figures.py) -----------------------


def hand(number: int, went_out: int | None, *sides: dict[str, Any]) -> dict[str, Any]:
    """A hand in the API's shape; whoever went out did so the normal way."""
    return {
        "number": number,
        "went_out": went_out,
        "going_out_kind": None if went_out is None else "normal",
        "sides": list(sides),
    }


#: Classic match M1 of tests/test_stats.py, its scores worked out in that module's docstring.
M1_HANDS = [
    hand(
        1,
        0,
        {"melds": 300, "canastas": {"clean": 1}},
        {"melds": 200, "hand": 50, "penalties": [{"code": "drew_two_cards", "count": 2}]},
    ),
    hand(2, None, {"melds": 100, "hand": 30}, {"melds": 150, "red_threes": 1, "canastas": {"dirty": 1}}),
    hand(3, 1, {"melds": 50, "hand": 20}, {"melds": 200, "canastas": {"clean": 1, "dirty": 1}}),
]

#: Classic match M3 of tests/test_stats.py: one hand, 1100 against -100.
M3_HANDS = [hand(1, 0, {"melds": 200, "canastas": {"clean": 1, "dirty": 1}}, {"melds": 100, "hand": 200})]


#: Canastón: an escala alone (does not count), one beside a clean canasta (counts), penalties.
CANASTON_HANDS = [
    hand(
        1,
        None,
        {"melds": 300, "canastas": {"escala": 1}, "penalties": [{"code": "black_three_in_hand", "count": 2}]},
        {"melds": 200, "canastas": {"clean": 1}},
    ),
    hand(2, 0, {"melds": 500, "canastas": {"clean": 1, "dirty": 1, "escala": 1}}, {"melds": 100, "hand": 50}),
    hand(3, None, {"melds": 100}, {"melds": 400, "canastas": {"dirty": 2}}),
]


# --- Running totals: as stored, and added up from the sides -------------------------------------------


Snapshot = tuple[dict[Any, Any], dict[Any, int], dict[Any, Any]]


def stored_totals(club_id: int) -> Snapshot:
    """The account's running totals as stored: per player and rule set (figures and best hand),
    canastas (kinds that count), partnerships (figures and latest side)."""
    mine = select(Player.id).where(Player.club_id == club_id)
    players = {
        (row.player_id, row.ruleset): (
            tuple(getattr(row, name) for name in COUNTS),
            (
                row.best_score,
                row.best_match_id,
                row.best_hand,
                row.best_created_at and as_utc(row.best_created_at),
            ),
        )
        for row in db.session.scalars(select(PlayerTotal).where(PlayerTotal.player_id.in_(mine)))
    }
    canastas = {
        (row.player_id, row.ruleset, row.kind): row.count
        for row in db.session.scalars(
            select(PlayerTotalCanasta).where(PlayerTotalCanasta.player_id.in_(mine))
        )
        if row.count
    }
    partnerships = {
        (row.player_id, row.partner_low, row.partner_high): (
            tuple(getattr(row, name) for name in COUNTS),
            row.latest_side_id,
        )
        for row in db.session.scalars(select(PartnershipTotal).where(PartnershipTotal.player_id.in_(mine)))
    }
    return players, canastas, partnerships


def added_up(club_id: int) -> Snapshot:
    """The same, added up from nothing over the account's sides."""
    found = add_up(side_records(db.session.connection(), club_id))
    players = {}
    canastas = {}
    for (player, ruleset), stats in found.players.items():
        best = stats.best
        players[(player, ruleset)] = (
            tuple(getattr(stats, name) for name in COUNTS),
            (best.score, best.match_id, best.hand_number, best.created_at) if best else (None,) * 4,
        )
        canastas |= {(player, ruleset, kind): n for kind, n in stats.canastas.items()}
    partnerships = {
        key: (tuple(getattr(stats, name) for name in COUNTS), latest.side_id)
        for key, (stats, latest) in found.partnerships.items()
    }
    return players, canastas, partnerships


def assert_totals_add_up(club_id: int) -> None:
    """The running totals the services kept equal the ones added up from nothing, and every hand's
    stored result is what a fresh fold of the match's stored inputs gives."""
    db.session.expire_all()  # read what was committed
    assert stored_totals(club_id) == added_up(club_id)
    assert_results_fresh(club_id)


def assert_results_fresh(club_id: int) -> None:
    """Every hand's stored result (``hands.result``) of the account equals a fresh fold of its match."""
    from scorekeeper.models import Hand
    from scorekeeper.rules import fold_match, get_ruleset, load_hand
    from scorekeeper.services import hand_results

    for match in db.session.scalars(select(Match).where(Match.club_id == club_id)):
        rows = db.session.execute(
            select(Hand.input, Hand.result).where(Hand.match_id == match.id).order_by(Hand.number)
        ).all()
        rs = get_ruleset(match.ruleset, match.house_rules)
        state = fold_match(rs, match.target, len(match.sides), [load_hand(row.input) for row in rows])
        fresh = [hand_results.stored(result, rs.flag_codes) for result in state.hands]
        assert [row.result for row in rows] == fresh, match.id


def new_match(owner: int, seating: list[list[str]], ruleset: str = "classic", **extra: Any) -> Match:
    """A match of ``owner``'s with a side for each list of players of ``seating``."""
    sides = [{"name": f"S{i}", "players": players} for i, players in enumerate(seating)]
    return services.create_match(owner, {"ruleset": ruleset, "sides": sides, **extra})


# --- A database at an old migration -------------------------------------------------------------------


#: Classic hand 1 stored in old databases: A 300 + clean 500 + red three 100 + going out 100 = 1000;
#: B 100 - 40 = 60.
OLD_HAND_1 = {
    "number": 1,
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 300, "hand": 0, "red_threes": 1, "canastas": {"clean": 1}, "penalties": []},
        {"melds": 100, "hand": 40, "red_threes": 0, "canastas": {}, "penalties": []},
    ],
}

# Side B does better in hand 2: 200 + dirty 300 + going out 100 - a penalty of 50 = 550.
OLD_HAND_2 = {
    "number": 2,
    "went_out": 1,
    "going_out_kind": "normal",
    "sides": [
        {"melds": 150, "hand": 30, "red_threes": 0, "canastas": {}, "penalties": []},
        {
            "melds": 200,
            "hand": 0,
            "red_threes": 0,
            "canastas": {"dirty": 1},
            "penalties": [{"code": "drew_two_cards", "count": 1}],
        },
    ],
}


#: Columns of a match's tables that migrations after 0015 add (0017: a club night's settled game;
#: 0019: the table whose link logged a change). The app's models read and write them, so a test
#: that drives the app's services on an older schema (to make rows for a migration of its time)
#: adds them first with :func:`add_later_match_columns`.
LATER_MATCH_COLUMNS = (("matches", "settled_at TIMESTAMP"), ("edit_log", "via_table INTEGER"))


def add_later_match_columns() -> None:
    """Add :data:`LATER_MATCH_COLUMNS` to an old database (nullable, empty), so that today's models
    can run on it; a rebuild of the table by an old migration keeps them."""
    with db.engine.begin() as connection:
        for table, column in LATER_MATCH_COLUMNS:
            connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {column}"))


def old_database(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, revision: str, hands: list[Any], url: str | None = None
) -> Flask:
    """An app whose database (``url``, else an SQLite file) is at ``revision`` and holds one classic
    match of two sides with ``hands``."""
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url or f"sqlite:///{tmp_path / 'old.db'}",
            "SECRET_KEY": "x",
            "AUTO_MIGRATE": False,
        }
    )
    with app.app_context():
        flask_migrate.upgrade(directory=MIGRATIONS, revision=revision)
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO users (id, username, password_hash, created_at) "
                    "VALUES (1, 'ana', 'x', '2026-01-01')"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO matches (id, owner_id, ruleset, target, house_rules, "
                    "created_at, updated_at, first_dealer) VALUES "
                    "(1, 1, 'classic', 5000, '{}', '2026-01-01', '2026-01-01', 0)"
                )
            )
            connection.execute(
                text("INSERT INTO sides (id, match_id, position, name) VALUES (1, 1, 0, 'A'), (2, 1, 1, 'B')")
            )
            for hand in hands:
                connection.execute(
                    text(
                        "INSERT INTO hands (match_id, number, input, version, created_at, "
                        "updated_at) VALUES (1, :number, :input, 1, '2026-01-01', '2026-01-01')"
                    ),
                    {"number": hand["number"], "input": json.dumps(hand)},
                )
    return app
