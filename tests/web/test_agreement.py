"""Real plurals and agreement in Spanish, English and French: the winner sentence agrees with the
number of players of the winning side, the count of penalties shown with the number shown, the
target reads naturally ("Canasta en 5 000 points"), and every rule set is named in the reader's
language wherever rule sets are named (the French rules were named in French in every language)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules.registry import get_ruleset
from tests.helpers import SECOND_SIDE_GOES_OUT, Api, make_user
from tests.web.helpers import logged_in

LANGUAGES = ("es", "en", "fr")


def finished_match(api: Api, sides: list[dict[str, Any]], ruleset: str = "classic") -> int:
    """A match of ``sides`` to 100 points that side 1 wins in its first hand."""
    match_id = int(api.post("/matches", {"ruleset": ruleset, "target": 100, "sides": sides}).json["id"])
    response = api.post(f"/matches/{match_id}/hands", SECOND_SIDE_GOES_OUT)
    assert response.status_code == 201, response.json
    return match_id


@pytest.fixture
def api(app: Flask, client: FlaskClient, password_hash: str) -> Api:
    _user, token = make_user(app, "ana", password_hash)
    return Api(client, token)


PAIR = [
    {"name": "Ana y Luis", "players": ["Ana", "Luis"]},
    {"name": "Lucía y Pablo", "players": ["Lucía", "Pablo"]},
]
ALONE = [{"name": "Ana", "players": ["Ana"]}, {"name": "Lucía", "players": ["Lucía"]}]


@pytest.mark.parametrize(
    ("language", "two", "one"),
    [
        ("es", "Ganaron Lucía y Pablo", "Ganó Lucía"),
        ("en", "Lucía y Pablo won the match", "Lucía won the match"),
        ("fr", "Lucía y Pablo ont gagné la partie", "Lucía a gagné la partie"),
    ],
)
def test_the_winner_sentence_agrees_with_the_winning_sides_players(
    app: Flask, api: Api, language: str, two: str, one: str
) -> None:
    pair, alone = finished_match(api, PAIR), finished_match(api, ALONE)
    reader = logged_in(app, "ana", language)
    board = reader.get(f"/matches/{pair}").get_data(as_text=True)
    assert two in board
    board = reader.get(f"/matches/{alone}").get_data(as_text=True)
    assert one in board
    assert two not in board


@pytest.mark.parametrize(
    ("language", "two", "one"),
    [
        ("es", "Terminada: ganaron Lucía y Pablo", "Terminada: ganó Lucía"),
        ("en", "Finished: Lucía y Pablo won", "Finished: Lucía won"),
        ("fr", "Terminée : Lucía y Pablo ont gagné", "Terminée : Lucía a gagné"),
    ],
)
def test_the_history_says_who_won_with_agreement(
    app: Flask, api: Api, language: str, two: str, one: str
) -> None:
    finished_match(api, PAIR)
    finished_match(api, ALONE)
    history = logged_in(app, "ana", language).get("/").get_data(as_text=True).replace("\xa0", " ")
    assert two in history
    assert one in history


#: The count above the penalties: (verb or words of one, of several), as each language says them.
COUNT = {
    "es": (r"Se muestra (\d+) de \d+ penalidades", r"Se muestran (\d+) de \d+ penalidades"),
    "en": (r"(\d+) of \d+ penalties shown", r"(\d+) of \d+ penalties shown"),
    "fr": (r"(\d+) pénalité affichée sur \d+", r"(\d+) pénalités affichées sur \d+"),
}


def shown_count(page: str, language: str) -> tuple[str, int]:
    """``("one" or "other", the number shown)`` read from the count line of the penalties page."""
    line = page.split("data-penalty-count", 1)[1].split("</p>", 1)[0].split(">", 1)[1]
    one, other = COUNT[language]
    if one != other and (found := re.search(one, line)):
        return "one", int(found.group(1))
    found = re.search(other, line)
    assert found, line
    return "other", int(found.group(1))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_count_of_penalties_shown_agrees_with_the_number(app: Flask, api: Api, language: str) -> None:
    match_id = finished_match(api, PAIR)
    reader = logged_in(app, "ana", language)
    url = f"/matches/{match_id}/penalties"
    form, shown = shown_count(reader.get(url).get_data(as_text=True), language)
    assert shown == len(get_ruleset("classic", {}).penalties) > 1
    assert form == "other"
    counts = {}
    titles = re.findall(r'<span class="ref-title">([^<]+)</span>', reader.get(url).get_data(as_text=True))
    for query in ["zzzz qqqq", *titles]:  # nothing found, then each penalty by its own name
        form, shown = shown_count(reader.get(url, query_string={"q": query}).get_data(as_text=True), language)
        counts[shown] = form
        if 1 in counts:
            break
    singular = {"es": {1}, "en": set(), "fr": {0, 1}}[language]
    assert {0, 1} <= set(counts)  # "Se muestran 0", "0 pénalité affichée"; "Se muestra 1"
    for shown, form in counts.items():
        assert form == ("one" if shown in singular else "other"), (shown, form)
    # Both forms go to the page's script, which counts again as the player types.
    page = reader.get(url).get_data(as_text=True)
    assert 'data-template-one="' in page and 'data-template="' in page


@pytest.mark.parametrize(
    ("language", "heading"),
    [("es", "a 5000 puntos"), ("en", "to 5,000"), ("fr", "en 5\u202f000 points")],
)
def test_the_target_reads_naturally(app: Flask, api: Api, language: str, heading: str) -> None:
    match_id = int(api.post("/matches", {"ruleset": "classic", "sides": PAIR}).json["id"])
    board = logged_in(app, "ana", language).get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'<small class="muted">{heading}</small>' in board


FRENCH_RULES = {
    "es": "Canasta (reglas francesas)",
    "en": "Canasta (French rules)",
    "fr": "Canasta (règles françaises)",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_set_is_named_in_the_readers_language(app: Flask, api: Api, language: str) -> None:
    match_id = int(api.post("/matches", {"ruleset": "francaise", "sides": PAIR}).json["id"])
    reader = logged_in(app, "ana", language)
    others = {name for lang, name in FRENCH_RULES.items() if lang != language}
    pages = ["/", "/matches/new", f"/matches/{match_id}", f"/matches/{match_id}/rules", "/players"]
    for url in pages:
        page = reader.get(url).get_data(as_text=True)
        assert [name for name in others if name in page] == [], url
    history = reader.get("/").get_data(as_text=True)
    assert f'<option value="francaise">{FRENCH_RULES[language]}</option>' in history  # the filter
    assert FRENCH_RULES[language] in reader.get(f"/matches/{match_id}").get_data(as_text=True)
    assert FRENCH_RULES[language] in reader.get("/matches/new").get_data(as_text=True)
