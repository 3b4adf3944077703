"""Scorekeeper: a score keeper and referee for Canasta and its variants.

``create_app`` is the application factory; the rules themselves live in :mod:`scorekeeper.rules`,
which has no web or database code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, request

from .config import (
    STATIC_DIR,
    TEMPLATES_DIR,
    default_config,
    instance_path,
    normalise_database_url,
    secret_key,
)
from .extensions import babel, csrf, db, login_manager, migrate
from .security import cookie_settings, register_security

MIGRATIONS = str(Path(__file__).resolve().parent / "migrations")
#: Errors answered with a page of our own, in the user's language.
ERROR_PAGES = frozenset({400, 403, 404, 405, 429, 500})


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: configuration, extensions, blueprints, CLI; the schema is migrated on start
    unless ``AUTO_MIGRATE`` is false."""
    app = Flask(
        __name__,
        instance_path=instance_path(),
        instance_relative_config=True,
        template_folder=str(TEMPLATES_DIR),
        static_folder=str(STATIC_DIR),
    )
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(default_config(instance))
    testing = bool((test_config or {}).get("TESTING"))
    app.config.from_mapping(cookie_settings(testing))
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(instance)
    app.config["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(app.config["SQLALCHEMY_DATABASE_URI"])

    register_static_versions(app)
    register_extensions(app)
    register_blueprints(app)
    register_error_handlers(app)
    register_security(app)
    register_access(app)  # (imported here: importing the models alone loads no service)
    register_cli(app)
    if app.config["AUTO_MIGRATE"]:
        from .services import schema

        with app.app_context():
            schema.upgrade(directory=MIGRATIONS)
    return app


def register_access(app: Flask) -> None:
    """Who may call each route: :mod:`scorekeeper.access`."""
    from .access import register

    register(app)


def register_static_versions(app: Flask) -> None:
    """Static URLs carry this version's assets digest (``?v=...``), so browsers may keep the files a
    year: a phone downloads the CSS and scripts once per release, not once per page."""
    from .pages import PAGES

    if app.config.get("SEND_FILE_MAX_AGE_DEFAULT") is None:  # Flask's own default: always revalidate
        app.config["SEND_FILE_MAX_AGE_DEFAULT"] = 365 * 24 * 3600

    @app.url_defaults
    def static_version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static":
            values.setdefault("v", PAGES)

    kept_a_year = app.get_send_file_max_age

    def max_age(filename: str | None) -> int | None:
        # An ES module's imports (static/queue/) name their files without the fingerprint: those
        # answers are revalidated (ETag), or a phone would run last release's module for a year.
        return kept_a_year(filename) if request.args.get("v") else None

    app.get_send_file_max_age = max_age  # type: ignore[method-assign]


def register_extensions(app: Flask) -> None:
    from . import models  # noqa: F401 - the models must be known before migrations run
    from .i18n import LANGUAGES, select_locale
    from .page_cache import init_app as init_page_cache
    from .services.match_states import init_app as init_match_states
    from .single_use import init_app as init_single_use
    from .timezones import reader_zone_name

    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS)
    csrf.init_app(app)
    init_page_cache(app)
    init_match_states(app)
    init_single_use(app)
    if app.config["PROXY_COUNT"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        count = app.config["PROXY_COUNT"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count)  # type: ignore[method-assign]
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    babel.init_app(app, locale_selector=select_locale, timezone_selector=reader_zone_name)
    from flask_babel import get_locale

    from . import vocabulary

    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, get_locale=get_locale)
    from . import public_urls

    public_urls.init_app(app)
    app.jinja_env.add_extension("jinja2.ext.do")
    app.jinja_env.filters["number"] = vocabulary.number
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True


def register_blueprints(app: Flask) -> None:
    from .api import bp as api_bp
    from .auth import bp as auth_bp
    from .clubs import bp as clubs_bp
    from .events import bp as events_bp
    from .health import bp as health_bp
    from .i18n import bp as i18n_bp
    from .matches import bp as matches_bp
    from .players import bp as players_bp
    from .pwa import bp as pwa_bp
    from .pwa import register_account_header
    from .referee import bp as referee_bp
    from .share import bp as share_bp
    from .tables import bp as tables_bp
    from .transfer import bp as transfer_bp

    csrf.exempt(api_bp)  # the API authenticates with bearer tokens, never with cookies
    blueprints = (
        api_bp,
        auth_bp,
        clubs_bp,
        events_bp,
        health_bp,
        i18n_bp,
        matches_bp,
        referee_bp,
        players_bp,
        pwa_bp,
        share_bp,
        tables_bp,
        transfer_bp,
    )
    for blueprint in blueprints:
        app.register_blueprint(blueprint)
    register_account_header(app)


def register_error_handlers(app: Flask) -> None:
    """Errors outside a blueprint's own handlers: JSON under ``/api/``, plain pages elsewhere."""
    from flask import request
    from werkzeug.exceptions import HTTPException, InternalServerError

    from .api.errors import allow_header, message

    def wants_json() -> bool:
        return request.path.startswith("/api/")

    from flask import render_template

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        headers = allow_header(error)
        if wants_json():
            return message(error.code or 500, error.description or error.name, **headers)
        if error.code in ERROR_PAGES:
            return render_template("error.html", code=error.code), error.code, headers
        return error

    @app.errorhandler(InternalServerError)
    def server_error(error: InternalServerError) -> Any:
        db.session.rollback()
        if wants_json():
            return message(500, "Something went wrong on our side; nothing was changed.")
        return render_template("error.html", code=500), 500


def register_cli(app: Flask) -> None:
    from .cli import data_cli, ratings_cli, token_cli, user_cli

    for group in (user_cli, token_cli, data_cli, ratings_cli):
        app.cli.add_command(group)
