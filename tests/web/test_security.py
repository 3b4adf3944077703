"""Security headers and cookie flags."""

from scorekeeper import create_app


def test_headers_forbid_inline_script_and_framing(client):
    response = client.get("/login")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_api_answers_carry_the_headers_too(client):
    assert "Content-Security-Policy" in client.get("/api/v1/rulesets").headers


def test_production_cookies_are_secure_httponly_and_samesite(database_url, monkeypatch, tmp_path):
    monkeypatch.delenv("SCOREKEEPER_INSECURE_COOKIES", raising=False)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "x", "AUTO_MIGRATE": False})
    for prefix in ("SESSION", "REMEMBER"):
        assert app.config[f"{prefix}_COOKIE_SECURE"] is True
        assert app.config[f"{prefix}_COOKIE_HTTPONLY"] is True
        assert app.config[f"{prefix}_COOKIE_SAMESITE"] == "Lax"


def test_production_refuses_to_start_without_a_secret_key(database_url, monkeypatch, tmp_path):
    import pytest

    from scorekeeper.config import MissingSecret

    monkeypatch.setenv("SCOREKEEPER_ENV", "production")
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    with pytest.raises(MissingSecret):
        create_app({"SQLALCHEMY_DATABASE_URI": database_url, "AUTO_MIGRATE": False})
    assert not (tmp_path / "secret_key").exists()
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "from the environment")
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "AUTO_MIGRATE": False})
    assert app.config["SECRET_KEY"] == "from the environment"


def test_static_files_are_versioned_and_kept_a_year(client):
    from scorekeeper.pages import PAGES

    page = client.get("/login").get_data(as_text=True)
    assert f"/static/app.css?v={PAGES}" in page
    with client.get(f"/static/app.css?v={PAGES}") as css:
        assert css.status_code == 200 and "max-age=31536000" in css.headers["Cache-Control"]
