"""The players' own words: no code of the rule data and no rule book's file name on a page players
read, no words of another language, numbers written the reader's way (as Babel writes them), and
plurals and the winner sentence that read naturally, in Spanish, English and French."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.numbers import format_decimal
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.models import Player
from scorekeeper.rules.registry import BOOKS, get_ruleset
from tests.helpers import SECOND_SIDE_GOES_OUT, Api, make_user
from tests.web.helpers import create, hand_form, logged_in, match_pages, post_hand
from tests.web.words import SEED, codes, full_match, seed_names, visible_text

LANGUAGES = ("es", "en", "fr")
#: Words of one language that must not show in another's pages (outside a quotation marked with
#: its own ``lang``): the Spanish names of canastas, a French way of going out, English glue.
FOREIGN = {
    "es": re.compile(r"\b(the|says|sortie|clean|dirty|concealed)\b", re.IGNORECASE),
    "en": re.compile(r"\b(limpia|sucia|oculta|abatiendo|dice|cartas|irse|cerrar|sortie)\b", re.IGNORECASE),
    "fr": re.compile(
        r"\b(the|says|limpia|sucia|oculta|abatiendo|dice|cartas|irse|cerrar|clean|dirty)\b", re.IGNORECASE
    ),
}


def snake_codes() -> set[str]:
    return {code for code in codes() if "_" in code or "." in code}


@pytest.fixture
def matches(app: Flask, client: FlaskClient, password_hash: str) -> dict[str, int]:
    _user, token = make_user(app, "ana", password_hash)
    api = Api(client, token)
    return {ruleset_id: full_match(api, ruleset_id) for ruleset_id in BOOKS}


def problems(html: str, language: str) -> list[str]:
    found = []
    forbidden = snake_codes()
    seeds = seed_names()
    for lang, text in visible_text(html, language):
        words = set(re.findall(r"[\w.]+", text))
        found += [f"code {code!r} in {text.strip()!r}" for code in forbidden & words]
        found += [f"book {name!r} in {text.strip()!r}" for name in seeds if name in text]
        found += [f"book number in {text.strip()!r}" for _m in SEED.finditer(text)]
        if lang == language and (foreign := FOREIGN[language].search(text)):
            found.append(f"{foreign.group(0)!r} in {text.strip()!r}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_code_or_book_file_on_the_match_pages(app: Flask, matches: dict[str, int], language: str):
    client = logged_in(app, "ana", language)
    seen = []
    for ruleset_id, match_id in matches.items():
        for url in match_pages(match_id):
            response = client.get(url)
            if response.status_code == 404:
                continue  # a page this rule set does not have
            assert response.status_code == 200, url
            seen.append(url)
            assert problems(response.get_data(as_text=True), language) == [], (ruleset_id, url)
    for url in ["/", "/matches/new", "/players", "/transfer"]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert problems(response.get_data(as_text=True), language) == [], url
    with app.app_context():
        player_ids = [p.id for p in Player.query.all()]
    for player_id in player_ids:
        page = client.get(f"/players/{player_id}").get_data(as_text=True)
        assert problems(page, language) == [], player_id
    assert len(seen) >= 6 * len(matches)


def test_the_checks_catch_a_code_a_book_and_a_foreign_word():
    assert problems("<p>Cerró con escala_real</p>", "es")
    assert problems("<p>Fuente: 004_c6a2eff7a226bedd.txt</p>", "es")
    assert problems("<p>Tirer deux cartes (000 dice 100, 004 dice 50)</p>", "fr")
    assert problems("<p>Canasta pure (limpia)</p>", "fr")
    assert problems('<p>Le livre : <q lang="es">Canasta limpia</q></p>', "fr") == []
    assert problems("<script>var escala_real;</script><p>Ok</p>", "es") == []


def number(value: int, language: str) -> str:
    """Babel's writing, with CLDR's minimum grouping digits (2 in Spanish: 6825, but 10.000)."""
    short = language == "es" and abs(value) < 10_000
    return format_decimal(value, locale=language, group_separator=not short)


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("es", ["6825", "10.000", "-1500", "15.000"]),
        ("en", ["6,825", "10,000", "-1,500", "15,000"]),
        ("fr", ["6\u202f825", "10\u202f000", "-1\u202f500", "15\u202f000"]),
    ],
)
def test_numbers_follow_cldr_in_each_language(app: Flask, language: str, written: list[str]) -> None:
    from scorekeeper.vocabulary import number as shown

    values = (6825, 10_000, -1500, 15_000)
    with app.test_request_context(headers={"Cookie": f"lang={language}"}):
        assert [shown(n) for n in values] == written
        assert [shown(n) for n in values] == [number(n, language) for n in values]


def ana_match(app: Flask, client: FlaskClient, password_hash: str, **body: Any) -> tuple[Api, int]:
    """``ana``'s API and a new match of hers, Nosotros against Ellos, with ``body``'s settings."""
    _user, token = make_user(app, "ana", password_hash)
    api = Api(client, token)
    sides = [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva", "Juan"]}]
    return api, api.post("/matches", {**body, "sides": sides}).json["id"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_scores_are_written_the_readers_way(
    app: Flask, client: FlaskClient, password_hash: str, language: str
):
    api, match_id = ana_match(app, client, password_hash, ruleset="samba")
    hand = {
        "number": 1,
        "went_out": 0,
        "going_out_kind": "normal",
        "sides": [
            {"melds": 1225, "hand": 0, "canastas": {"clean": 2, "samba": 1}},
            {"melds": 400, "hand": 85, "canastas": {}},
        ],
    }
    assert api.post(f"/matches/{match_id}/hands", hand).status_code == 201
    totals = [side["total"] for side in api.get(f"/matches/{match_id}").json["sides"]]
    assert totals[0] >= 1000
    reader = logged_in(app, "ana", language)
    board = reader.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f">{number(totals[0], language)}</p>" in board  # the big total
    assert number(10000, language) in board  # the target
    assert f"+{number(totals[0], language)}" in board  # the hand's score, signed
    charts = reader.get(f"/matches/{match_id}/charts").get_data(as_text=True)
    assert f"<td>{number(totals[0], language)}" in charts
    history = reader.get("/").get_data(as_text=True)
    assert number(totals[0], language) in history and number(10000, language) in history
    # Inputs, CSV and JSON keep plain numbers.
    form = reader.get(f"/matches/{match_id}/hands/1/edit").get_data(as_text=True)
    assert 'value="1225"' in form
    assert str(totals[0]) in reader.get(f"/matches/{match_id}/export.csv").get_data(as_text=True)


#: Ellos are two players: the verb agrees with them (tests/web/test_agreement.py: one player).
WINNER = {"es": "Ganaron Ellos", "en": "Ellos won the match", "fr": "Ellos ont gagné la partie"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_winner_sentence_reads_naturally(
    app: Flask, client: FlaskClient, password_hash: str, language: str
):
    api, match_id = ana_match(app, client, password_hash, ruleset="classic", target=100)
    response = api.post(f"/matches/{match_id}/hands", SECOND_SIDE_GOES_OUT)
    assert response.status_code == 201, response.json
    reader = logged_in(app, "ana", language)
    board = reader.get(f"/matches/{match_id}").get_data(as_text=True)
    assert WINNER[language] in board
    assert "Ellos ganó" not in board


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("es", "al menos 1 canasta.", "al menos 2 canastas."),
        ("en", "at least 1 canasta.", "at least 2 canastas."),
        ("fr", "au moins 1 canasta.", "au moins 2 canastas."),
    ],
)
def test_plurals_in_the_rules_messages(app: Flask, language: str, one: str, two: str):
    from scorekeeper.i18n import translated_errors
    from scorekeeper.rules.errors import ErrorCollector, N_plural, ValidationError

    forms = N_plural(
        "To go out in {ruleset} a side needs at least {count} canasta.",
        "To go out in {ruleset} a side needs at least {count} canastas.",
    )
    for count, expected in ((1, one), (2, two)):
        errors = ErrorCollector()
        errors.add_count("went_out", forms, count, ruleset=get_ruleset("classic", {}).name)
        with app.test_request_context(headers={"Cookie": f"lang={language}"}):
            message = translated_errors(ValidationError(errors.errors))["went_out"][0]
        assert message.endswith(expected), message
        assert "(s)" not in message


def test_an_error_names_a_canasta_kind_in_the_readers_words(app: Flask, password_hash: str):
    """Canastón needs a clean and a dirty canasta to go out; the error names them, not their codes."""
    make_user(app, "ana", password_hash)
    client = logged_in(app, "ana", "es")
    match_id = create(client, "canaston")
    data = hand_form(1, 0, {"melds": 300, "hand": 0}, {"melds": 100, "hand": 20})
    page = post_hand(client, match_id, data).get_data(as_text=True)
    assert "al menos una canasta limpia" in page
    assert "de tipo" not in page and "del tipo" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_code_or_book_file_on_the_referee_pages(app: Flask, matches: dict[str, int], language: str):
    client = logged_in(app, "ana", language)
    found = []
    for match_id in matches.values():
        for url in (f"/matches/{match_id}/penalties", f"/matches/{match_id}/rules"):
            response = client.get(url)
            assert response.status_code == 200, url
            found += problems(response.get_data(as_text=True), language)
    assert found == []
