"""Command line: ``flask --app scorekeeper user create NAME`` and ``token create NAME``.

The schema commands come from Flask-Migrate: ``flask --app scorekeeper db upgrade``.
"""

from __future__ import annotations

import click
from flask.cli import AppGroup

from .accounts import AccountExists, create_token, create_user, find_user, revoke_tokens
from .rules import ValidationError

user_cli = AppGroup("user", help="Manage accounts.")
token_cli = AppGroup("token", help="Manage API tokens.")


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
