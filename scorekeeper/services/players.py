"""The players of an account: found or added by name when a match is created or imported, renamed,
and merged (two names that turn out to be one person)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select

from ..extensions import db
from ..models import Player, Seat, Side
from ..rules import N_, FieldError, ValidationError
from ..rules.match_setup import MAX_NAME
from .player_reads import get_player
from .unit_of_work import match_write, transaction


def find_or_add_players(club_id: int, names: Iterable[str]) -> dict[str, Player]:
    """The account's players of these names, added (and flushed) when new, in the caller's unit of
    work. They are found or added in name order: two devices adding the same new players then wait
    for each other in one order (in seating order they could deadlock); the one that loses the race
    to add a name gets an ``IntegrityError`` and tries again (:func:`.unit_of_work.retried`)."""
    players = {}
    for name in sorted(set(names)):
        player = db.session.scalar(select(Player).where(Player.club_id == club_id, Player.name == name))
        if player is None:
            player = Player(club_id=club_id, name=name)
            db.session.add(player)
            db.session.flush()
        players[name] = player
    return players


def rename_player(club_id: int, player_id: int, name: Any) -> Player:
    """Give a player a new name.

    :raise NotFound: not this account's player. :raise ValidationError: at ``name`` (empty, too long,
        or another player's name: merge them instead).
    """
    player = get_player(club_id, player_id)
    clean = name.strip() if isinstance(name, str) else ""
    if not clean or len(clean) > MAX_NAME:
        raise ValidationError(
            [
                FieldError(
                    "name", N_("Give the player a name of 1 to {maximum} characters."), {"maximum": MAX_NAME}
                )
            ]
        )
    other = db.session.scalar(select(Player).where(Player.club_id == club_id, Player.name == clean))
    if other is not None and other.id != player.id:
        raise ValidationError(
            [FieldError("name", N_("{name} already exists: merge the two players instead."), {"name": clean})]
        )
    with transaction():  # the account's roster_revision follows (scorekeeper.invariant)
        player.name = clean
    return player


def _matches_of(player_id: int) -> set[int]:
    """The ids of the matches ``player_id`` sat in (one statement)."""
    seated = select(Side.match_id).join(Seat, Seat.side_id == Side.id).where(Seat.player_id == player_id)
    return set(db.session.scalars(seated))


def merge_players(club_id: int, keep_id: int, merge_id: int) -> Player:
    """Move every seat of player ``merge_id`` to ``keep_id`` and delete ``merge_id``.

    :raise NotFound: either is not this account's player. :raise ValidationError: at ``merge``
        when they are the same player, or both sat in one match (one person cannot play twice).
    :raise Conflict: another device was saving into those matches at the same moment (nothing
        changed).
    """
    keep, gone = get_player(club_id, keep_id), get_player(club_id, merge_id)
    if keep.id == gone.id:
        raise ValidationError([FieldError("merge", N_("Choose two different players."))])
    seats_gone = list(db.session.scalars(select(Seat).where(Seat.player_id == gone.id)))
    gone_matches = _matches_of(gone.id)
    if _matches_of(keep.id) & gone_matches:
        raise ValidationError(
            [FieldError("merge", N_("Both played in the same match, so they are two people."))]
        )
    with match_write() as write:
        # Moving a seat bumps its match's revision (scorekeeper.invariant): a device saving a hand
        # into one of them gets a conflict instead of counting it for the player that is going away.
        for seat in seats_gone:
            seat.player_id = keep.id
        write.rebuild_totals(club_id)  # the totals of both, and of their partners
        db.session.delete(gone)  # and the account's roster_revision
    return keep
