"""Referee pages: penalty table and its search, rules quick reference, opening checker; 404 for a match
of another account."""

from __future__ import annotations

import html
import re
from typing import Any, Final

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from scorekeeper import services
from scorekeeper.extensions import db
from scorekeeper.models import User
from scorekeeper.referee.entries import cite, without_book_numbers
from scorekeeper.referee.search import fold, matches
from scorekeeper.referee.statements import statements
from scorekeeper.rules import RULESET_IDS, get_ruleset
from scorekeeper.vocabulary import canasta_label, going_out_label
from tests.web.helpers import logged_in, new_match, post_form, text

#: A penalty's line: its code, the attributes after its search text (``hidden``), its content.
ROW = re.compile(r'<li id="penalty-(\w+)" class="ref-item[^"]*" data-search="[^"]*"([^>]*)>(.*?)</li>', re.S)


#: A classic hand that gives the first side exactly 1500: 700 melded + a clean canasta 500
#: + two red threes 200 + going out 100; the other side scores nothing.
HAND_1500: Final = {
    "went_out": 0,
    "going_out_kind": "normal",
    "sides": [{"melds": 700, "hand": 0, "red_threes": 2, "canastas": {"clean": 1}}, {"melds": 0, "hand": 0}],
}


def add_hand(app: Flask, match_id: int, hand: dict[str, Any]) -> tuple[int, ...]:
    """Store ``hand`` (numbered next) in the match; the new totals."""
    with app.app_context():
        owner = db.session.scalar(select(User.id).where(User.username == "ana"))
        assert owner is not None
        match = services.get_match(owner, match_id)
        _result, mv = services.add_hand(match, {"number": len(match.hands) + 1, **hand})
        return mv.state.totals


def penalty_rows(response: Any) -> dict[str, tuple[bool, str]]:
    """``{code: (shown, row text)}`` of the penalty table."""
    page = response.get_data(as_text=True)
    return {
        code: (" hidden" not in attrs, " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cells)).split()))
        for code, attrs, cells in ROW.findall(page)
    }


# Penalty table


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_penalty_table_lists_every_penalty_with_points_words_and_source(app, user_client, ruleset_id):
    match_id = new_match(app, ruleset_id)
    response = user_client.get(f"/matches/{match_id}/penalties")
    assert response.status_code == 200
    rows = penalty_rows(response)
    rs = get_ruleset(ruleset_id)
    assert list(rows) == [p.code for p in rs.penalties]
    for penalty in rs.penalties:
        shown, row = rows[penalty.code]
        assert shown
        assert row.startswith(f"−{penalty.points:,} ")  # the page's language (English) groups thousands
        assert without_book_numbers(penalty.description) in row and penalty.quote in row
        assert all(part in row for part in cite(penalty.source).striptags().split("; ")) and ".txt" not in row
    page = response.get_data(as_text=True)
    assert page.count("<details>") >= len(rs.penalties)  # each penalty opens on its quote
    assert "Custom penalty" in text(response) and "a multiple of 5" in text(response)


def test_penalty_quotes_are_marked_with_the_book_language(app, user_client):
    french = user_client.get(f"/matches/{new_match(app, 'francaise')}/penalties").get_data(as_text=True)
    spanish = user_client.get(f"/matches/{new_match(app, 'samba')}/penalties").get_data(as_text=True)
    assert 'class="ref-quote" lang="fr"' in french and 'class="ref-quote" lang="es"' not in french
    assert 'class="ref-quote" lang="es"' in spanish and 'class="ref-quote" lang="fr"' not in spanish


@pytest.mark.parametrize(("lang", "written"), [("en", "from 5 to 10,000"), ("es", "de 5 a 10.000")])
def test_the_custom_penalty_limits_are_written_the_readers_way(app, user_client, lang, written):
    user_client.set_cookie("lang", lang)
    assert written in text(user_client.get(f"/matches/{new_match(app)}/penalties"))


def test_house_rule_changes_the_penalty_points(app, user_client):
    book = penalty_rows(user_client.get(f"/matches/{new_match(app)}/penalties"))
    assert book["drew_two_cards"][1].startswith("−50 ")
    house = new_match(app, house_rules={"penalties.drew_two_cards": 100})
    rows = penalty_rows(user_client.get(f"/matches/{house}/penalties"))
    assert rows["drew_two_cards"][1].startswith("−100 ")
    reference = text(user_client.get(f"/matches/{house}/rules"))
    assert "House rules of this match" in reference
    assert "Penalty: Drawing two cards instead of one 100" in reference and "penalties." not in reference


@pytest.mark.parametrize(
    ("ruleset_id", "lapses"), [("classic", True), ("samba", True), ("canaston", False), ("francaise", False)]
)
def test_lapse_rule_only_where_the_book_has_it(app, user_client, ruleset_id, lapses):
    page = text(user_client.get(f"/matches/{new_match(app, ruleset_id)}/penalties"))
    assert ("lapse if nobody points it out before the next player finishes their turn" in page) == lapses
    assert ("prescriben" in page) == lapses


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("pozo turno", {"took_pile_out_of_turn"}),  # every word must occur
        ("POZO FUERA turno", {"took_pile_out_of_turn"}),
        ("compañero exponer", {"melded_in_partner_turn"}),  # the book's words
        ("companero exponer", {"melded_in_partner_turn"}),
        ("zzz nothing", set()),
    ],
)
def test_search_filters_rows_accents_and_case_ignored(app, user_client, query, expected):
    response = user_client.get(f"/matches/{new_match(app)}/penalties", query_string={"q": query})
    rows = penalty_rows(response)
    assert {code for code, (shown, _row) in rows.items() if shown} == expected
    assert len(rows) == len(get_ruleset("classic").penalties)  # hidden rows stay for the live search
    page = response.get_data(as_text=True)
    assert f'value="{html.escape(query)}"' in page
    assert ("data-penalty-none hidden" in page) == bool(expected)


def test_search_in_french_book_words(app, user_client):
    response = user_client.get(f"/matches/{new_match(app, 'francaise')}/penalties?q=etalement")
    shown = {code for code, (visible, _row) in penalty_rows(response).items() if visible}
    assert shown == {"opening_below_minimum"}  # "Étalement d'un nombre inférieur..."


def test_fold_and_match_ignore_accents_case_and_spacing():
    assert fold("  Barajá   ÑANDÚ ") == "baraja nandu"
    assert matches("baraja", fold("la barajá")) and matches("BARAJÁ", fold("la baraja"))
    assert matches("", "anything") and not matches("pozo mazo", fold("el pozo"))


# Rules quick reference


@pytest.mark.parametrize(
    ("ruleset_id", "bands", "condition"),
    [
        (
            "classic",
            ["Below 0 15", "0 to 1,495 50", "1,500 to 2,995 90", "3,000 and above 120"],
            "Positive if the side has at least 1 completed canasta, otherwise negative.",
        ),
        (
            "samba",
            ["Below 0 15", "0 to 1,495 50", "1,500 to 2,995 90", "3,000 and above 120"],
            "Positive if the side has at least 2 canastas or sambas (any mix), otherwise negative.",
        ),
        (
            "canaston",
            [
                "Below 0 15",
                "1,500 to 2,995 90",
                "3,000 to 4,995 120",
                "5,000 to 7,495 150",
                "7,500 and above 180",
            ],
            "Positive if the side has at least 1 completed canasta, otherwise negative.",
        ),
        (
            "francaise",
            ["Below 0 0 (no minimum)", "0 to 1,495 50", "3,000 and above 120"],
            "Positive if the side has opened (melded) during the hand, otherwise negative.",
        ),
    ],
)
def test_reference_shows_bands_red_threes_and_pile_rules(app, user_client, ruleset_id, bands, condition):
    response = user_client.get(f"/matches/{new_match(app, ruleset_id)}/rules")
    assert response.status_code == 200
    page = text(response)
    for band in bands:
        assert band in page
    assert condition in page
    rs = get_ruleset(ruleset_id)
    assert f"all {rs.red_threes.full_set_size} together: {rs.red_threes.full_set_value:,}" in page  # 1,000
    for rule in statements(ruleset_id):
        if rule.topic == "taking":
            assert rule.text in page and rule.quote in page
    with app.test_request_context(headers={"Accept-Language": "en"}):
        names = [canasta_label(kind) for kind in rs.canasta_kinds]  # the players' names, one language
    assert all(name in page for name in names), names
    assert rs.deal in page and cite(rs.opening_bands[0].source).striptags() in page
    assert "House rules of this match" not in page


def test_reference_details_of_classic(app, user_client):
    page = text(user_client.get(f"/matches/{new_match(app)}/rules"))
    assert "2 decks of 54 with their jokers: 108 cards" in page
    assert "Jokers 50" in page and "Red threes bonus card only" in page
    assert "5 or 6 canastas" in page
    assert "7 or more canastas La Canasta (Uruguayan-Argentine rules, typed copy)" in page
    assert "Exclusive" in page
    assert "To go out the side needs at least 1 completed canasta." in page
    with app.test_request_context(headers={"Accept-Language": "en"}):
        alone = going_out_label(get_ruleset("classic").going_out_kind("concealed_from_hand_alone"))
    assert f"{alone} La Canasta" in page and "1,000" in page
    assert "pozo premiado" in page and "two wild cards" in page


def test_reference_of_canaston_melds_and_going_out(app, user_client):
    page = text(user_client.get(f"/matches/{new_match(app, 'canaston')}/rules"))
    assert "Melded cards count against a side that did not complete a canasta in the hand." in page
    assert "at least one clean canasta, and at least one dirty canasta" in page
    assert "wins the match" in page and "crossed" in page


def test_reference_shows_each_side_minimum(app, user_client):
    match_id = new_match(app)
    assert add_hand(app, match_id, HAND_1500) == (1500, 0)
    page = text(user_client.get(f"/matches/{match_id}/rules"))
    assert "Nosotros: total 1,500, needs 90" in page and "Ellos: total 0, needs 50" in page


# Opening checker


def test_opening_form_defaults_to_the_first_side(app, user_client):
    match_id = new_match(app)
    response = user_client.get(f"/matches/{match_id}/opening")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'<option selected value="0">Nosotros</option>', page)
    assert "red_three" not in page  # red threes never count toward an opening
    for code in ("joker", "two", "ace", "high", "low", "black_three"):
        assert f'<label for="{code}">' in page
    assert "Enough" not in text(response)
    assert "may do so without reaching the opening minimum" in text(response)


@pytest.mark.parametrize(
    ("language", "joker", "two"),
    [("es", "Jokers (50 por carta)", "(20 por carta)"), ("fr", "Jokers (50 par carte)", "(20 par carte)")],
)
def test_opening_card_labels_agree_with_every_card(app, user_client, language, joker, two):
    """Jokers and twos are masculine in Spanish and French: "50 par carte", never "50 chacune"."""
    match_id = new_match(app)
    page = html.unescape(
        logged_in(app, "ana", language).get(f"/matches/{match_id}/opening").get_data(as_text=True)
    )
    assert joker in page and two in page
    assert "chacune" not in page and "cada una" not in page


def test_opening_at_the_boundary_of_the_1500_band(app, user_client):
    match_id = new_match(app)
    assert add_hand(app, match_id, HAND_1500) == (1500, 0)
    url = f"/matches/{match_id}/opening"
    exact = post_form(user_client, url, {"side": 0, "joker": 1, "ace": 2})  # 50 + 40
    assert "Enough: 90 of 90" in text(exact)
    short = post_form(user_client, url, {"side": 0, "joker": 1, "ace": 1, "high": 1, "low": 1})  # 85
    assert "Not enough: 85 of 90, 5 short" in text(short)
    other = post_form(user_client, url, {"side": 1, "high": 4, "black_three": 1})  # 45 of 50
    assert "Not enough: 45 of 50, 5 short" in text(other)
    assert 'value="4"' in other.get_data(as_text=True)  # the values stay in the form


def test_opening_by_query_string_and_below_zero(app, user_client):
    match_id = new_match(app, "francaise")
    response = user_client.get(f"/matches/{match_id}/opening?side=1&low=2")
    assert "Not enough: 10 of 50, 40 short" in text(response)
    assert add_hand(app, match_id, {"went_out": None, "sides": [{"melds": 0, "hand": 20}, {"melds": 0}]}) == (
        -20,
        0,
    )
    below = user_client.get(f"/matches/{match_id}/opening?side=0")
    assert "Enough: 0 of 0" in text(below)  # French rules: no minimum below 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"joker": "-1"}, "Cannot be negative."),
        ({"ace": "abc"}, "Enter a whole number of cards, such as 3."),
        ({"ace": "2.5"}, "Enter a whole number of cards, such as 3."),
        ({"joker": "5"}, "The 2 decks hold only 4 of these."),
        ({"high": "99999999999999999999"}, "Enter a whole number of cards, such as 3."),
        ({"side": "7"}, "Not a valid choice"),
        ({"side": "x"}, "Invalid Choice"),
    ],
)
def test_opening_bad_input_is_shown_next_to_the_field(app, user_client, data, message):
    url = f"/matches/{new_match(app)}/opening"
    for response in (
        post_form(user_client, url, {"side": 0, **data}),
        user_client.get(url, query_string=data),
    ):
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        assert message in page and "Please correct the marked fields." in page
        assert "Enough" not in text(response)
        field, value = next(iter(data.items()))
        if field != "side":
            assert f'value="{value}"' in page and 'aria-invalid="true"' in page


def test_opening_counts_are_limited_by_the_decks_of_the_rule_set(app, user_client):
    url = f"/matches/{new_match(app, 'canaston')}/opening"
    assert "Enough: 400 of 50" in text(post_form(user_client, url, {"side": 0, "joker": 8}))
    assert "The 4 decks hold only 8 of these." in text(post_form(user_client, url, {"side": 0, "joker": 9}))


# Access, links, page hygiene


def test_another_accounts_match_is_not_found(app, user_client, other_client):
    match_id = new_match(app)
    for page in ("penalties", "rules", "opening", "opening?side=0&joker=1"):
        assert other_client.get(f"/matches/{match_id}/{page}").status_code == 404
        assert user_client.get(f"/matches/{match_id + 1000}/{page}").status_code == 404
    assert other_client.post(f"/matches/{match_id}/opening", data={"side": 0}).status_code in (400, 404)
    assert user_client.get("/matches/99999999999/rules").status_code == 404


def test_referee_pages_need_login(app, user_client, client):
    match_id = new_match(app)
    for page in ("penalties", "rules", "opening"):
        response = client.get(f"/matches/{match_id}/{page}")
        assert response.status_code == 302 and "/login" in response.location


def test_pages_link_back_to_the_scoreboard_and_to_each_other(app, user_client):
    match_id = new_match(app)
    for page in ("penalties", "rules", "opening"):
        body = user_client.get(f"/matches/{match_id}/{page}").get_data(as_text=True)
        assert f'href="/matches/{match_id}"' in body
        for other in ("penalties", "rules", "opening"):
            assert f'href="/matches/{match_id}/{other}"' in body
        assert 'aria-current="page"' in body
        # no inline script or handlers: scripts come from files only
        assert not re.search(r"<script(?![^>]*\bsrc=)", body) and not re.search(r"\son[a-z]+=", body)


def test_referee_script_and_styles_are_served(app, user_client):
    with user_client.get("/static/referee.js") as script:
        assert script.status_code == 200
        assert "data-penalty-search" in script.get_data(as_text=True)
    with user_client.get("/static/referee.css") as styles:
        assert ".ref-item" in styles.get_data(as_text=True)
    page = user_client.get(f"/matches/{new_match(app)}/penalties").get_data(as_text=True)
    assert "/static/referee.css" in page  # only the referee pages load it


def test_pages_are_translatable(app, user_client: FlaskClient):
    """The pages render in every language (catalogs may not have the messages yet)."""
    match_id = new_match(app)
    for lang in ("es", "fr"):
        user_client.set_cookie("lang", lang)
        for page in ("penalties", "rules", "opening"):
            assert user_client.get(f"/matches/{match_id}/{page}").status_code == 200
