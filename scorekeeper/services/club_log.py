"""The club's log: who made the club, joined, left, was removed, changed a role, made or revoked an
invitation, deleted a match, and when. Entries are added in the transaction of the change itself."""

from __future__ import annotations

from ..extensions import db
from ..models import ClubLogEntry


def log(club_id: int, actor_id: int | None, action: str, subject: str = "", detail: str = "") -> None:
    """Add an entry to the club's log, in the transaction under way."""
    db.session.add(
        ClubLogEntry(
            club_id=club_id, actor_id=actor_id, action=action, subject=subject[:80], detail=detail[:80]
        )
    )
