"""Invitations to join a club, and the club's log (API.md, "Clubs": invitations).

An invitation carries a role, a number of uses and an expiry; its token (192 random bits) is shown
once, and only its SHA-256 is stored. Taking a use is one conditional ``UPDATE … WHERE uses_left >
0``: two people taking the last use at once, one joins and the other is told it is used up. Owners
invite to any role; directors to ``scorer`` and ``member``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, Final

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import ROLES, Club, Invitation, Membership, User, as_utc, utcnow
from ..rules import N_, FieldError, ValidationError
from ..rules.house_rules import is_whole_number
from .club_log import log
from .errors import NotFound
from .unit_of_work import transaction

MAX_USES: Final = 500
MAX_DAYS: Final = 90
#: What a director may invite to; an owner invites to any role.
DIRECTOR_INVITES: Final = frozenset({"scorer", "member"})


class NotAllowed(PermissionError):
    """The caller's role may not do this (a director inviting a director)."""


class Gone(LookupError):
    """The invitation cannot be used: ``reason`` is ``used_up``, ``expired``, ``revoked`` or ``unknown``."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create_invitation(club: Club, actor_id: int, actor_role: str, data: Any) -> tuple[Invitation, str]:
    """A new invitation and its token (shown once), committed.

    :raise ValidationError: at ``role``, ``uses`` or ``expires_in_days``. :raise NotAllowed: a
        director inviting to ``owner`` or ``director``.
    """
    if not isinstance(data, Mapping):
        raise ValidationError([FieldError("_", N_("Must be a JSON object."))])
    errors = [
        FieldError(str(k)[:40], N_("Unknown field."))
        for k in data
        if k not in ("role", "uses", "expires_in_days")
    ]
    role, uses, days = data.get("role", "member"), data.get("uses", 1), data.get("expires_in_days", 7)
    if role not in ROLES:
        errors.append(FieldError("role", N_("Must be one of owner, director, scorer, member.")))
    if not (is_whole_number(uses) and 1 <= uses <= MAX_USES):
        errors.append(FieldError("uses", N_("Must be a whole number from 1 to 500.")))
    if not (is_whole_number(days) and 1 <= days <= MAX_DAYS):
        errors.append(FieldError("expires_in_days", N_("Must be a whole number from 1 to 90.")))
    if errors:
        raise ValidationError(errors)
    if actor_role != "owner" and role not in DIRECTOR_INVITES:
        raise NotAllowed(role)
    token = secrets.token_urlsafe(24)
    invitation = Invitation(
        club_id=club.id,
        role=role,
        uses_left=uses,
        token_hash=token_hash(token),
        expires_at=utcnow() + timedelta(days=days),
        created_by=actor_id,
    )
    with transaction():
        db.session.add(invitation)
        db.session.flush()
        log(club.id, actor_id, "invitation_made", str(invitation.id), role)
    return invitation, token


def invitations_of(club_id: int) -> list[Invitation]:
    """The club's invitations, newest first (their tokens are not kept)."""
    return list(
        db.session.scalars(
            select(Invitation).where(Invitation.club_id == club_id).order_by(Invitation.id.desc()).limit(500)
        )
    )


def revoke_invitation(club: Club, invitation_id: int, actor_id: int) -> None:
    """:raise NotFound: no such invitation of this club."""
    invitation = db.session.get(Invitation, invitation_id)
    if invitation is None or invitation.club_id != club.id:
        raise NotFound(invitation_id)
    if invitation.revoked_at is None:
        with transaction():
            invitation.revoked_at = utcnow()
            log(club.id, actor_id, "invitation_revoked", str(invitation.id), invitation.role)


def state(invitation: Invitation | None) -> str:
    """``valid``, or why it cannot be used: ``unknown``, ``revoked``, ``expired`` or ``used_up``."""
    if invitation is None:
        return "unknown"
    if invitation.revoked_at is not None:
        return "revoked"
    if as_utc(invitation.expires_at) <= utcnow():
        return "expired"
    return "used_up" if invitation.uses_left <= 0 else "valid"


def find(token: str) -> Invitation | None:
    if not token or len(token) > 100:
        return None
    found = db.session.scalar(select(Invitation).where(Invitation.token_hash == token_hash(token)))
    return found if isinstance(found, Invitation) else None


def accept(token: str, user_id: int) -> tuple[Club, str, bool]:
    """Join the invitation's club: ``(club, role, joined)``; ``joined`` is False for someone who
    was a member already (their role unchanged, no use taken).

    :raise Gone: the invitation is used up, expired, revoked or unknown.
    """
    invitation = find(token)
    if invitation is None:
        raise Gone("unknown")
    club = db.session.get(Club, invitation.club_id)
    if club is None:
        raise RuntimeError("an invitation's club is gone with it")
    held = db.session.scalar(
        select(Membership.role).where(Membership.club_id == club.id, Membership.user_id == user_id)
    )
    if held is not None:
        return club, held, False
    reason = state(invitation)
    if reason != "valid":
        raise Gone(reason)
    username = db.session.scalar(select(User.username).where(User.id == user_id)) or ""
    try:
        with transaction():
            taken = db.session.execute(
                update(Invitation)
                .where(
                    Invitation.id == invitation.id,
                    Invitation.uses_left > 0,
                    Invitation.revoked_at.is_(None),
                    Invitation.expires_at > utcnow(),
                )
                .values(uses_left=Invitation.uses_left - 1)
                .execution_options(synchronize_session=False)
            )
            if taken.rowcount != 1:  # type: ignore[attr-defined]
                raise Gone("used_up")
            db.session.add(Membership(club_id=club.id, user_id=user_id, role=invitation.role))
            log(club.id, user_id, "joined", username, invitation.role)
    except IntegrityError:  # the same account joining twice at once: it is a member
        db.session.rollback()
        return club, invitation.role, False
    return club, invitation.role, True
