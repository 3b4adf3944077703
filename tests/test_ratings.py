"""Ratings (docs/api.md, "Ratings"): stored ratings equal a replay of the account's finished matches
through OpenSkill's ``PlackettLuce()``, whatever changed the matches; reads are a fixed number of
statements; predictions; bad input; one account never sees another's ratings."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import ALL_RULESETS, Match, Player, PlayerRating
from scorekeeper.rules import ValidationError
from scorekeeper.services import players as player_service
from scorekeeper.services.export_formats import read_export
from scorekeeper.services.transfer import store_matches
from tests.helpers import Api, counting, export_document, hand, make_user
from tests.web.helpers import logged_in

#: One hand that ends a match of target 500: 1100 against -100 (tests/helpers.py, M3), and the same
#: the other way round.
WIN_A = hand(1, 0, {"melds": 200, "canastas": {"clean": 1, "dirty": 1}}, {"melds": 100, "hand": 200})
WIN_B = hand(1, 1, {"melds": 100, "hand": 200}, {"melds": 200, "canastas": {"clean": 1, "dirty": 1}})
#: A hand that ends nothing at target 500: 300 against 150.
SMALL = hand(1, None, {"melds": 200, "red_threes": 1}, {"melds": 150})


def sides(*teams: list[str]) -> list[dict[str, Any]]:
    return [{"name": f"S{i}", "players": list(team)} for i, team in enumerate(teams)]


def play(api: Api, teams: list[list[str]], hands: list[dict[str, Any]], ruleset: str = "classic") -> int:
    """A match of ``teams`` (target 500) with ``hands`` entered through the API."""
    answer = api.post("/matches", {"ruleset": ruleset, "target": 500, "sides": sides(*teams)})
    assert answer.status_code == 201, answer.get_json()
    match_id = int(answer.get_json()["id"])
    for number, body in enumerate(hands, start=1):
        reply = api.post(f"/matches/{match_id}/hands", {**body, "number": number})
        assert reply.status_code == 201, reply.get_json()
    return match_id


def by_openskill(history: list[tuple[list[list[str]], list[int]]]) -> dict[str, tuple[float, float, int]]:
    """Each player's (mu, sigma, matches) after ``history`` (teams, totals), OpenSkill called directly."""
    model = PlackettLuce()
    now: dict[str, Any] = {}
    count: dict[str, int] = {}
    for teams, totals in history:
        teams_now = [[now.setdefault(n, model.rating()) for n in team] for team in teams]
        rated = model.rate(teams_now, scores=totals)
        for team, after in zip(teams, rated, strict=True):
            for name, rating in zip(team, after, strict=True):
                now[name] = rating
                count[name] = count.get(name, 0) + 1
    return {name: (r.mu, r.sigma, count[name]) for name, r in now.items()}


def test_the_ratings_are_openskill_over_the_finished_matches_in_order(api: Api) -> None:
    """Three finished matches (one of Canastón) and one open: the API's ratings equal OpenSkill's
    over the finished ones in creation order, best first, and the Canastón ladder holds its match alone."""
    play(api, [["Ana", "Luis"], ["Eva", "Juan"]], [WIN_A])
    play(api, [["Ana", "Eva"], ["Luis", "Juan"]], [WIN_B])
    play(api, [["Ana", "Juan"], ["Eva", "Luis"]], [SMALL])  # open: not rated
    play(api, [["Ana", "Juan"], ["Eva", "Luis"]], [WIN_A], ruleset="canaston")
    classic = [
        ([["Ana", "Luis"], ["Eva", "Juan"]], [1100, -100]),
        ([["Ana", "Eva"], ["Luis", "Juan"]], [-100, 1100]),
    ]
    canaston = [([["Ana", "Juan"], ["Eva", "Luis"]], list(play_totals(api)))]
    for path, history in (("/ratings", classic + canaston), ("/ratings?ruleset=canaston", canaston)):
        expected = by_openskill(history)
        got = api.get(path).get_json()
        assert [row["player"] for row in got] == sorted(
            expected, key=lambda n: (-(expected[n][0] - 3 * expected[n][1]), n)
        )
        for row in got:
            mu, sigma, matches = expected[row["player"]]
            assert row["mu"] == pytest.approx(mu, abs=1e-9)
            assert row["sigma"] == pytest.approx(sigma, abs=1e-9)
            assert row["ordinal"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
            assert row["matches"] == matches
    assert api.get("/ratings?ruleset=samba").get_json() == []
    assert api.get("/ratings?ruleset=nope").status_code == 404
    assert api.get("/ratings?ruleset=").status_code == 404


def play_totals(api: Api) -> list[int]:
    latest = api.get("/matches").get_json()[0]
    return [side["total"] for side in latest["sides"]]


def test_predictions_bad_input_and_accounts_apart(api: Api, other_api: Api) -> None:
    play(api, [["Ana", "Luis"], ["Eva", "Juan"]], [WIN_A])
    win = api.post("/ratings/predict", {"sides": [["Ana", "Luis"], ["Eva", "Juan"]], "ruleset": None})
    assert win.status_code == 200
    model = PlackettLuce()
    rated = by_openskill([([["Ana", "Luis"], ["Eva", "Juan"]], [1100, -100])])
    teams = [[model.rating(*rated[n][:2]) for n in t] for t in (["Ana", "Luis"], ["Eva", "Juan"])]
    assert win.get_json()["win"] == pytest.approx(model.predict_win(teams))
    # Unknown names, and every name for another account, are at the default: an even chance.
    even = {"sides": [["Ana", "Luis"], ["Eva", "Juan"]]}
    assert other_api.post("/ratings/predict", even).get_json()["win"] == pytest.approx([0.5, 0.5])
    assert api.post("/ratings/predict", {"sides": [["Zoe"], ["Max"]]}).get_json()["win"] == [0.5, 0.5]
    assert other_api.get("/ratings").get_json() == []
    bad = [
        ({"sides": [["Ana", "Luis"], ["Eva", "Ana"]]}, "sides.1.1"),
        ({"sides": [["Ana"], ["Eva"]], "ruleset": "nope"}, "ruleset"),
        ({"sides": [["Ana"]]}, "sides"),
        ({"sides": [["Ana"], [7]]}, "sides.1.0"),
        ({"sides": [["Ana"], []]}, "sides.1"),
        ([1], "_"),
    ]
    for body, path in bad:
        answer = api.post("/ratings/predict", body)
        assert answer.status_code == 422, body
        assert path in answer.get_json()["errors"], answer.get_json()


# --- Always equal to a replay, whatever changed -------------------------------------------------------


def replayed(owner: int) -> dict[tuple[str, str], tuple[float, float, int]]:
    """The account's ratings by OpenSkill called on its finished matches as stored now, per scope."""
    matches = db.session.scalars(
        select(Match)
        .where(Match.club_id == owner, Match.finished.is_(True))
        .order_by(Match.created_at, Match.id)
    ).all()
    found = {}
    for scope in (ALL_RULESETS, *sorted({m.ruleset for m in matches})):
        history = [
            ([s.player_names for s in m.sides], list(m.totals))
            for m in matches
            if scope in (ALL_RULESETS, m.ruleset)
        ]
        found |= {(scope, name): value for name, value in by_openskill(history).items()}
    return found


def stored(owner: int) -> dict[tuple[str, str], tuple[float, float, int]]:
    rows = db.session.execute(
        select(PlayerRating.scope, Player.name, PlayerRating.mu, PlayerRating.sigma, PlayerRating.matches)
        .join(Player, Player.id == PlayerRating.player_id)
        .where(PlayerRating.club_id == owner)
    )
    return {(scope, name): (mu, sigma, n) for scope, name, mu, sigma, n in rows}


def assert_close(got: dict[Any, Any], want: dict[Any, Any]) -> None:
    assert set(got) == set(want)
    for key, (mu, sigma, n) in want.items():
        assert got[key] == (pytest.approx(mu, abs=1e-9), pytest.approx(sigma, abs=1e-9), n), key


NAMES = ["Ana", "Luis", "Eva", "Juan", "Sol"]
USERS = itertools.count()

edits = st.lists(
    st.one_of(
        st.tuples(
            st.just("new"),
            st.permutations(NAMES),
            st.sampled_from(["classic", "canaston"]),
            st.sampled_from(["a", "b", "open"]),
        ),
        st.tuples(st.just("correct"), st.integers(0, 9), st.sampled_from(["a", "b"])),
        st.tuples(st.just("undo"), st.integers(0, 9)),
        st.tuples(st.just("finish"), st.integers(0, 9), st.sampled_from(["a", "b"])),
        st.tuples(st.just("delete"), st.integers(0, 9)),
        st.tuples(st.just("merge"), st.sampled_from(NAMES), st.sampled_from(NAMES)),
        st.tuples(st.just("rename"), st.sampled_from(NAMES)),
        st.tuples(st.just("import"), st.integers(0, 30)),
    ),
    min_size=4,
    max_size=12,
)

FINISH = {"a": WIN_A, "b": WIN_B, "open": SMALL}


def _apply(owner: int, edit: tuple[Any, ...], ids: list[int]) -> None:
    kind = edit[0]
    match = (
        services.get_match(owner, ids[edit[1] % len(ids)])
        if kind in {"correct", "undo", "finish", "delete"} and ids
        else None
    )
    if kind == "new":
        names, ruleset, result = edit[1], edit[2], edit[3]
        created = services.create_match(
            owner, {"ruleset": ruleset, "target": 500, "sides": sides(list(names[:2]), list(names[2:4]))}
        )
        services.add_hand(created, {**FINISH[result], "number": 1})
        ids.append(created.id)
    elif kind == "import":  # three matches of a past day: rated before those entered today
        document = export_document(3, datetime(2024, 1, 1, tzinfo=UTC) + timedelta(days=edit[1]))
        ids.extend(store_matches(owner, read_export(json.dumps(document).encode()).matches))
    elif match is None:
        return
    elif kind == "correct" and match.hands:
        services.replace_hand(match, len(match.hands), {**FINISH[edit[2]], "number": len(match.hands)})
    elif kind == "undo" and match.hands:
        services.delete_last_hand(match, len(match.hands))
    elif kind == "finish" and not match.finished:
        services.add_hand(match, {**FINISH[edit[2]], "number": len(match.hands) + 1})
    elif kind == "delete":
        services.delete_match(match)
        ids.remove(match.id)
    _people(owner, edit)


def _people(owner: int, edit: tuple[Any, ...]) -> None:
    found = {p.name: p.id for p in db.session.scalars(select(Player).where(Player.club_id == owner))}
    if edit[0] == "merge" and edit[1] in found and edit[2] in found:
        with contextlib.suppress(ValidationError):  # the same player, or both in one match
            player_service.merge_players(owner, found[edit[1]], found[edit[2]])
    elif edit[0] == "rename" and edit[1] in found:
        player_service.rename_player(owner, found[edit[1]], edit[1] + "2")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits)
def test_stored_ratings_equal_a_fresh_replay_after_random_edits(
    app: Flask, password_hash: str, runner: FlaskCliRunner, changes: list[tuple[Any, ...]]
) -> None:
    owner, _ = make_user(app, f"r{next(USERS)}", password_hash)
    with app.app_context():
        ids: list[int] = []
        for edit in changes:
            _apply(owner, edit, ids)
            db.session.expire_all()
        assert_close(stored(owner), replayed(owner))
        before = stored(owner)
    result = runner.invoke(args=["ratings", "rebuild"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert_close(stored(owner), {k: v for k, v in before.items()})


# --- Pages ----------------------------------------------------------------------------------------------


def test_the_ladder_page_best_first_provisional_trend_and_partnerships(app: Flask, api: Api) -> None:
    play(api, [["Ana", "Luis"], ["Eva", "Juan"]], [WIN_A])
    play(api, [["Ana", "Luis"], ["Eva", "Sol"]], [WIN_A])
    page = logged_in(app, "ana")
    html = page.get("/players/ratings?min=2").get_data(as_text=True)
    names = re.findall(r'<th scope="row"><a href="/players/\d+">([^<]+)</a>', html)
    assert names == [row["player"] for row in api.get("/ratings").get_json()]
    assert names[:2] == ["Ana", "Luis"]  # two wins each
    row = lambda name: html[html.index(f">{name}</a>") :].split("</tr>")[0]  # noqa: E731
    assert "provisional" in row("Juan") and "provisional" not in row("Ana")  # 1 match < 2 <= 2 matches
    assert "▲" in row("Ana") and "▼" in row("Eva")
    pairs = html[html.index("Partnerships against the prediction") :]
    assert pairs.index("Ana · Luis") < pairs.index("Eva · Juan")  # won twice, one of them as favourites
    assert page.get("/players/ratings?ruleset=nope").status_code == 404
    bad = page.get("/players/ratings?min=abc")
    assert bad.status_code == 422 and 'value="abc"' in bad.get_data(as_text=True)
    assert "Enter a whole number from 1 to 1000." in bad.get_data(as_text=True)
    canaston = page.get("/players/ratings?ruleset=canaston").get_data(as_text=True)
    assert "No rated player yet" in canaston


def test_the_player_page_charts_the_rating_and_other_accounts_see_nothing(
    app: Flask, api: Api, other_api: Api
) -> None:
    play(api, [["Ana", "Luis"], ["Eva", "Juan"]], [WIN_A])
    page = logged_in(app, "ana")
    with app.app_context():
        ana = db.session.scalar(select(Player.id).where(Player.name == "Ana"))
    html = page.get(f"/players/{ana}").get_data(as_text=True)
    assert 'id="chart-rating-t">Rating of Ana</title>' in html
    assert ">2.4</td>" in html  # the ordinal after the match, 2.430
    other = other_api.get("/ratings")
    assert other.get_json() == []
    other_page = logged_in(app, "eva")  # other_api's account
    assert "Ana" not in other_page.get("/players/ratings").get_data(as_text=True)
    assert other_page.get(f"/players/{ana}").status_code == 404


# --- Cost -------------------------------------------------------------------------------------------


def rating_statements(statements: list[str]) -> list[str]:
    return [s for s in statements if "rating_steps" in s or "player_ratings" in s]


def test_a_hand_in_an_open_match_does_no_rating_work_and_reads_stay_constant(app: Flask, api: Api) -> None:
    """Adding a hand that finishes nothing sends no statement about ratings; finishing the newest
    match, and reading the ladder, a player page or a prediction, send as many statements after 3
    matches as after 15."""
    page = logged_in(app, "ana")

    def costs(first: int, count: int) -> tuple[int, ...]:
        for i in range(first, first + count):
            play(api, [["Ana", f"P{i}"], ["Eva", f"Q{i}"]], [WIN_A if i % 2 else WIN_B])
        match_id = play(api, [["Ana", "Luis"], ["Eva", "Juan"]], [])
        with counting(app) as open_hand:
            assert api.post(f"/matches/{match_id}/hands", {**SMALL, "number": 1}).status_code == 201
        assert rating_statements(open_hand) == []
        with counting(app) as finishing:
            assert api.post(f"/matches/{match_id}/hands", {**WIN_A, "number": 2}).status_code == 201
        assert rating_statements(finishing)
        found = [len(finishing)]
        for url in ("/players/ratings", "/players/1"):
            assert page.get(url).status_code == 200
            with counting(app) as read:
                assert page.get(url).status_code == 200
            found.append(len(read))
        with counting(app) as predicted:
            assert (
                api.post("/ratings/predict", {"sides": [["Ana", "Luis"], ["Eva", "Juan"]]}).status_code == 200
            )
        return (*found, len(predicted))

    assert costs(0, 2) == costs(2, 12)


def test_the_new_match_page_asks_for_the_chances_as_players_are_typed(app: Flask, api: Api) -> None:
    play(api, [["Ana", "Luis"], ["Eva", "Juan"]], [WIN_A])
    page = logged_in(app, "ana")
    assert 'data-chances="/matches/new/chances"' in page.get("/matches/new").get_data(as_text=True)
    url = "/matches/new/chances?ruleset=classic&side0=Ana&side0=Luis&side1=Eva&side1=Juan"
    answer = page.get(url).get_json()
    expected = api.post("/ratings/predict", {"sides": [["Ana", "Luis"], ["Eva", "Juan"]]}).get_json()["win"]
    assert answer["win"] == pytest.approx(expected)
    first, second = (f"{round(100 * chance)}%" for chance in expected)
    assert answer["text"] == f"Chance of winning, by the ratings: Side 1 {first} · Side 2 {second}."
    assert page.get("/matches/new/chances?side0=Ana").get_json() == {"win": [], "text": ""}
    twice = page.get("/matches/new/chances?side0=Ana&side1=Ana")
    assert twice.status_code == 422 and "sides.1.0" in twice.get_json()["errors"]
    assert page.get("/matches/new/chances?side0=A&side1=B&ruleset=nope").status_code == 422


#: American Canasta (RULES.md, "Correction of 2026-11-28"): side 0 falls to −5630, then wins at once
#: with a Dream Hand, behind at 2870 against 3530 (tests/rules/test_golden_american.py).
AMERICAN_LOW = hand(
    1,
    None,
    {
        "melds": 260,
        "hand": 70,
        "red_threes": 2,
        "penalties": [{"code": "unfinished_sevens"}, {"code": "unfinished_aces"}],
    },
    {"melds": 500, "hand": 40, "red_threes": 1, "canastas": {"clean": 2}},
)
DREAM = hand(
    2, 0, {"red_threes": 1}, {"melds": 700, "hand": 30, "red_threes": 2, "canastas": {"clean": 2}}
) | {"going_out_kind": "special_dream_4"}


def test_a_match_won_at_once_from_behind_is_rated_as_a_win(api: Api) -> None:
    """A Dream Hand wins the match whatever the totals: the winner is rated first (its score lifted
    one point above the top total), like any other win, and the loser last."""
    answer = api.post("/matches", {"ruleset": "american", "sides": sides(["Ana", "Luis"], ["Eva", "Juan"])})
    match_id = answer.get_json()["id"]
    for body in (AMERICAN_LOW, DREAM):
        assert api.post(f"/matches/{match_id}/hands", body).status_code == 201
    match = api.get(f"/matches/{match_id}").get_json()
    assert [s["total"] for s in match["sides"]] == [2870, 3530] and match["winner"] == 0
    expected = by_openskill([([["Ana", "Luis"], ["Eva", "Juan"]], [3531, 3530])])
    got = {row["player"]: row for row in api.get("/ratings").get_json()}
    for name, (mu, sigma, matches) in expected.items():
        assert got[name]["mu"] == pytest.approx(mu, abs=1e-9) and got[name]["matches"] == matches
        assert got[name]["sigma"] == pytest.approx(sigma, abs=1e-9)
    assert got["Ana"]["mu"] > got["Eva"]["mu"]
    # undo the Dream Hand: the match reopens and nobody is rated any more
    assert api.delete(f"/matches/{match_id}/hands/2").status_code == 200
    assert api.get("/ratings").get_json() == []
