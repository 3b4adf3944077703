"""The new-match page's house rules of issue 11: the rules every rule set accepts (the number of canastas
to go out, red threes once opened, the opening-band table), the presets' buttons, the preset named on
the match's rules page, and the Canastón card counter at its own card values."""

from __future__ import annotations

import html as html_lib
import json
from typing import Any

from flask import Flask
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.matches.match_form import house_rule_fields
from scorekeeper.models import Match
from scorekeeper.rules import get_ruleset
from tests.web.helpers import create, field_block, hand_form, match_form, matches, page, post_form, post_hand

SAMBA_INTERNATIONAL_BANDS = [[None, 15], [0, 50], [1500, 90], [3000, 120], [7000, 150]]


def band(ruleset: str, row: int, start: str | None = None, minimum: str | None = None) -> dict[str, str]:
    """The form fields of one row of a rule set's opening-band table."""
    fields = {}
    if start is not None:
        fields[f"hr__{ruleset}__opening_bands__from__{row}"] = start
    if minimum is not None:
        fields[f"hr__{ruleset}__opening_bands__minimum__{row}"] = minimum
    return fields


def input_tag(html: str, name: str) -> str:
    """The ``<input ...>`` tag named ``name``."""
    at = html.index(f'name="{name}"')
    return html[html.rindex("<input", 0, at) : html.index(">", at) + 1]


def preset_fields(block: str) -> list[dict[str, Any]]:
    """The inputs each preset button of ``block`` fills, in button order."""
    raws = [part.split('"', 1)[0] for part in block.split('data-preset-fields="')[1:]]
    return [json.loads(html_lib.unescape(raw)) for raw in raws]


def stored_house_rules(app: Flask, match_id: int) -> dict[str, Any]:
    with app.app_context():
        return dict(db.session.scalar(select(Match.house_rules).where(Match.id == match_id)))


def test_every_rule_set_offers_the_new_house_rules_and_its_band_table(user_client):
    html = page(user_client.get("/matches/new"))
    for ruleset, below_zero in (("classic", "15"), ("samba", "15"), ("canaston", "15"), ("francaise", "0")):
        count = field_block(html, f"hr__{ruleset}__going_out_min_canastas")
        assert 'min="1"' in count and 'max="4"' in count
        assert 'type="checkbox"' in field_block(html, f"hr__{ruleset}__red_threes_when_opened")
        assert f'value="{below_zero}"' in input_tag(html, f"hr__{ruleset}__opening_bands__minimum__0")
        # the single-band inputs gave way to the table (the API still takes opening_bands.I)
        assert f'name="hr__{ruleset}__opening_bands__0"' not in html
    assert 'name="hr__canaston__opening_bands__from__5" ' in html  # Canastón's sixth band: 7500


def test_presets_are_buttons_that_carry_the_inputs_they_fill(user_client):
    html = page(user_client.get("/matches/new"))
    assert "International rules" in html and "Two players" in html and "The rule book" in html
    assert "data-presets hidden" in html  # shown by new_match.js only
    assert "<script>" not in html  # the strict CSP: no inline script
    samba = html.split('data-ruleset="samba"', 1)[1].split("</section>", 1)[0]
    fields = [
        json.loads(raw.replace("&#34;", '"').replace("&quot;", '"'))
        for raw in samba.split('data-preset-fields="')[1:]
        for raw in [raw.split('"', 1)[0]]
    ]
    international = fields[0]
    assert international["hr__samba__going_out_min_canastas"] == "2"
    assert (
        international["hr__samba__opening_bands__from__4"],
        international["hr__samba__opening_bands__minimum__4"],
    ) == ("7000", "150")
    book = fields[-1]
    assert (
        book["hr__samba__going_out_min_canastas"] == "1" and book["hr__samba__opening_bands__from__4"] == ""
    )
    for ruleset in ("canaston", "francaise"):
        block = html.split(f'data-ruleset="{ruleset}"', 1)[1].split("</section>", 1)[0]
        assert "data-preset-fields" not in block  # no preset for these rule sets


def test_every_new_house_rule_is_stored_from_the_form(app, user_client):
    extra = {
        "hr__samba__going_out_min_canastas": "3",
        "hr__samba__red_threes_when_opened": "y",
        **band("samba", 4, "7000", "150"),
    }
    match_id = create(user_client, "samba", **extra)
    assert stored_house_rules(app, match_id) == {
        "going_out_min_canastas": 3,
        "red_threes_when_opened": True,
        "opening_bands": SAMBA_INTERNATIONAL_BANDS,
    }


def test_the_book_values_store_no_house_rule(app, user_client):
    match_id = create(user_client, "canaston", **band("canaston", 0, minimum="15"))
    assert stored_house_rules(app, match_id) == {}


def test_bad_band_tables_are_shown_at_the_table_and_nothing_is_stored(app, user_client):
    cases = [
        (
            {**band("samba", 2, "3000"), **band("samba", 3, "1500")},
            "Band 4: each band must start above the one before.",
        ),
        (band("samba", 1, minimum="52"), "Band 2: the minimum must be a multiple of 5 from 0 to 100,000."),
        (band("samba", 4, "7002", "150"), "Band 5: the start must be a multiple of 5 from 5 to 100,000."),
        (band("samba", 4, "7000"), "Band 5: the minimum must be a multiple of 5 from 0 to 100,000."),
        (band("samba", 0, minimum=""), "Band 1: the minimum must be a multiple of 5 from 0 to 100,000."),
    ]
    for fields, message in cases:
        response = post_form(user_client, "/matches/new", match_form("samba", **fields))
        assert response.status_code == 422, message
        html = page(response)
        table = html.split('data-ruleset="samba"', 1)[1].split("</details>", 2)[0]
        assert message in table, message
        for value in fields.values():
            if value:
                assert f'value="{value}"' in table  # the typed values come back
    assert matches(app) == 0


def test_bad_numbers_are_shown_next_to_their_input(app, user_client):
    response = post_form(
        user_client, "/matches/new", match_form("classic", **band("classic", 3, minimum="1O0"))
    )
    assert response.status_code == 422
    assert "Enter a whole number" in field_block(page(response), "hr__classic__opening_bands__minimum__3")
    response = post_form(
        user_client, "/matches/new", match_form("canaston", hr__canaston__going_out_min_canastas="0")
    )
    assert response.status_code == 422
    assert "Must be a whole number from 1 to 4." in field_block(
        page(response), "hr__canaston__going_out_min_canastas"
    )
    assert matches(app) == 0


CLASSIC_INTERNATIONAL = {
    "hr__classic__red_threes_when_opened": "y",
    "hr__classic__going_out_kinds__concealed_from_hand_alone": "200",
    "hr__classic__going_out_kinds__concealed_from_hand_with_partner": "200",
    "hr__classic__going_out_kinds__concealed_in_play_alone": "200",
    "hr__classic__going_out_kinds__concealed_in_play_with_partner": "200",
    "hr__classic__flags__black_threes_melded": "0",
    "hr__classic__many_canastas__5": "0",
    "hr__classic__many_canastas__7": "0",
}


def test_the_rules_page_names_the_preset_with_its_source(user_client):
    match_id = create(user_client, **CLASSIC_INTERNATIONAL)
    html = page(user_client.get(f"/matches/{match_id}/rules"))
    assert "International rules" in html and 'href="https://www.pagat.com/rummy/canasta.html"' in html
    assert "Hoyle" in html

    samba = create(
        user_client, "samba", hr__samba__going_out_min_canastas="2", **band("samba", 4, "7000", "150")
    )
    html = page(user_client.get(f"/matches/{samba}/rules"))
    assert "International rules" in html and "pagat.com/rummy/samba.html" in html

    two = create(user_client, hr__classic__going_out_min_canastas="2")
    assert "Two players" in page(user_client.get(f"/matches/{two}/rules"))


def test_a_preset_changed_afterwards_is_not_named(user_client):
    match_id = create(user_client, **{**CLASSIC_INTERNATIONAL, "hr__classic__many_canastas__7": "1000"})
    html = page(user_client.get(f"/matches/{match_id}/rules"))
    assert "data-preset=" not in html and "pagat.com" not in html
    plain = create(user_client)
    assert "data-preset=" not in page(user_client.get(f"/matches/{plain}/rules"))


def test_canaston_card_counter_counts_black_threes_as_nothing(user_client):
    match_id = create(user_client, "canaston")
    html = page(user_client.get(f"/matches/{match_id}/hands/new"))
    assert 'data-points="0"' in field_block(html, "sides-1-hand_cards-black_three")
    assert 'data-points="5"' in field_block(html, "sides-1-hand_cards-low")
    # side 1 holds three black threes (0 each) and two sevens (5 each): 10 in hand;
    # it melded 100 without a canasta: -100 - 10 - black_three_in_hand 3×100 = -410
    out = {"melds": 400, "canastas-clean": 1, "canastas-dirty": 1}
    held = {
        "melds": 100,
        "hand_cards-black_three": 3,
        "hand_cards-low": 2,
        "penalties-black_three_in_hand": 3,
    }
    response = post_hand(user_client, match_id, hand_form(1, 0, out, held))
    assert response.status_code == 302, page(response)
    assert 'data-total="1">-410<' in page(user_client.get(f"/matches/{match_id}"))


def test_canaston_referee_pages_use_its_card_values(user_client):
    match_id = create(user_client, "canaston")
    rules = page(user_client.get(f"/matches/{match_id}/rules"))
    cards = rules.split('id="cards"', 1)[1].split("</section>", 1)[0]
    black = cards.split("Black threes", 1)[1].split("</tr>", 1)[0]
    assert '<td class="num">0</td>' in black
    assert "vale 100 puntos en contra" in cards  # the source of that value
    # three black threes (0 each) and two aces (20 each): 40, not the 55 of the common table
    opening = page(user_client.get(f"/matches/{match_id}/opening?side=0&black_three=3&ace=2"))
    assert "Not enough: 40 of 50, 10 short" in opening
    assert "(0 each)" in opening
    classic = create(user_client)
    opening = page(user_client.get(f"/matches/{classic}/opening?side=0&black_three=3&ace=2"))
    assert "Enough: 55 of 50" in opening


def test_stored_house_rules_of_either_band_form_come_back_into_the_inputs():
    rs = get_ruleset("samba")
    old = house_rule_fields(
        rs, {"opening_bands.1": 60, "going_out_min_canastas": 2, "melds_only_went_out": True}
    )
    assert (old["hr__samba__opening_bands__minimum__1"], old["hr__samba__opening_bands__from__2"]) == (
        "60",
        "1500",
    )
    assert old["hr__samba__opening_bands__from__4"] == ""  # no fifth band
    assert (old["hr__samba__going_out_min_canastas"], old["hr__samba__melds_only_went_out"]) == ("2", True)
    table = house_rule_fields(rs, {"opening_bands": SAMBA_INTERNATIONAL_BANDS})
    assert (table["hr__samba__opening_bands__from__4"], table["hr__samba__opening_bands__minimum__4"]) == (
        "7000",
        "150",
    )
    assert table["hr__samba__red_threes_when_opened"] is False
