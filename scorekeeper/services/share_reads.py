"""Reads of the share area: the match behind a live link, and its version for the ETag of the
shared pages (one small query, so that an unchanged board answers 304 without loading the match)."""

from __future__ import annotations

from datetime import datetime
from typing import Final

from sqlalchemy import Row, Select, bindparam, select

from ..extensions import db
from ..models import Club, Match, ShareLink
from .errors import NotFound
from .matches import get_match


def shared_match(token: str) -> Match:
    """The match behind an active share token. :raise NotFound: unknown or revoked token."""
    link = db.session.scalar(
        select(ShareLink).where(ShareLink.token == token, ShareLink.revoked_at.is_(None))
    )
    if link is None:
        raise NotFound(token)
    return get_match(link.match.club_id, link.match_id)


#: The version of the match behind an active share token; built once.
SHARED_VERSION: Final[Select[int, int, datetime, int, int]] = (
    select(Match.id, Match.revision, Match.updated_at, Match.club_id, Club.roster_revision)
    .join(ShareLink, ShareLink.match_id == Match.id)
    .join(Club, Club.id == Match.club_id)
    .where(ShareLink.token == bindparam("token"), ShareLink.revoked_at.is_(None))
)


def shared_version(token: str) -> Row[int, int, datetime, int, int] | None:
    """``id``, ``revision``, ``updated_at``, ``club_id`` and ``roster_revision`` of the match behind
    an active share token (what the owner's scoreboard ETag is made of); ``None``: no such link."""
    return db.session.execute(SHARED_VERSION, {"token": token}).first()
