"""Account pages: register, log in, log out, change password; errors shown next to the field."""

from tests.helpers import TEST_PASSWORD
from tests.web.helpers import log_in, post_form


def test_register_logs_in_and_shows_matches(client):
    client.set_cookie("lang", "en")
    response = post_form(
        client, "/register", {"username": "Luis", "password": "long enough", "confirm": "long enough"}
    )
    assert response.status_code == 302
    assert "Matches" in client.get("/").get_data(as_text=True)


def test_register_mistakes_keep_values_and_say_what_is_wrong(client):
    client.set_cookie("lang", "en")
    response = post_form(
        client, "/register", {"username": "luis el grande", "password": "short", "confirm": "other"}
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'value="luis el grande"' in page
    assert "no spaces" in page and "At least 8 characters." in page and "The passwords differ." in page


def test_register_taken_username(client, user_client):
    client.set_cookie("lang", "en")
    response = post_form(
        client, "/register", {"username": "ANA", "password": "long enough", "confirm": "long enough"}
    )
    assert "That username is taken" in response.get_data(as_text=True)


def test_wrong_password_is_refused(client, user_client):
    client.set_cookie("lang", "en")
    response = log_in(client, "ana", "not the password")
    assert response.status_code == 200
    assert "Wrong username or password." in response.get_data(as_text=True)
    assert client.get("/").status_code == 302  # still logged out


def test_pages_need_login(client):
    response = client.get("/")
    assert response.status_code == 302 and "/login" in response.location


def test_logout_needs_post_with_token(user_client):
    assert user_client.post("/logout").status_code == 400  # no CSRF token: refused
    assert user_client.get("/").status_code == 200
    post_form(user_client, "/logout", {}, page="/")
    assert user_client.get("/").status_code == 302


def test_change_password(user_client, client):
    bad = post_form(
        user_client,
        "/account/password",
        {"current": "wrong one", "password": "new password", "confirm": "new password"},
    )
    assert "That is not your current password." in bad.get_data(as_text=True)
    good = post_form(
        user_client,
        "/account/password",
        {"current": TEST_PASSWORD, "password": "new password", "confirm": "new password"},
    )
    assert good.status_code == 302
    assert log_in(client, "ana", "new password").status_code == 302


def test_csrf_is_enforced(client, user_client):
    client.set_cookie("lang", "en")
    no_token = client.post("/login", data={"username": "ana", "password": TEST_PASSWORD})
    assert no_token.status_code == 400
    forged = user_client.post(
        "/account/password",
        data={
            "current": TEST_PASSWORD,
            "password": "hijacked!",
            "confirm": "hijacked!",
            "csrf_token": "forged",
        },
    )
    assert forged.status_code == 400


def test_language_from_browser_and_switch(client):
    assert "Iniciar sesión" in client.get("/login", headers={"Accept-Language": "es-UY,es;q=0.9"}).get_data(
        as_text=True
    )
    assert "Connexion" in client.get("/login", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)
    client.get("/language/en?next=/login")
    assert "Log in" in client.get("/login", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)


def test_language_switch_does_not_redirect_away(client):
    response = client.get("/language/fr?next=//evil.example/")
    assert response.location == "/"
