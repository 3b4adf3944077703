"""The running totals of players and partnerships (scorekeeper.running_totals) always equal the sums of the
sides' stored figures, whatever the services did to the matches and in whatever order: hands added,
edited and deleted (a best hand falling included), matches imported, players merged."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import Match, Player, PlayerTotal, as_utc
from scorekeeper.rules import ValidationError
from scorekeeper.services.export_formats import export_json, read_export
from scorekeeper.services.player_reads import partnerships_of, player_stats
from scorekeeper.services.transfer import store_matches
from scorekeeper.services.transfer_reads import owned_matches
from scorekeeper.stats import COUNTS, BestHand
from tests.helpers import (
    CANASTON_HANDS,
    M1_HANDS,
    M3_HANDS,
    assert_totals_add_up,
    hand,
    make_user,
    new_match,
    stored_totals,
)

# --- A random history ------------------------------------------------------------------------------

SEATINGS = [
    [["Ana", "Luis"], ["Eva", "Juan"]],
    [["Eva", "Ana"], ["Luis", "Sol"]],
    [["Ana", "Luis", "Eva"], ["Juan", "Sol", "Pía"]],
    [["Ana"], ["Eva"]],
    [["Anita", "Lucho"], ["Eva", "Juan"]],  # Ana and Luis again, under other names: to be merged
]
POOLS = {"classic": [*M1_HANDS, *M3_HANDS, hand(1, None, {}, {})], "canaston": CANASTON_HANDS}


def _hand(rng: random.Random, ruleset: str, number: int) -> dict[str, Any]:
    return {**rng.choice(POOLS[ruleset]), "number": number}


def _new_match(rng: random.Random, owner: int) -> None:
    ruleset = rng.choice(["classic", "canaston"])
    seating = SEATINGS[0] if ruleset == "canaston" else rng.choice(SEATINGS)
    new_match(owner, seating, ruleset, target=rng.choice([2000, 15000]))


def _step(rng: random.Random, owner: int) -> None:
    """One random change through the services; one the rules refuse changes nothing."""
    matches = list(db.session.scalars(select(Match).where(Match.club_id == owner).order_by(Match.id)))
    action = rng.choice(["new", "add", "add", "add", "edit", "edit", "delete", "import", "merge", "merge"])
    if action == "new" or not matches:
        _new_match(rng, owner)
        return
    match = rng.choice(matches)
    try:
        if action == "add":
            services.add_hand(match, _hand(rng, match.ruleset, len(match.hands) + 1))
        elif action == "edit" and match.hands:
            number = rng.randint(1, len(match.hands))
            services.replace_hand(match, number, _hand(rng, match.ruleset, number))
        elif action == "delete" and match.hands:
            services.delete_last_hand(match, len(match.hands))
        elif action == "import":
            raw = export_json(
                [services.view(m) for m in rng.sample(matches, min(3, len(matches)))], datetime.now(UTC)
            )
            store_matches(owner, read_export(raw.encode()).matches)
        elif action == "merge":  # the first of the shuffled pairs that never sat in one match
            players = services.players_of(owner)
            pairs = [(a.id, b.id) for a in players for b in players if a.id != b.id]
            for keep, gone in rng.sample(pairs, len(pairs)):
                try:
                    services.merge_players(owner, keep, gone)
                    break
                except ValidationError:
                    continue
    except (ValidationError, services.Conflict):
        db.session.rollback()


@pytest.mark.parametrize("seed", range(4))
def test_totals_follow_every_change(app: Flask, password_hash: str, seed: int) -> None:
    owner = make_user(app, "ana", password_hash)[0]
    rng = random.Random(seed)
    with app.app_context():
        for _ in range(120):
            _step(rng, owner)
            assert_totals_add_up(owner)
        assert db.session.scalar(select(PlayerTotal.player_id).limit(1)) is not None  # something was counted


def test_a_best_hand_that_falls_gives_way_to_the_next(app: Flask, password_hash: str) -> None:
    owner = make_user(app, "ana", password_hash)[0]
    with app.app_context():
        first = new_match(owner, SEATINGS[0])
        services.add_hand(first, M1_HANDS[0])  # Ana's side: 900
        second = new_match(owner, SEATINGS[0])
        services.add_hand(second, M3_HANDS[0])  # Ana's side: 1100, her best
        ana = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        best = player_stats(owner, ana).best
        assert best is not None and (best.score, best.match_id) == (1100, second.id)

        services.replace_hand(second, 1, hand(1, None, {"melds": 100}, {}))  # now 100: the 900 is best
        assert player_stats(owner, ana).best == BestHand(900, first.id, 1, as_utc(first.created_at))
        services.delete_last_hand(first, 1)  # no 900 left: back to the 100
        best = player_stats(owner, ana).best
        assert best is not None and (best.score, best.match_id) == (100, second.id)
        assert_totals_add_up(owner)


def test_a_merge_moves_the_totals_and_the_partnerships(app: Flask, password_hash: str) -> None:
    owner = make_user(app, "ana", password_hash)[0]
    with app.app_context():
        for players in (["Ana", "Luis"], ["Ana", "Lucho"]):
            match = new_match(owner, [players, ["Eva", "Juan"]])
            services.add_hand(match, M1_HANDS[0])
        ids = {p.name: p.id for p in services.players_of(owner)}
        services.merge_players(owner, ids["Luis"], ids["Lucho"])
        (partnership,) = partnerships_of(owner, ids["Ana"])
        assert partnership.names == ("Ana", "Luis") and partnership.stats.matches == 2
        assert player_stats(owner, ids["Luis"]).points == 2 * 900
        assert db.session.scalar(select(PlayerTotal).where(PlayerTotal.player_id == ids["Lucho"])) is None
        assert_totals_add_up(owner)


def test_an_imported_history_has_the_same_statistics(app: Flask, password_hash: str) -> None:
    """One import stores many matches in one transaction, several of them with the same players."""
    ana = make_user(app, "ana", password_hash)[0]
    eva = make_user(app, "eva", password_hash)[0]
    rng = random.Random(7)
    with app.app_context():
        for _ in range(80):
            _step(rng, ana)
        exported = [services.view(m) for m in owned_matches(ana)]  # oldest first, as the export page
        store_matches(eva, read_export(export_json(exported, datetime.now(UTC)).encode()).matches)
        assert_totals_add_up(eva)

        def by_name(owner: int) -> dict[str, tuple[Any, ...]]:
            found = {}
            for player in services.players_of(owner):
                stats = player_stats(owner, player.id)
                best = stats.best and (stats.best.score, stats.best.hand_number, stats.best.created_at)
                found[player.name] = (*(getattr(stats, name) for name in COUNTS), dict(stats.canastas), best)
            return found

        assert by_name(eva) == by_name(ana)


def test_an_earlier_hand_with_the_same_best_score_becomes_the_best(app: Flask, password_hash: str) -> None:
    owner = make_user(app, "ana", password_hash)[0]
    with app.app_context():
        match = new_match(owner, [["Ana"], ["Eva"]])
        services.add_hand(match, hand(1, None, {"melds": 100}, {}))
        services.add_hand(match, hand(2, None, {"melds": 400}, {}))
        ana = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        assert (player_stats(owner, ana).best or BestHand(0, 0, 0, datetime.now(UTC))).hand_number == 2
        services.replace_hand(match, 1, hand(1, None, {"melds": 400}, {}))  # the first hand of 400
        assert player_stats(owner, ana).best == BestHand(400, match.id, 1, as_utc(match.created_at))


def test_a_merge_leaves_other_accounts_alone(app: Flask, password_hash: str) -> None:
    ana, eva = (make_user(app, name, password_hash)[0] for name in ("ana", "eva"))
    with app.app_context():
        for owner in (ana, eva):
            for seating in (SEATINGS[0], SEATINGS[-1]):  # Ana and Luis, then Anita and Lucho
                match = new_match(owner, seating)
                services.add_hand(match, M1_HANDS[0])
        before = stored_totals(eva)
        ids = {p.name: p.id for p in services.players_of(ana)}
        services.merge_players(ana, ids["Ana"], ids["Anita"])
        assert_totals_add_up(ana)
        assert stored_totals(eva) == before


def test_a_merge_changes_the_matches_whose_seats_move(app: Flask, password_hash: str) -> None:
    """A device that loaded one of them before the merge gets a conflict, not a hand counted for
    a player that is gone."""
    owner = make_user(app, "ana", password_hash)[0]
    with app.app_context():
        first, moved = new_match(owner, SEATINGS[0]), new_match(owner, SEATINGS[-1])
        revisions = (first.revision, moved.revision)
        ids = {p.name: p.id for p in services.players_of(owner)}
        services.merge_players(owner, ids["Ana"], ids["Anita"])
        db.session.expire_all()
        assert (first.revision, moved.revision) == (revisions[0], revisions[1] + 1)


def test_sums_past_32_bits(app: Flask, password_hash: str) -> None:
    """Custom penalties of 10,000 x 99 in every hand: a match of negative totals never ends, and its
    sums pass 2**31 (PostgreSQL keeps them in 64-bit columns)."""
    owner = make_user(app, "ana", password_hash)[0]
    huge = {"code": "custom", "points": 10_000, "count": 99, "description": "x"}
    with app.app_context():
        match = new_match(owner, SEATINGS[0])
        for number in range(1, 5):
            services.add_hand(match, hand(number, None, {"penalties": [huge] * 600}, {}))
        ana = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
        stats = player_stats(owner, ana)
        assert (stats.points, stats.penalty_points) == (-4 * 600 * 990_000, 4 * 600 * 990_000)
        assert stats.points < -(2**31)
        assert_totals_add_up(owner)


@pytest.mark.parametrize("seed", range(3))
def test_deleting_a_match_takes_out_what_it_counted_for(app: Flask, password_hash: str, seed: int) -> None:
    """After a random history, deleting any one match leaves the totals equal to those added up from
    nothing over the matches that are left (best hands and partnerships' latest sides included)."""
    owner = make_user(app, "ana", password_hash)[0]
    rng = random.Random(100 + seed)
    with app.app_context():
        for _ in range(60):
            _step(rng, owner)
        matches = list(db.session.scalars(select(Match).where(Match.club_id == owner).order_by(Match.id)))
        # The newest match holds most partnerships' latest sides; a random one tries the rest.
        for gone in (matches[-1], rng.choice(matches[:-1])):
            services.delete_match(services.get_match(owner, gone.id))
            assert_totals_add_up(owner)
            assert db.session.get(Match, gone.id) is None
