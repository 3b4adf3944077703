"""The command line of API.md: ``user create``, ``token create``, ``token revoke`` and ``db upgrade``,
run with Flask's CLI runner against the test database; the tokens it prints are tried on the API."""

from __future__ import annotations

from tests.api.helpers import match_body

PASSWORD = "a long enough password"


def create_user(runner, name, password=PASSWORD):
    return runner.invoke(args=["user", "create", name, "--password", password])


def new_token(runner, name):
    result = runner.invoke(args=["token", "create", name])
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1].strip()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_user_create_then_token_create_gives_a_working_token(runner, client):
    result = create_user(runner, "rosa")
    assert result.exit_code == 0, result.output

    token = new_token(runner, "rosa")
    assert token and " " not in token
    response = client.post("/api/v1/matches", json=match_body(), headers=bearer(token))
    assert response.status_code == 201
    listed = client.get("/api/v1/matches", headers=bearer(token))
    assert [m["id"] for m in listed.get_json()] == [response.get_json()["id"]]


def test_each_token_create_prints_a_new_token_and_both_work(runner, client):
    assert create_user(runner, "rosa").exit_code == 0
    first, second = new_token(runner, "rosa"), new_token(runner, "rosa")
    assert first != second
    for token in (first, second):
        assert client.get("/api/v1/matches", headers=bearer(token)).status_code == 200


def test_the_token_is_the_account_s(runner, client, api):
    """A token made by the CLI sees its own account's matches, not another's."""
    assert api.post("/matches", match_body()).status_code == 201  # a match of "ana"
    assert create_user(runner, "rosa").exit_code == 0
    response = client.get("/api/v1/matches", headers=bearer(new_token(runner, "rosa")))
    assert response.get_json() == []


def test_user_create_twice_fails_with_a_message(runner):
    assert create_user(runner, "rosa").exit_code == 0
    again = create_user(runner, "rosa", "another long password")
    assert again.exit_code != 0
    assert "rosa" in again.output
    assert "exists" in again.output


def test_user_create_refuses_a_short_password(runner):
    result = create_user(runner, "rosa", "short")
    assert result.exit_code != 0
    assert "password" in result.output.lower()
    # No account was made: it cannot get a token.
    assert runner.invoke(args=["token", "create", "rosa"]).exit_code != 0


def test_token_create_for_an_unknown_user_fails(runner):
    result = runner.invoke(args=["token", "create", "nobody"])
    assert result.exit_code != 0
    assert "nobody" in result.output


def test_token_revoke_makes_the_token_answer_401(runner, client):
    assert create_user(runner, "rosa").exit_code == 0
    token = new_token(runner, "rosa")
    assert client.get("/api/v1/matches", headers=bearer(token)).status_code == 200

    result = runner.invoke(args=["token", "revoke", "rosa"])
    assert result.exit_code == 0, result.output
    assert client.get("/api/v1/matches", headers=bearer(token)).status_code == 401
    response = client.post("/api/v1/matches", json=match_body(), headers=bearer(token))
    assert response.status_code == 401

    # A new token works again.
    assert client.get("/api/v1/matches", headers=bearer(new_token(runner, "rosa"))).status_code == 200


def test_token_revoke_leaves_other_accounts_alone(runner, client, token):
    assert create_user(runner, "rosa").exit_code == 0
    assert runner.invoke(args=["token", "revoke", "rosa"]).exit_code == 0
    assert client.get("/api/v1/matches", headers=bearer(token)).status_code == 200  # ana's


def test_db_upgrade_on_a_migrated_database(runner, api):
    match = api.post("/matches", match_body()).get_json()
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    # The data survives and the app still works.
    assert api.get(f"/matches/{match['id']}").get_json() == match
