"""Reads of clubs and memberships: the club of a request and the caller's role there, in one
statement (:mod:`scorekeeper.access`), and the clubs an account belongs to."""

from __future__ import annotations

from typing import Any, Final

from sqlalchemy import Row, and_, case, literal, select
from sqlalchemy.orm import joinedload

from ..extensions import db
from ..models import Club, ClubLogEntry, Event, ImportJob, Match, Membership, Player, Series, User

#: The models a route can name in its URL, by the name :data:`scorekeeper.access.ACCESS` gives them.
RESOURCES: Final[dict[str, Any]] = {
    "match": Match,
    "player": Player,
    "event": Event,
    "series": Series,
    "job": ImportJob,
}
#: ``id``, ``slug``, ``name``, ``personal``, ``roster_revision`` of a club, and ``role``: an account's there.
ClubRow = Row[int, str, str, bool, int, str]  # (role: None in an outer join when not a member)
COLUMNS: Final = (Club.id, Club.slug, Club.name, Club.personal, Club.roster_revision, Membership.role)


def resource_club(source: str, object_id: int, user_id: int) -> ClubRow | None:
    """``id``, ``slug``, ``personal``, ``roster_revision`` of the club of the resource ``source``
    number ``object_id``,
    and ``role``: the account's role there (None: not a member); ``None``: no such resource."""
    model = RESOURCES[source]
    member = and_(Membership.club_id == model.club_id, Membership.user_id == user_id)
    query = (
        select(*COLUMNS)
        .select_from(model)
        .join(Club, Club.id == model.club_id)
        .outerjoin(Membership, member)
        .where(model.id == object_id)
    )
    return db.session.execute(query).first()


def slug_club(slug: str, user_id: int) -> ClubRow | None:
    """As :func:`resource_club`, for the club of ``slug``."""
    member = and_(Membership.club_id == Club.id, Membership.user_id == user_id)
    query = select(*COLUMNS).select_from(Club).outerjoin(Membership, member).where(Club.slug == slug[:64])
    return db.session.execute(query).first()


def requested_club(user_id: int, slug: str | None, current: int | None) -> ClubRow | None:
    """The club a list or a create works in, among the account's: the one of ``slug``; else the
    ``current`` one (the session's) while still a member, else the personal club. ``None``: the
    account is not a member of a club of that slug (or there is none)."""
    query = (
        select(*COLUMNS)
        .select_from(Membership)
        .join(Club, Club.id == Membership.club_id)
        .where(Membership.user_id == user_id)
    )
    if slug is not None:
        query = query.where(Club.slug == slug[:64])
    elif current is not None:
        preferred = case((Club.id == current, literal(0)), else_=literal(1))
        query = query.where((Club.id == current) | Club.personal).order_by(preferred).limit(1)
    else:
        query = query.where(Club.personal)
    return db.session.execute(query).first()


def personal_club_id(user_id: int) -> int:
    """The id of the account's personal club."""
    found = db.session.scalar(
        select(Club.id)
        .join(Membership, Membership.club_id == Club.id)
        .where(Membership.user_id == user_id, Club.personal)
    )
    if not (found is not None):
        raise RuntimeError("every account has its personal club")
    return found


def first_owner(club_id: int) -> User:
    """The club's longest-standing owner (a club always keeps one)."""
    found = db.session.scalar(
        select(User)
        .join(Membership, Membership.user_id == User.id)
        .where(Membership.club_id == club_id, Membership.role == "owner")
        .order_by(Membership.joined_at, Membership.id)
        .limit(1)
    )
    if not (isinstance(found, User)):
        raise RuntimeError("a club always keeps an owner")
    return found


def club_log(club_id: int, limit: int = 200) -> list[ClubLogEntry]:
    """The club's log, newest first, with each entry's author."""
    return list(
        db.session.scalars(
            select(ClubLogEntry)
            .options(joinedload(ClubLogEntry.actor))
            .where(ClubLogEntry.club_id == club_id)
            .order_by(ClubLogEntry.at.desc(), ClubLogEntry.id.desc())
            .limit(limit)
        )
    )
