"""The pages' JSON endpoints for hands entered offline (scorekeeper/matches/sync.py), through the
test client: the body is the API's hand (the JSON of POST /api/v1/matches/ID/hands) and the key
rules are the API's (a key sent again with the same hand stores nothing more; with another hand or
for another match it is a 422, never "replayed"), CSRF required, 409 with the stored hand when
another phone took the number, 422 with the API's field paths in the player's language, 401 when
the session is gone (saying whether it was ended on the server), and the key-less hand page the
service worker keeps. Scores from RULES.md (classic), as in test_hand_submit.py."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete

from scorekeeper.extensions import db
from scorekeeper.models import LoginSession
from tests.helpers import TEST_PASSWORD
from tests.web.helpers import FORM_HAND as HAND
from tests.web.helpers import (
    create,
    csrf_token,
    form_key,
    hand_form,
    hands,
    log_in,
    logged_in,
    page,
    post_form,
    submit,
    totals,
)

# Ellos went out: melds 200 + a dirty canasta 300 + going out 100 = 600; Nosotros 50 − 20 = 30.
OTHER = ({"melds": 50, "hand": 20}, {"melds": 200, "canastas-dirty": 1})


def wire(number: int, went_out: int | None, *sides: dict[str, Any]) -> dict[str, Any]:
    """The API's hand (classic) from the shorthand of the hand form's fields, as static/queue/main.js
    queues it: every canasta kind and flag said, as the page's form gives them."""

    def side(fields: dict[str, Any]) -> dict[str, Any]:
        canastas = {k: int(fields.get(f"canastas-{k}", 0)) for k in ("clean", "dirty")}
        melds = fields.get("melds", 0)
        return {"melds": melds if isinstance(melds, str) else int(melds), "hand": int(fields.get("hand", 0)),
                "red_threes": 0, "canastas": canastas, "black_threes_melded": False, "penalties": []}

    return {"number": number, "went_out": went_out, "going_out_kind": None if went_out is None else "normal",
            "sides": [side(s) for s in sides]}


def state(client: FlaskClient, match_id: int) -> dict[str, Any]:
    response = client.get(f"/matches/{match_id}/hands.json")
    assert response.status_code == 200
    return response.get_json()  # type: ignore[no-any-return]


def send(client: FlaskClient, match_id: int, hand: dict[str, Any], key: str, token: str | None = None,
         url: str | None = None, **headers: str) -> Any:
    """A queued hand as static/queue/main.js sends it: the API's JSON, CSRF and key in headers."""
    token = token if token is not None else state(client, match_id)["csrf_token"]
    return client.post(
        url or f"/matches/{match_id}/hands.json", json=hand,
        headers={"X-CSRFToken": token, "Idempotency-Key": key, "Accept": "application/json", **headers},
    )


def test_a_queued_hand_is_stored_once_however_often_it_is_sent(app, user_client):
    match_id = create(user_client)
    first = send(user_client, match_id, wire(1, 0, *HAND), "phone-key-1")
    assert first.status_code == 201
    assert first.get_json()["number"] == 1 and first.get_json()["totals"] == [900, 60]
    again = send(user_client, match_id, wire(1, 0, *HAND), "phone-key-1")
    assert again.status_code == 200 and again.get_json()["replayed"] is True
    assert again.get_json()["number"] == 1
    assert hands(app) == 1
    second = send(user_client, match_id, wire(2, 1, *OTHER), "phone-key-2")
    assert second.status_code == 201 and second.get_json()["totals"] == [930, 660]
    assert hands(app) == 2
    assert totals(user_client, match_id) == ["930", "660"]


def test_a_key_with_another_hand_is_refused_never_replayed(app, user_client):
    """The same key with a changed hand (melds 300 → 500): 422 at the key, in the player's words;
    hand 1 stays as first stored, and nothing is said to be sent."""
    match_id = create(user_client)
    assert send(user_client, match_id, wire(1, 0, *HAND), "k").status_code == 201
    changed = send(user_client, match_id, wire(1, 0, {"melds": 500, "canastas-clean": 1}, HAND[1]), "k")
    assert changed.status_code == 422
    message = changed.get_json()["errors"]["Idempotency-Key"][0]
    assert message.startswith("This phone sent a different hand 1 under the same key before")
    assert "replayed" not in changed.get_json()
    assert hands(app) == 1 and totals(user_client, match_id) == ["900", "60"]


def test_a_key_used_for_another_match_is_refused(app, user_client):
    first, second = create(user_client), create(user_client, target="3000")
    assert first != second
    assert send(user_client, first, wire(1, 0, *HAND), "one-key").status_code == 201
    elsewhere = send(user_client, second, wire(1, 0, *HAND), "one-key")
    assert elsewhere.status_code == 422 and "Idempotency-Key" in elsewhere.get_json()["errors"]
    assert totals(user_client, second) == ["0", "0"] and hands(app) == 1


def test_a_key_used_by_the_hand_form_is_the_same_hand_only_with_the_same_values(app, user_client):
    """Save on the online page whose answer was lost, then the same hand queued with the form's key
    (the page the worker gives back): the same hand, so nothing more is stored; a corrected one under
    that key is refused, never dropped in silence."""
    match_id = create(user_client)
    csrf, _key = form_key(user_client, f"/matches/{match_id}/hands/new")
    assert submit(user_client, match_id, hand_form(1, 0, *HAND), csrf, "form-key").status_code == 302
    same = send(user_client, match_id, wire(1, 0, *HAND), "form-key")
    assert same.status_code == 200 and same.get_json()["replayed"] is True
    other = send(user_client, match_id, wire(1, 0, {"melds": 500, "canastas-clean": 1}, HAND[1]), "form-key")
    assert other.status_code == 422 and "Idempotency-Key" in other.get_json()["errors"]
    assert hands(app) == 1 and totals(user_client, match_id) == ["900", "60"]


def test_a_body_that_is_not_the_apis_hand_asks_for_a_reload(app, user_client):
    """A page of the release before (the form's fields, form-encoded) is told to reload, not stored."""
    match_id = create(user_client)
    token = state(user_client, match_id)["csrf_token"]
    old = user_client.post(f"/matches/{match_id}/hands.json", data=hand_form(1, 0, *HAND),
                           headers={"X-CSRFToken": token, "Idempotency-Key": "old"})
    assert old.status_code == 422
    assert "reload it" in old.get_json()["errors"]["_"][0]
    assert hands(app) == 0


def test_csrf_is_required(app, user_client):
    match_id = create(user_client)
    for token in ("", "not-a-token"):
        response = send(user_client, match_id, wire(1, 0, *HAND), "k", token=token)
        assert response.status_code == 400
    assert hands(app) == 0


def test_a_taken_number_answers_409_with_the_stored_hand(app, user_client):
    match_id = create(user_client)
    assert send(user_client, match_id, wire(1, 0, *HAND), "other-phone").status_code == 201
    response = send(user_client, match_id, wire(1, 1, *OTHER), "this-phone")
    assert response.status_code == 409
    body = response.get_json()
    assert body["stored"]["number"] == 1 and body["stored"]["scores"] == [900, 60]
    assert body["stored"]["version"] == 1 and "Hand 1 was already entered" in body["message"]
    assert hands(app) == 1
    # The player keeps this phone's version: an edit of hand 1 from the version they saw.
    edit_url = f"/matches/{match_id}/hands/1.json"
    edited = send(user_client, match_id, wire(1, 1, *OTHER), "this-phone", url=edit_url,
                  **{"X-Hand-Version": "1"})
    assert edited.status_code == 200 and edited.get_json()["totals"] == [30, 600]
    # Sent again (the answer was lost): already so, nothing changes.
    again = send(user_client, match_id, wire(1, 1, *OTHER), "this-phone", url=edit_url,
                 **{"X-Hand-Version": "1"})
    assert again.status_code == 200 and again.get_json()["replayed"] is True
    # A third version from an old view of hand 1: 409 with hand 1 as it is now.
    stale = send(user_client, match_id, wire(1, 0, *HAND), "x", url=edit_url, **{"X-Hand-Version": "1"})
    assert stale.status_code == 409 and stale.get_json()["stored"]["version"] == 2
    assert hands(app) == 1 and totals(user_client, match_id) == ["30", "600"]


def test_mistakes_answer_422_with_field_paths_in_the_players_language(app, user_client, password_hash):
    match_id = create(user_client)
    not_a_number = send(user_client, match_id, wire(1, 0, {"melds": "lots"}, {"melds": 100}), "k1")
    assert not_a_number.status_code == 422
    assert "sides.0.melds" in not_a_number.get_json()["errors"]
    # Rules: going out needs a canasta.
    no_canasta = send(user_client, match_id, wire(1, 0, {"melds": 300}, HAND[1]), "k2")
    assert no_canasta.status_code == 422
    errors = no_canasta.get_json()["errors"]
    paths = ("sides.", "went_out", "going_out_kind")
    assert errors and all(path.startswith(paths) for path in errors), errors
    # Nothing stored, and each key may be used again for the corrected hand.
    assert hands(app) == 0
    assert send(user_client, match_id, wire(1, 0, *HAND), "k2").status_code == 201
    # The same mistake, in Spanish.
    from tests.helpers import make_user

    make_user(app, "lucia", password_hash)
    spanish = logged_in(app, "lucia", "es")
    theirs = create(spanish)
    refused = send(spanish, theirs, wire(1, 0, {"melds": 300}, HAND[1]), "k3").get_json()["errors"]
    assert refused.keys() == errors.keys() and refused != errors


def test_a_bad_key_is_422(app, user_client):
    match_id = create(user_client)
    response = send(user_client, match_id, wire(1, 0, *HAND), "é" * 3)
    assert response.status_code == 422 and "Idempotency-Key" in response.get_json()["errors"]
    assert hands(app) == 0


def test_an_ended_session_answers_401_and_stores_nothing(app, user_client, client):
    match_id = create(user_client)
    assert client.get(f"/matches/{match_id}/hands.json").status_code == 401
    response = send(client, match_id, wire(1, 0, *HAND), "k", token=csrf_token(client, "/login"))
    assert response.status_code == 401 and response.get_json()["message"]
    assert response.get_json()["ended"] is False  # never logged in here: the queue waits for a login
    assert hands(app) == 0


def test_a_session_ended_from_another_device_says_so(app: Flask, user_client: FlaskClient):
    """Logged out from another device (the session's row gone): 401 with ``ended``, and the phone
    drops what it keeps of the account (tests/browser/test_offline_hands.py)."""
    match_id = create(user_client)
    token = state(user_client, match_id)["csrf_token"]
    with app.app_context():
        db.session.execute(delete(LoginSession))
        db.session.commit()
    answer = user_client.get(f"/matches/{match_id}/hands.json")
    assert answer.status_code == 401 and answer.get_json()["ended"] is True
    response = send(user_client, match_id, wire(1, 0, *HAND), "k", token=token)
    assert response.status_code == 401 and response.get_json()["ended"] is True
    assert hands(app) == 0


def test_another_accounts_match_is_404(app, user_client, other_client):
    match_id = create(user_client)
    assert other_client.get(f"/matches/{match_id}/hands.json").status_code == 404
    assert other_client.get(f"/matches/{match_id}/hands/template").status_code == 404
    token = csrf_token(other_client, "/login")
    response = send(other_client, match_id, wire(1, 0, *HAND), "k", token=token)
    assert response.status_code == 404
    assert hands(app) == 0


def test_the_state_names_the_account_and_next_number(user_client, other_client):
    match_id = create(user_client)
    first = state(user_client, match_id)
    assert first["next"] == 1 and first["csrf_token"] and len(first["account"]) == 16
    other = create(other_client)
    assert state(other_client, other)["account"] != first["account"]


def test_every_login_of_an_account_has_the_same_tag(app, user_client):
    """Queued hands and kept pages belong to the account, not to one login: another phone of the
    account (which may be served the same stored scoreboard), a login restored from the remember
    cookie and a new login after logging out all carry the same tag; a logged-out browser none."""
    match_id = create(user_client)
    scoreboard = f"/matches/{match_id}"
    tag = state(user_client, match_id)["account"]
    assert user_client.get(scoreboard).headers["X-Account"] == tag  # stored by this render

    second_phone = logged_in(app, "ana")
    answer = second_phone.get(scoreboard)
    assert answer.headers["X-Account"] == tag
    assert f'data-account="{tag}"' in answer.get_data(as_text=True)
    assert state(second_phone, match_id)["account"] == tag

    remembering = app.test_client()
    login = {"username": "ana", "password": TEST_PASSWORD, "remember": "y"}
    assert post_form(remembering, "/login", login).status_code == 302
    restored = app.test_client()  # the session cookie gone, the remember cookie kept
    restored.set_cookie("remember_token", remembering.get_cookie("remember_token").value)
    assert restored.get(scoreboard).headers["X-Account"] == tag

    post_form(user_client, "/logout", {}, page="/")
    assert "X-Account" not in user_client.get("/login").headers
    assert log_in(user_client, "ana").status_code == 302
    assert state(user_client, match_id)["account"] == tag
    assert user_client.get(scoreboard).headers["X-Account"] == tag


def test_the_hand_template_has_the_fields_but_no_key_or_number(user_client):
    match_id = create(user_client)
    send(user_client, match_id, wire(1, 0, *HAND), "k")
    template = user_client.get(f"/matches/{match_id}/hands/template")
    assert template.status_code == 200 and template.headers["Cache-Control"] == "no-store"
    html = page(template)
    online = page(user_client.get(f"/matches/{match_id}/hands/new"))
    for name in ("went_out", "sides-0-melds", "sides-1-hand", "sides-0-canastas-clean", "sides-1-red_threes"):
        assert f'name="{name}"' in html and f'name="{name}"' in online
    assert 'name="key" type="hidden" value=""' in html or 'value="" name="key"' in html or (
        'id="key" name="key" type="hidden">' in html
    )
    assert "Enter hand {n}" in html and "{total}" in html and "{dealer}" in html
    assert 'id="hand-template"' in html and "&#34;next&#34;: 2" in html
    assert "queue/main.js" in html and "queue/main.js" in online


def test_the_scoreboard_carries_the_queue_panel(user_client):
    """With the queue's scripts named for static/offline.js to load when there is a queue, not loaded."""
    match_id = create(user_client)
    html = page(user_client.get(f"/matches/{match_id}"))
    assert 'id="queue"' in html and 'id="queue-texts"' in html and "data-scripts=" in html
    assert '<script src="/static/queue/' not in html and '<script src="/static/scorer.js' not in html


def test_a_hand_after_the_match_ended_answers_409_saying_so(app, user_client):
    """Refused because the match had ended (not a hand saved meanwhile): ``ended``, no stored hand."""
    match_id = create(user_client, target="500")
    assert send(user_client, match_id, wire(1, 0, *HAND), "k1").status_code == 201  # 900: over
    late = send(user_client, match_id, wire(2, 1, *OTHER), "k2")
    assert late.status_code == 409
    body = late.get_json()
    assert body["ended"] is True and body["stored"] is None
    assert body["message"] == "The match is over; no more hands can be entered."
    taken = send(user_client, match_id, wire(1, 1, *OTHER), "k3")  # hand 1 is there: a clash
    assert taken.status_code == 409 and taken.get_json()["ended"] is False
    assert hands(app) == 1


def test_who_wins_on_the_phone_agrees_with_the_side(app, password_hash):
    """A side with a name of its own takes the singular, one called after its players the plural."""
    from tests.helpers import make_user

    make_user(app, "ana", password_hash)
    expected = {
        "en": ("Nosotros wins if this is accepted.", "Ana and Luis win if this is accepted."),
        "es": ("Si se acepta, gana Nosotros.", "Si se acepta, ganan Ana y Luis."),
        "fr": ("Nosotros gagne si c’est accepté.", "Ana et Luis gagnent si c’est accepté."),
    }
    for language, (one, many) in expected.items():
        client = logged_in(app, "ana", language)
        texts = client.get("/queue/texts.json").get_json()
        assert texts["wins_one"].replace("{side}", "Nosotros") == one
        pair = {"es": "Ana y Luis", "fr": "Ana et Luis"}.get(language, "Ana and Luis")
        assert texts["wins_many"].replace("{side}", pair) == many
        sides = (("Nosotros", ("Eva", "Juan")), ("", ("Ana", "Luis")))
        html = page(client.get(f"/matches/{create(client, sides=sides)}"))
        assert 'data-plural="[false, true]"' in html


def test_a_finished_match_is_not_changed_by_a_queued_edit(app, user_client):
    match_id = create(user_client, target="500")
    assert send(user_client, match_id, wire(1, 0, *HAND), "k1").status_code == 201  # 900: over
    edit = send(user_client, match_id, wire(1, 1, *OTHER), "k2", url=f"/matches/{match_id}/hands/1.json",
                **{"X-Hand-Version": "1"})
    assert edit.status_code == 409 and "Continue editing" in edit.get_json()["message"]
    assert totals(user_client, match_id) == ["900", "60"]


def test_the_queue_speaks_the_players_language(app, password_hash):
    from tests.helpers import make_user
    from tests.web.helpers import logged_in

    make_user(app, "ana", password_hash)
    for language, heading in (("es", "En este teléfono, sin enviar todavía"), ("fr", "Sur ce téléphone"),
                              ("en", "On this phone, not sent yet")):
        client = logged_in(app, "ana", language)
        texts = client.get("/queue/texts.json").get_json()
        assert texts["heading"].startswith(heading)
        assert "{n}" in texts["hand"] and "{m}" in texts["minimum"]
        match_id = create(client)
        assert "queue/main.js" in page(client.get(f"/matches/{match_id}/hands/new"))
