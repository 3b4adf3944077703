"""The figures stored with each side, which are all the statistics read, equal what folding the match's
stored hands gives, after every change to the hands: a hand added, edited or deleted, a match imported."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.services.export_formats import export_json, read_export
from scorekeeper.services.transfer import store_matches
from scorekeeper.services.transfer_reads import owned_matches
from scorekeeper.stats import SideFigures, side_figures
from tests.helpers import CANASTON_HANDS as HANDS
from tests.helpers import hand, make_user

SIDES = [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]


def stored(club_id: int) -> list[list[SideFigures]]:
    """The figures stored with each side of the account's matches (oldest match first)."""
    db.session.expire_all()  # read what was committed, not what the session holds
    matches = db.session.scalars(select(Match).where(Match.club_id == club_id).order_by(Match.id))
    return [
        [
            SideFigures(
                s.points,
                s.went_out,
                s.penalty_count,
                s.penalty_points,
                {c.kind: c.count for c in sorted(s.canastas, key=lambda c: c.kind)},
                s.best_score,
                s.best_hand,
            )
            for s in m.sides
        ]
        for m in matches
    ]


def assert_stored_equal_folded(club_id: int) -> list[list[SideFigures]]:
    """The stored figures are those folding every match's stored hands afresh gives."""
    figures = stored(club_id)
    matches = db.session.scalars(select(Match).where(Match.club_id == club_id).order_by(Match.id))
    assert figures == [list(side_figures(mv.ruleset, mv.state)) for mv in map(services.view, matches)]
    return figures


@pytest.fixture
def ana(app: Flask, password_hash: str) -> int:
    return make_user(app, "ana", password_hash)[0]


def test_figures_follow_added_edited_and_deleted_hands(app: Flask, ana: int) -> None:
    with app.app_context():
        match = services.create_match(ana, {"ruleset": "canaston", "sides": SIDES})
        ((created, _other),) = assert_stored_equal_folded(ana)
        assert created == SideFigures()
        for data in HANDS:
            services.add_hand(match, data)
            assert_stored_equal_folded(ana)
        ((nosotros, _ellos),) = assert_stored_equal_folded(ana)
        assert dict(nosotros.canastas) == {"clean": 1, "dirty": 1, "escala": 1}  # not hand 1's escala
        assert (nosotros.went_out, nosotros.penalty_count, nosotros.penalty_points) == (1, 2, 200)

        services.replace_hand(
            match,
            2,
            hand(
                2,
                None,
                {"melds": 100, "canastas": {"escala_real": 1}},
                {"melds": 900, "canastas": {"clean": 2}},
            ),
        )
        ((nosotros, ellos),) = assert_stored_equal_folded(ana)
        assert dict(nosotros.canastas) == {} and nosotros.went_out == 0 and ellos.best_hand == 2

        for number in (3, 2, 1):
            services.delete_last_hand(match, number)
            assert_stored_equal_folded(ana)
        assert assert_stored_equal_folded(ana) == [[SideFigures(), SideFigures()]]


def test_imported_matches_have_their_figures(app: Flask, ana: int, password_hash: str) -> None:
    eva = make_user(app, "eva", password_hash)[0]
    with app.app_context():
        for target in (15000, 1000):
            match = services.create_match(ana, {"ruleset": "canaston", "target": target, "sides": SIDES})
            for data in HANDS[:2]:
                services.add_hand(match, data)
        raw = export_json([services.view(m) for m in owned_matches(ana)], datetime.now(UTC))
        store_matches(eva, read_export(raw.encode()).matches)
        assert assert_stored_equal_folded(eva) == stored(ana) != [[SideFigures()] * 2] * 2
