"""Clubs and their members: making, changing and deleting a club, roles, leaving (API.md, "Clubs").

A club always keeps at least one owner: demoting or removing the last one is a :class:`Conflict`.
The personal club (made with its account, :func:`scorekeeper.models._make_personal_club`) cannot
be joined, left, given away, published or deleted on its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any, Final
from zoneinfo import available_timezones

from sqlalchemy import case, func, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import ROLES, Club, Membership, User
from ..rules import N_, FieldError, ValidationError
from .account_deletion import delete_club_rows
from .club_log import log
from .errors import Conflict, NotFound
from .unit_of_work import transaction

SLUG: Final = re.compile(r"[a-z0-9-]{3,40}")
LANGUAGES: Final = ("es", "en", "fr")
PUBLIC_NAMES: Final = ("full", "initials")
MAX_NAME: Final = 80
LAST_OWNER: Final = N_("A club keeps at least one owner: make another member owner first.")
#: The fields a PATCH may change, and those a POST takes.
CHANGEABLE: Final = frozenset({"name", "language", "time_zone", "public", "public_names"})
CREATE_FIELDS: Final = frozenset({"name", "slug", "language", "time_zone"})


@cache
def known_zones() -> frozenset[str]:
    """The IANA time zones this machine knows."""
    return frozenset(available_timezones())


def _check(data: Any, allowed: frozenset[str], required: frozenset[str]) -> dict[str, Any]:
    """The club's fields from a request body. :raise ValidationError: with the field paths."""
    if not isinstance(data, Mapping):
        raise ValidationError([FieldError("_", N_("Must be a JSON object."))])
    errors = [
        FieldError(str(key)[:40], N_("Unknown field.")) for key in data if key not in allowed | {"club"}
    ]
    errors += [FieldError(key, N_("Required.")) for key in sorted(required) if key not in data]
    values = {key: data[key] for key in allowed if key in data}
    checks = {
        "name": lambda v: isinstance(v, str) and 0 < len(v.strip()) <= MAX_NAME and v.isprintable(),
        "slug": lambda v: isinstance(v, str) and SLUG.fullmatch(v) is not None,
        "language": lambda v: v in LANGUAGES,
        "time_zone": lambda v: isinstance(v, str) and v in known_zones(),
        "public": lambda v: isinstance(v, bool),
        "public_names": lambda v: v in PUBLIC_NAMES,
    }
    messages = {
        "name": N_("Must be a name of 1 to 80 characters."),
        "slug": N_("Must be 3 to 40 of a-z, 0-9 and -."),
        "language": N_("Must be one of es, en, fr."),
        "time_zone": N_("Must be a time zone such as America/Montevideo."),
        "public": N_("Must be true or false."),
        "public_names": N_("Must be full or initials."),
    }
    errors += [FieldError(key, messages[key]) for key, value in values.items() if not checks[key](value)]
    if errors:
        raise ValidationError(errors)
    if "name" in values:
        values["name"] = values["name"].strip()
    return values


def create_club(user_id: int, data: Any) -> Club:
    """A new club with the account ``user_id`` its owner, committed.

    :raise ValidationError: a field missing or wrong, or the slug taken (at ``slug``).
    """
    values = _check(data, CREATE_FIELDS, frozenset({"name", "slug"}))
    taken = ValidationError([FieldError("slug", N_("This address is taken; choose another."))])
    if db.session.scalar(select(Club.id).where(Club.slug == values["slug"])) is not None:
        raise taken
    club = Club(**values)
    try:
        with transaction():
            db.session.add(club)
            db.session.flush()
            db.session.add(Membership(club_id=club.id, user_id=user_id, role="owner"))
            log(club.id, user_id, "created", club.slug)
    except IntegrityError:  # the same slug taken at the same moment
        raise taken from None
    return club


def update_club(club: Club, data: Any) -> Club:
    """Change the club's settings (owner). :raise ValidationError:. :raise Conflict: the personal
    club cannot be published."""
    values = _check(data, CHANGEABLE, frozenset())
    if club.personal and values.get("public"):
        raise Conflict(N_("A personal club cannot be published."))
    with transaction():
        for key, value in values.items():
            setattr(club, key, value)
    return club


def delete_club(club: Club) -> None:
    """Delete the club with everything it holds. :raise Conflict: it is a personal club."""
    if club.personal:
        raise Conflict(N_("A personal club goes only with its account."))
    delete_club_rows(club.id)


def get_club(slug: str) -> Club:
    """:raise NotFound: no club of that slug."""
    club = db.session.scalar(select(Club).where(Club.slug == slug[:64]))
    if not isinstance(club, Club):
        raise NotFound(slug)
    return club


def club_by_id(club_id: int) -> Club | None:
    found = db.session.get(Club, club_id)
    return found if isinstance(found, Club) else None


def clubs_of(user_id: int) -> list[tuple[Club, str]]:
    """The account's clubs with its role in each: the personal club first, then by name."""
    rows = db.session.execute(
        select(Club, Membership.role)
        .join(Membership, Membership.club_id == Club.id)
        .where(Membership.user_id == user_id)
        .order_by(Club.personal.desc(), func.lower(Club.name), Club.id)
    ).all()
    return [(club, role) for club, role in rows]


def members(club_id: int, limit: int = 5000, offset: int = 0) -> list[tuple[str, str, Any]]:
    """``(username, role, joined_at)`` of the club's members, owners first, then directors, scorers
    and members, each by username; one statement."""
    rank = case(
        {role: position for position, role in enumerate(ROLES)}, value=Membership.role, else_=len(ROLES)
    )
    rows = db.session.execute(
        select(User.username, Membership.role, Membership.joined_at)
        .join(Membership, Membership.user_id == User.id)
        .where(Membership.club_id == club_id)
        .order_by(rank, User.username)
        .limit(limit)
        .offset(offset)
    ).all()
    return [(r.username, r.role, r.joined_at) for r in rows]


def member_count(club_id: int) -> int:
    return int(db.session.scalar(select(func.count()).where(Membership.club_id == club_id)) or 0)


def _membership(club: Club, username: str) -> Membership:
    found = db.session.scalar(
        select(Membership)
        .join(User, User.id == Membership.user_id)
        .where(Membership.club_id == club.id, User.username == username.casefold()[:40])
    )
    if not isinstance(found, Membership):
        raise NotFound(username)
    return found


def _lock(club: Club) -> None:
    """Changes to one club's roles one after the other (two owners demoting each other at once
    must not leave none)."""
    db.session.execute(select(Club.id).where(Club.id == club.id).with_for_update())


def _last_owner(club: Club, membership: Membership) -> bool:
    if membership.role != "owner":
        return False
    owners = db.session.scalar(
        select(func.count()).where(Membership.club_id == club.id, Membership.role == "owner")
    )
    return (owners or 0) <= 1


def set_role(club: Club, username: str, data: Any, actor_id: int | None = None) -> Membership:
    """Give a member another role (owner). :raise ValidationError: at ``role``. :raise NotFound:
    no such member. :raise Conflict: the last owner, or the personal club."""
    if not isinstance(data, Mapping) or set(data) != {"role"} or data["role"] not in ROLES:
        raise ValidationError([FieldError("role", N_("Must be one of owner, director, scorer, member."))])
    membership = _membership(club, username)
    with transaction():
        _lock(club)
        if data["role"] != "owner" and _last_owner(club, membership):
            raise Conflict(LAST_OWNER)
        if membership.role != data["role"]:
            log(club.id, actor_id, "role_changed", membership.user.username, data["role"])
        membership.role = data["role"]
    return membership


def remove_member(club: Club, username: str, actor_id: int | None = None) -> None:
    """Remove a member, or let one leave. :raise NotFound: no such member. :raise Conflict: the
    last owner, or the personal club."""
    if club.personal:
        raise Conflict(N_("A personal club cannot be left."))
    membership = _membership(club, username)
    with transaction():
        _lock(club)
        if _last_owner(club, membership):
            raise Conflict(LAST_OWNER)
        left = actor_id is None or actor_id == membership.user_id
        log(club.id, actor_id, "left" if left else "removed", membership.user.username)
        db.session.delete(membership)
