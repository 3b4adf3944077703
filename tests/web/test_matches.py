"""Match pages: the list, a new match (and its mistakes), the scoreboard, other accounts, CSRF.

The helpers at the top (create a match, fill the hand form as a browser would) are shared with
test_matches_hands.py.
"""

from __future__ import annotations

from tests.web.helpers import PAIRS, create, csrf_token, field_block, match_form, matches, page, post_form

# --- List and new match ----------------------------------------------------------------------


def test_new_match_page_offers_every_ruleset_and_its_options(user_client):
    html = page(user_client.get("/matches/new"))
    for ruleset in ("classic", "samba", "canaston", "francaise"):
        assert f'data-ruleset="{ruleset}"' in html
        assert f'value="{ruleset}"' in html
    assert "Canastas of aces" in html  # classic's house option, a checkbox
    assert 'name="hr__samba__going_out_min_canastas"' in html and 'type="number"' in html
    # The "advanced" overrides carry the book's value as placeholder: classic drew_two_cards is 50.
    assert 'name="hr__classic__penalties__drew_two_cards"' in html
    assert 'placeholder="50"' in field_block(html, "hr__classic__penalties__drew_two_cards")
    assert "<script" in html and "new_match.js" in html and "onclick" not in html


def test_create_match_and_see_it_listed(app, user_client):
    response = post_form(user_client, "/matches/new", match_form())
    assert response.status_code == 302
    match_id = int(response.location.rsplit("/", 1)[1])
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Nosotros" in html and "Ellos" in html and "Ana, Luis" in html
    assert 'data-total="0">0<' in html and 'data-total="1">0<' in html
    assert 'data-needs="0">5,000<' in html  # classic's default target
    assert 'data-opening="0">50<' in html  # 0 to 1495 → 50
    # Table order Ana, Eva, Luis, Juan; the first player deals hand 1 and the next one starts.
    assert "Hand 1: Ana deals, Eva starts." in html
    assert "None: the rule book as written." in html
    listing = page(user_client.get("/"))
    assert f'href="/matches/{match_id}"' in listing and "Nosotros" in listing and "New match" in listing


def test_players_of_earlier_matches_are_suggested(user_client):
    create(user_client)
    html = page(user_client.get("/matches/new"))
    assert '<datalist id="player-names">' in html and '<option value="Luis">' in html
    assert 'list="player-names"' in html


def test_target_blank_is_default_and_number_is_kept(user_client):
    match_id = create(user_client, "samba", target="7000")
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "to 7,000" in html and 'data-needs="0">7,000<' in html
    other = create(user_client, "samba", sides=(("A", ("Ana",)), ("B", ("Eva",))))
    assert 'data-needs="0">10,000<' in page(user_client.get(f"/matches/{other}"))


def test_first_dealer_is_chosen_by_place(user_client):
    # "1-0" is side 2's first player, Eva: seat 1 in table order Ana, Eva, Luis, Juan.
    match_id = create(user_client, first_dealer="1-0")
    assert "Hand 1: Eva deals, Luis starts." in page(user_client.get(f"/matches/{match_id}"))


def test_first_dealer_in_an_empty_place_is_refused(app, user_client):
    response = post_form(user_client, "/matches/new", match_form(first_dealer="2-0"))
    assert response.status_code == 422
    assert "Nobody sits in that place." in field_block(page(response), "first_dealer")
    assert matches(app) == 0


def test_side_without_name_takes_its_players_names(app, user_client):
    """Once refused ("Give the side a name."); now the players name their side (test_quick_match.py)."""
    data = match_form(**{"sides-1-name": "  "})
    response = post_form(user_client, "/matches/new", data)
    assert response.status_code == 302
    assert ">Eva and Juan</h2>" in page(user_client.get(response.location))
    assert matches(app) == 1


def test_one_side_is_refused(app, user_client):
    response = post_form(user_client, "/matches/new", match_form(sides=PAIRS[:1]))
    assert response.status_code == 422
    assert "A match has 2 or 3 sides." in page(response)
    assert 'value="Luis"' in page(response)
    assert matches(app) == 0


def test_four_players_in_a_side_are_refused(app, user_client):
    response = post_form(
        user_client, "/matches/new", match_form(**{"sides-0-players-2": "Pia", "sides-0-players-3": "Leo"})
    )
    html = page(response)
    assert response.status_code == 422
    assert "A side has 1 to 3 players." in field_block(html, "sides-0-players-0")
    assert 'value="Leo"' in html
    assert matches(app) == 0


def test_same_player_twice_is_refused(app, user_client):
    response = post_form(user_client, "/matches/new", match_form(**{"sides-1-players-1": "ana"}))
    assert response.status_code == 422
    assert "A player can play for only one side." in page(response)
    assert matches(app) == 0


def test_bad_targets_say_why(app, user_client):
    for typed, message in (
        ("5k", "Enter a whole number"),
        ("50", "Must be a whole number from 100 to 1,000,000."),
    ):
        response = post_form(user_client, "/matches/new", match_form(target=typed))
        assert response.status_code == 422
        block = field_block(page(response), "target")
        assert message in block and f'value="{typed}"' in block
    assert matches(app) == 0


def test_bad_house_option_values_are_shown_next_to_them(app, user_client):
    data = match_form("samba", **{"hr__samba__going_out_min_canastas": "5"})
    response = post_form(user_client, "/matches/new", data)
    assert response.status_code == 422
    block = field_block(page(response), "hr__samba__going_out_min_canastas")
    assert "Must be a whole number from 1 to 4." in block and 'value="5"' in block

    data = match_form(**{"hr__classic__penalties__drew_two_cards": "33"})
    response = post_form(user_client, "/matches/new", data)
    assert response.status_code == 422
    assert "Must be a multiple of 5." in field_block(page(response), "hr__classic__penalties__drew_two_cards")
    assert matches(app) == 0


def test_only_the_chosen_rulesets_options_are_used(user_client):
    # A wrong value in samba's block does not stop a classic match, and is not stored with it.
    match_id = create(user_client, **{"hr__samba__going_out_min_canastas": "5"})
    assert "None: the rule book as written." in page(user_client.get(f"/matches/{match_id}"))


def test_house_rules_are_listed_on_the_scoreboard_and_used(user_client):
    match_id = create(
        user_client, **{"hr__classic__aces_canastas": "y", "hr__classic__penalties__drew_two_cards": "100"}
    )
    html = page(user_client.get(f"/matches/{match_id}"))
    assert "Canastas of aces: 800 clean, 500 dirty: yes" in html
    assert "Penalty: Drawing two cards instead of one" in html and "= 100" in html
    hand_page = page(user_client.get(f"/matches/{match_id}/hands/new"))
    assert "Clean canasta of aces" in hand_page and "(−100)" in hand_page


def test_another_accounts_match_is_not_found(user_client, other_client):
    match_id = create(user_client)
    for url in (
        f"/matches/{match_id}",
        f"/matches/{match_id}/hands/new",
        f"/matches/{match_id}/hands/1/edit",
        f"/matches/{match_id}/hands/1/delete",
    ):
        assert other_client.get(url).status_code == 404, url
    token = csrf_token(other_client, "/matches/new")
    assert (
        other_client.post(f"/matches/{match_id}/hands/preview", data={"csrf_token": token}).status_code == 404
    )
    assert other_client.get("/matches/99999").status_code == 404
    assert f"/matches/{match_id}" not in page(other_client.get("/"))


def test_new_match_needs_the_csrf_token(app, user_client):
    assert user_client.post("/matches/new", data=match_form()).status_code == 400
    assert matches(app) == 0


def test_pages_need_login(client):
    for url in ("/matches/new", "/matches/1", "/matches/1/hands/new"):
        response = client.get(url)
        assert response.status_code == 302 and "/login" in response.location
