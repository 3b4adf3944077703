"""Command line: ``flask --app scorekeeper user create NAME`` and ``token create NAME``; ``user
logout NAME`` ends every login session of an account, ``user unthrottle NAME`` forgets its failed
logins.

The schema commands come from Flask-Migrate: ``flask --app scorekeeper db upgrade``.
"""

from __future__ import annotations

from pathlib import Path

import click
from flask import current_app
from flask.cli import AppGroup

from . import sessions, throttle
from .backup import NotSqlite, backup, integrity_problems, restore, sqlite_path
from .extensions import db
from .rules import ValidationError
from .services import ratings, schema
from .services.accounts import (
    AccountExists,
    create_token,
    create_user,
    find_user,
    normalise_username,
    revoke_tokens,
)

user_cli = AppGroup("user", help="Manage accounts.")
data_cli = AppGroup("data", help="Back up, restore and check the SQLite database; rescore every match.")
token_cli = AppGroup("token", help="Manage API tokens.")
ratings_cli = AppGroup("ratings", help="The players' ratings.")


@user_cli.command("create")
@click.argument("username")
@click.option(
    "--password",
    prompt=True,
    hide_input=True,
    confirmation_prompt=True,
    help="The new account's password (asked for when not given).",
)
def user_create(username: str, password: str) -> None:
    """Create the account USERNAME."""
    try:
        user = create_user(username, password)
    except AccountExists:
        raise click.ClickException(f"The account {username!r} already exists.") from None
    except ValidationError as error:
        raise click.ClickException(
            "; ".join(f"{k}: {' '.join(v)}" for k, v in error.as_dict().items())
        ) from None
    click.echo(f"Created account {user.username!r}.")


def _user(username: str):  # type: ignore[no-untyped-def]
    user = find_user(username)
    if user is None:
        raise click.ClickException(f"There is no account {username!r}.")
    return user


@user_cli.command("logout")
@click.argument("username")
def user_logout(username: str) -> None:
    """End every login session of USERNAME (every browser must log in again) and revoke the API
    tokens made in them (the ones made here, with ``token create``, stay)."""
    ended = sessions.end_all(_user(username))
    revoked = len(ended.tokens)
    click.echo(
        f"Ended {ended.sessions} session(s) of {username!r}; "
        f"revoked {revoked} API token(s) made in them."
    )


@user_cli.command("unthrottle")
@click.argument("username")
def user_unthrottle(username: str) -> None:
    """Forget the failed logins counted against USERNAME, so that a browser that never logged in to
    it may try again at once (the limits per address and per device stay)."""
    throttle.forget(f"user:{normalise_username(username)}")
    click.echo(f"Forgot the failed logins counted against {username!r}.")


@token_cli.command("create")
@click.argument("username")
def token_create(username: str) -> None:
    """Print a new API token for USERNAME (last line of the output). Keep it: it is shown once."""
    token = create_token(_user(username))
    click.echo(f"New API token for {username!r} (use it as 'Authorization: Bearer TOKEN'):", err=True)
    click.echo(token)


@token_cli.command("revoke")
@click.argument("username")
def token_revoke(username: str) -> None:
    """Revoke every API token of USERNAME."""
    count = revoke_tokens(_user(username))
    click.echo(f"Revoked {count} token(s) of {username!r}.")


def _database() -> Path:
    try:
        return sqlite_path(current_app.config["SQLALCHEMY_DATABASE_URI"])
    except NotSqlite as error:
        raise click.ClickException(
            f"The database is {error}, not SQLite: use its own tools (pg_dump, pg_restore)."
        ) from None


@data_cli.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
def data_backup(target: Path) -> None:
    """Write a consistent copy of the database to TARGET (safe while the app runs)."""
    try:
        backup(_database(), target)
    except FileExistsError:
        raise click.ClickException(f"{target} exists already; choose a new file.") from None
    click.echo(f"Backed up to {target}.")


@data_cli.command("restore")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.confirmation_option(prompt="This replaces the whole database. Is the app stopped?")
def data_restore(source: Path) -> None:
    """Replace the database with the backup SOURCE (checked first). Stop the app before."""
    db.engine.dispose()
    try:
        restore(source, _database())
    except ValueError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Restored from {source}.")


@data_cli.command("check")
def data_check() -> None:
    """Run SQLite's integrity and foreign-key checks; exit 1 if anything is wrong."""
    problems = integrity_problems(_database())
    for problem in problems:
        click.echo(problem, err=True)
    if problems:
        raise SystemExit(1)
    click.echo("ok")


@data_cli.command("rescore")
def data_rescore() -> None:
    """Recompute every match's summary, its hands' stored results, its sides' figures and the
    players' running totals from the stored hands (done on start after an upgrade from before 0020;
    needed by hand when ``AUTO_MIGRATE`` is off and ``db upgrade`` crossed those revisions, and after
    a release that changed the rules or the API's Hand, whose results are not read until then)."""
    schema.rescore_all()
    click.echo("Rescored.")


@ratings_cli.command("rebuild")
@click.option("--user", "username", default=None, help="Only this account (every account by default).")
def ratings_rebuild(username: str | None) -> None:
    """Recompute every player's ratings from the finished matches (they are kept up to date with
    every change; this is for a repair, or after restoring matches by hand)."""
    club_id = _user(username).id if username is not None else None
    rated = ratings.rebuild_all(club_id)
    click.echo(f"Rated {rated} match(es) (every rule set, and each rule set alone).")
