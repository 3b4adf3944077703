"""Share links: a match's live, read-only address for the people at the table (at most one active
per match). Creating or revoking one is a change to the match: logged, and it bumps its revision.
The share pages' reads are :mod:`.share_reads`."""

from __future__ import annotations

import secrets

from ..models import Match, ShareLink, utcnow
from .unit_of_work import match_write


def active_share_link(match: Match) -> ShareLink | None:
    return next((link for link in match.share_links if link.revoked_at is None), None)


def create_share_link(match: Match, actor_id: int | None = None) -> ShareLink:
    """The match's live read-only link, made now unless one is already active."""
    link = active_share_link(match)
    if link is None:
        with match_write() as write:
            link = ShareLink(token=secrets.token_urlsafe(24))
            match.share_links.append(link)
            write.log(match, "share_created", actor_id)
    return link


def revoke_share_link(match: Match, actor_id: int | None = None) -> bool:
    """Revoke the active link (its URL then answers 404); False if there was none."""
    link = active_share_link(match)
    if link is None:
        return False
    with match_write() as write:
        link.revoked_at = utcnow()
        write.log(match, "share_revoked", actor_id)
    return True
