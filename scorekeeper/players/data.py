"""Load an account's matches for the statistics: a fixed number of queries, whatever the number of
matches (matches, sides, seats with their players, hands), then fold each through the rules."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Match, Seat, Side, as_utc
from ..services import view
from ..stats import MatchRecord, SideRecord, match_record


def load_records(owner_id: int, player_id: int | None = None) -> list[MatchRecord]:
    """The account's matches, oldest first, folded; only those ``player_id`` sat in when given."""
    query = (
        select(Match)
        .where(Match.owner_id == owner_id)
        .order_by(Match.created_at, Match.id)
        .options(
            selectinload(Match.sides).selectinload(Side.seats).joinedload(Seat.player),
            selectinload(Match.hands),
        )
    )
    if player_id is not None:
        query = query.where(
            Match.id.in_(
                select(Side.match_id).join(Seat, Seat.side_id == Side.id).where(Seat.player_id == player_id)
            )
        )
    return [record(match) for match in db.session.scalars(query)]


def record(match: Match) -> MatchRecord:
    mv = view(match)
    sides = [
        SideRecord(
            name=side.name,
            player_ids=tuple(seat.player_id for seat in side.seats),
            player_names=tuple(seat.player.name for seat in side.seats),
        )
        for side in match.sides
    ]
    return match_record(match.id, match.ruleset, as_utc(match.created_at), sides, mv.state)
