"""API tokens made in the browser end with the login session they were made in, when that session
is ended from another device ("Log out my other devices", a password change): a token made from a
stolen session dies with it. Tokens made in the current session and by the command line stay, and
the tokens page says which went."""

import re

from tests.helpers import TEST_PASSWORD
from tests.web.helpers import copied_browser as copy
from tests.web.helpers import logged_in_now, new_token, post_form
from tests.web.helpers import remembered_phone as phone

NEW_PASSWORD = {"current": TEST_PASSWORD, "password": "a brand new secret", "confirm": "a brand new secret"}


def works(client, token: str) -> bool:
    answer = client.get("/api/v1/matches", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code in (200, 401), answer.status_code
    return answer.status_code == 200


def cli_token(runner) -> str:
    result = runner.invoke(args=["token", "create", "ana"])
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1]


def test_log_out_my_other_devices_revokes_the_tokens_made_on_them(app, user_client, client, runner):
    thief = copy(app, phone(app), ["session"])  # a stolen session
    stolen, mine, made_by_cli = new_token(thief), new_token(user_client), cli_token(runner)
    assert works(client, stolen) and works(client, mine) and works(client, made_by_cli)
    answer = post_form(user_client, "/account/devices", {}, page="/account/devices", follow_redirects=True)
    assert "1 API token made on another device was revoked too" in answer.get_data(as_text=True)
    assert not works(client, stolen) and not logged_in_now(thief)
    assert works(client, mine) and works(client, made_by_cli)
    page = user_client.get("/account/tokens").get_data(as_text=True)
    revoked = page.split("Revoked recently")[1]
    assert revoked.count("<li>") == 1 and "with the login it was made in" in revoked
    in_use = page.split("Tokens in use")[1].split("Revoked recently")[0]
    assert in_use.count('name="token_id"') == 3  # the fixture's, the command line's and this device's
    assert "On this device" in in_use and "With the command line" in in_use


def test_a_password_change_revokes_them_too(app, user_client, client):
    other_phone = phone(app)
    theirs, mine = new_token(other_phone), new_token(user_client)
    answer = post_form(user_client, "/account/password", NEW_PASSWORD, follow_redirects=True)
    assert "1 API token made on another device was revoked too" in answer.get_data(as_text=True)
    assert not works(client, theirs) and works(client, mine)


def test_this_devices_tokens_stay_through_every_later_logout_of_the_others(app, user_client, client):
    """Ending the others gives this browser a new session; its tokens follow it."""
    mine = new_token(user_client)
    for _ in range(2):
        phone(app)
        post_form(user_client, "/account/devices", {}, page="/account/devices")
        assert works(client, mine)
    assert "On this device" in user_client.get("/account/tokens").get_data(as_text=True)


def test_a_token_of_a_session_already_logged_out_goes_as_well(app, user_client, client):
    """The thief's own logout ended the stolen session; the token it made must not outlive it."""
    thief = phone(app)
    stolen = new_token(thief)
    post_form(thief, "/logout", {}, page="/")
    assert works(client, stolen)  # a plain logout keeps the tokens made in it
    post_form(user_client, "/account/devices", {}, page="/account/devices")
    assert not works(client, stolen)


def test_the_command_line_logout_revokes_the_session_tokens_only(app, user_client, client, runner):
    theirs, made_by_cli = new_token(user_client), cli_token(runner)
    result = runner.invoke(args=["user", "logout", "ana"])
    assert result.exit_code == 0 and "revoked 1 API token(s)" in result.output
    assert not works(client, theirs) and works(client, made_by_cli)


def test_a_token_revoked_by_its_owner_is_listed_as_such(user_client):
    new_token(user_client)
    page = user_client.get("/account/tokens").get_data(as_text=True)
    token_id = re.findall(r'name="token_id" value="(\d+)"', page)[0]
    post_form(user_client, "/account/tokens", {"token_id": token_id})
    revoked = user_client.get("/account/tokens").get_data(as_text=True).split("Revoked recently")[1]
    assert revoked.count("<li>") == 1 and "with the login" not in revoked
