"""Deleting an account with all its data, at its owner's request (after the password is typed).

Everything of the account goes in one transaction: its matches (sides, seats, hands, canastas, edit
logs, share links), the players' running totals, its players, idempotency keys, API tokens and
login sessions, then the account itself, so that its username is free again. Entries of the account
in other accounts' edit logs keep the entry and lose the name (``ON DELETE SET NULL``). Throttling
counts under the username are forgotten, so a new account of that name starts afresh.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select

from .. import throttle
from ..extensions import db
from ..models import (
    ApiToken,
    Club,
    IdempotencyKey,
    LoginSession,
    Match,
    PartnershipTotal,
    Player,
    PlayerTotal,
    PlayerTotalCanasta,
    User,
)
from .club_reads import personal_club_id
from .unit_of_work import match_write


@dataclass(frozen=True)
class AccountData:
    """What deleting the account takes with it, counted for the confirmation page."""

    matches: int
    players: int


def account_data(user_id: int) -> AccountData:
    """What the account's personal club holds."""
    club_id = personal_club_id(user_id)

    def count(model: type[Match] | type[Player]) -> int:
        return int(db.session.scalar(select(func.count()).where(model.club_id == club_id)) or 0)

    return AccountData(matches=count(Match), players=count(Player))


def delete_account(user_id: int) -> None:
    """Delete the account ``user_id`` and everything it holds, committed (nothing if it is gone).

    Rows go children first, in bulk statements: the running totals (whose partnerships point at
    sides), the matches (the database cascades to their sides, seats, canastas, hands, edit log and
    share links), then the players their seats named, and the account's own rows. No running total
    is left to keep equal to its sides: the account's players and totals go together.
    """
    user = db.session.get(User, user_id)
    if user is None:
        return
    username = user.username
    club_id = personal_club_id(user_id)
    _delete_in_bulk(club_id, [
        delete(IdempotencyKey).where(IdempotencyKey.user_id == user_id),
        *_club_rows(club_id),
        delete(ApiToken).where(ApiToken.user_id == user_id),
        delete(LoginSession).where(LoginSession.user_id == user_id),
        delete(User).where(User.id == user_id),
        delete(Club).where(Club.id == club_id),  # the database cascades to its events, series, ratings
    ])
    throttle.forget(f"user:{username}")


def delete_club_rows(club_id: int) -> None:
    """Delete the club ``club_id`` with everything it holds, committed, as an account's personal
    club goes with its account."""
    _delete_in_bulk(club_id, [*_club_rows(club_id), delete(Club).where(Club.id == club_id)])


def _club_rows(club_id: int) -> list[Any]:
    """The bulk deletes of a club's matches and players, children first: the running totals (whose
    partnerships point at sides), the matches (the database cascades to their sides, seats,
    canastas, hands, edit log and share links), then the players their seats named."""
    players = select(Player.id).where(Player.club_id == club_id).scalar_subquery()
    return [
        delete(PartnershipTotal).where(PartnershipTotal.player_id.in_(players)),
        delete(PlayerTotalCanasta).where(PlayerTotalCanasta.player_id.in_(players)),
        delete(PlayerTotal).where(PlayerTotal.player_id.in_(players)),
        delete(Match).where(Match.club_id == club_id),
        delete(Player).where(Player.club_id == club_id),
    ]


def _delete_in_bulk(club_id: int, statements: list[Any]) -> None:
    with match_write(conflict=None):  # bulk deletes of matches: a unit of work's (scorekeeper.invariant)
        # A device still writing to the club waits for these locks (on PostgreSQL), then finds its
        # players gone: a conflict for it, never a row left pointing at a deleted side.
        db.session.execute(select(Player.id).where(Player.club_id == club_id).with_for_update())
        for statement in statements:
            db.session.execute(statement, execution_options={"synchronize_session": False})
    db.session.expunge_all()  # the deleted objects must not be flushed or read again
