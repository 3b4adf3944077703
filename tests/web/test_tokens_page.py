"""API tokens from the account page: created (shown once) and revoked in the browser."""

import re

from tests.web.helpers import csrf_token, new_token, post_form


def test_a_token_made_in_the_browser_works_until_revoked(user_client, client):
    token = new_token(user_client)
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/matches", headers=headers).status_code == 200
    page = user_client.get("/account/tokens").get_data(as_text=True)
    assert token not in page  # shown once only
    token_id = re.search(r'name="token_id" value="(\d+)"', page).group(1)
    revoked = post_form(user_client, "/account/tokens", {"token_id": token_id})
    assert revoked.status_code == 302
    assert client.get("/api/v1/matches", headers=headers).status_code == 401


def test_another_accounts_token_cannot_be_revoked(user_client, other_client, client):
    token = new_token(user_client)
    token_id = re.search(
        r'name="token_id" value="(\d+)"', user_client.get("/account/tokens").get_data(as_text=True)
    ).group(1)
    answer = other_client.post(
        "/account/tokens",
        data={"token_id": token_id, "csrf_token": csrf_token(other_client, "/account/tokens")},
    )
    assert answer.status_code == 404
    assert client.get("/api/v1/matches", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_tokens_need_csrf(user_client):
    assert user_client.post("/account/tokens", data={}).status_code == 400
