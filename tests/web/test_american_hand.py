"""The hand page of American Canasta (issue 22): black threes beside the red ones, the seven canasta
kinds, the unfinished-meld penalties, a special hand saved with its side left empty, a card counter
without threes, and the live preview giving the engine's scores. Worked out by hand from RULES.md."""

from __future__ import annotations

import re

from tests.web.helpers import create, hand_form, page, post_hand, preview, undo, undo_button

DREAM_FIELD = "hr__american__dream_hands_win"


def test_the_american_form_has_black_threes_and_its_kinds_and_penalties(user_client):
    match_id = create(user_client, "american")
    html = page(user_client.get(f"/matches/{match_id}/hands/new"))
    for name in (
        "black_threes",
        "red_threes",
        "canastas-sevens",
        "canastas-aces",
        "canastas-wild_twos",
        "canastas-wild_jokers",
        "canastas-wild_mixed",
        "penalties-unfinished_sevens",
        "penalties-sevens_in_hand",
        "penalties-unfinished_wild_jokers",
    ):
        assert f'name="sides-0-{name}"' in html, name
    # the card counter asks for no three: threes have no card value here
    assert 'data-card="black_three"' not in html and 'data-card="joker"' in html
    assert "special_straight" in re.search(r'data-special-kinds="([^"]*)"', html).group(1)
    classic = create(user_client, "classic")
    assert 'name="sides-0-black_threes"' not in page(user_client.get(f"/matches/{classic}/hands/new"))


def test_the_golden_hand_through_the_form_and_its_preview(user_client):
    match_id = create(user_client, "american")
    data = hand_form(
        1,
        0,
        {"melds": 800, "red_threes": 2, "black_threes": 1, "canastas-clean": 1, "canastas-sevens": 1},
        {"melds": 250, "hand": 85, "red_threes": 1, "penalties-unfinished_aces": 1},
    )
    answer = preview(user_client, match_id, data)
    assert answer.get_json()["scores"] == [4300, -2935]
    response = post_hand(user_client, match_id, data)
    assert response.status_code == 302, page(response)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-total="0">4,300<' in html and 'data-total="1">-2,935<' in html.replace("−", "-")
    # 4300 is in the 3000 band: 155; a negative total: 125
    assert 'data-opening="0">155<' in html and 'data-opening="1">125<' in html
    # the breakdown's threes line: red and black together
    assert '<th scope="row">Threes</th>' in html and '<th scope="row">Red threes</th>' not in html


def test_a_special_hand_is_saved_with_its_side_empty(user_client):
    match_id = create(user_client, "american")
    # Side 1 declares a straight (3000): nothing else entered for it, and no "save with 0?" question.
    # Side 0: one canasta, 300 − 150 + 500 = 650.
    data = hand_form(1, 1, {"melds": 300, "hand": 150, "canastas-clean": 1}, {}, kind="special_straight")
    assert preview(user_client, match_id, data).get_json()["scores"] == [650, 3000]
    response = post_hand(user_client, match_id, data)
    assert response.status_code == 302, page(response)
    # with melds entered for the side of the special hand, the page says where
    bad = hand_form(2, 1, {"melds": 100}, {"melds": 60}, kind="special_pairs")
    refused = post_hand(user_client, match_id, bad)
    assert refused.status_code == 422
    assert "has melded nothing" in page(refused)


def test_referee_pages_of_american_canasta(app, user_client):
    match_id = create(user_client, "american")
    rules = page(user_client.get(f"/matches/{match_id}/rules"))
    # the threes on their own scale, the sign table, the special hands and their sources by title
    assert "4 of a colour: 1,000" in rules and "2 canastas or more" not in rules
    assert "melded cards and threes count against it" in rules
    assert "Special hand: straight" in rules and "seven natural pairs" in rules
    for title in ("Canasta League of America", "American Canasta", "NVSO tournament rules"):
        assert title in rules
    opening = page(user_client.get(f"/matches/{match_id}/opening"))
    # the bands with the checker, and no three to count
    assert "3,000 to 4,995" in opening and "5,000 and above" in opening
    assert "Threes never count toward the opening." in opening
    answer = page(
        user_client.get(f"/matches/{match_id}/opening", query_string={"side": 0, "joker": 2, "high": 2})
    )
    assert "Enough: 120 of 125" not in answer and "Not enough: 120 of 125, 5 short" in answer


def test_a_dream_hand_wins_the_match_from_behind_through_the_form(user_client):
    """Side 0 falls to −5630, then lays down a Dream Hand plus 5: 2870 against 3530, yet it wins. The
    new-match page shows the house option ``dream_hands_win`` ticked; a browser sends it so."""
    new = page(user_client.get("/matches/new"))
    assert re.search(
        r'<input[^>]*checked[^>]*name="'
        + DREAM_FIELD
        + '"|<input[^>]*name="'
        + DREAM_FIELD
        + '"[^>]*checked',
        new,
    )
    match_id = create(user_client, "american", **{DREAM_FIELD: "y"})
    first = hand_form(
        1,
        None,
        {
            "melds": 260,
            "hand": 70,
            "red_threes": 2,
            "penalties-unfinished_sevens": 1,
            "penalties-unfinished_aces": 1,
        },
        {"melds": 500, "hand": 40, "red_threes": 1, "canastas-clean": 2},
    )
    assert post_hand(user_client, match_id, first).status_code == 302
    form = page(user_client.get(f"/matches/{match_id}/hands/new"))
    for kind in ("special_miami_pairs", "special_dream_4", "special_dream_5"):
        assert f'value="{kind}"' in form, kind
    assert "Special hand: Dream Hand plus 5" in form
    dream = hand_form(
        2,
        0,
        {"red_threes": 1},
        {"melds": 700, "hand": 30, "red_threes": 2, "canastas-clean": 2},
        kind="special_dream_5",
    )
    assert preview(user_client, match_id, dream).get_json()["scores"] == [8500, 1970]
    assert post_hand(user_client, match_id, dream).status_code == 302
    html = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-total="0">2,870<' in html and 'data-total="1">3,530<' in html
    assert "/hands/new" not in html  # over: no hand to enter
    assert "data-needs=" not in html  # and nothing still needed, though below the target
    # undo the Dream Hand: the match is open again at −5630 and 1560
    assert undo_button(user_client, match_id) == f"/matches/{match_id}/hands/2/undo"
    assert undo(user_client, match_id, 2).status_code == 302
    reopened = page(user_client.get(f"/matches/{match_id}"))
    assert "Enter hand 2" in reopened


def test_a_dream_hand_with_dream_hands_win_off_only_scores(user_client):
    match_id = create(user_client, "american")  # the switch not sent (unticked): off
    first = hand_form(1, None, {"melds": 120, "hand": 30}, {"melds": 500, "hand": 40, "canastas-clean": 2})
    assert post_hand(user_client, match_id, first).status_code == 302
    # −120 − 30 = −150; 500 − 40 + 1000 = 1460. Then 8500 (8350 in all, below the target) against 1970
    dream = hand_form(
        2,
        0,
        {"red_threes": 0},
        {"melds": 700, "hand": 30, "red_threes": 2, "canastas-clean": 2},
        kind="special_dream_4",
    )
    assert post_hand(user_client, match_id, dream).status_code == 302
    html = page(user_client.get(f"/matches/{match_id}"))
    assert 'data-total="0">8,350<' in html and 'data-total="1">3,430<' in html
    assert "Enter hand 3" in html


def test_the_rules_page_describes_the_leagues_hands_in_three_languages(user_client):
    """How to recognise each hand, with its source, in es, en and fr (RULES.md, "Correction of
    2026-11-28"): the League's page as the peer app read it, and the house option."""
    match_id = create(user_client, "american")
    expected = {
        "en": ("Dream Hand plus 4 (8,500): two five-of-a-kinds", "Miami pairs (2,500)", "a three included"),
        "es": ("Mano de Ensueño más 4 (8500): dos quintetos", "Pares Miami (2500)", "un tres incluido"),
        "fr": ("Main de rêve plus 4 (8", "Paires Miami (2", "un trois compris"),
    }
    for language, texts in expected.items():
        user_client.set_cookie("lang", language)
        rules = page(user_client.get(f"/matches/{match_id}/rules"))
        for text in texts:
            assert text in rules, (language, text)
        assert "Modern American Canasta: How to Play, Meld, and Score" in rules
        assert "Canasta League of America" in rules
    user_client.set_cookie("lang", "en")
