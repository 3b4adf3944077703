"""Hands stored exactly once: the one store of submission keys, shared by the API's
``Idempotency-Key`` header, the single-use key of each hand form and the keys a phone makes for the
hands it queued offline.

A key belongs to an account. :func:`scorekeeper.services.add_hand` given a :class:`SubmissionKey`
looks the key up once (:func:`look_up`), and the rules of API.md ("Additions") hold for every
caller: the same key for the same match and the same request raises :class:`AlreadyDone` (nothing is
stored; the caller answers what the first request answered); the same key for another match or
another request raises :class:`KeyReused` (a 422 at ``Idempotency-Key``). A new key is stored
(:func:`remember`) in the transaction that stores the hand, which also forgets the account's keys
older than :data:`KEEP` when the look-up found some: neither is ever kept without the other, and one
transaction does it all. Two requests racing with one key: the unique (account, key) pair, or the
hand's own unique number, makes one of the two commits fail; the loser looks again and finds the
winner's key.

Only a stored hand is remembered: an answer that stored nothing (a mistake in the hand, a conflict)
is not, so the same key may be sent again once the hand is corrected.

What a key keeps is the service's data, never an HTTP answer: the hand's match and number, and for a
caller that replays its first answer (the API) a :class:`Snapshot` of the match as that hand left it,
from which the HTTP layer renders the answer again (:func:`snapshot_view`). Rows written before this
format kept the API's answer itself (``{"hand": ..., "match": ...}``); :attr:`Done.answer` gives it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any, Final

from sqlalchemy import Select, bindparam, case, delete, insert, select

from ..extensions import db
from ..models import IdempotencyKey, Match, Player, Seat, Side, utcnow
from ..rules import N_, FieldError, MatchState, RuleSet, ValidationError, load_hand
from .match_fold import fold_stored

#: How long a key is remembered, at least (a phone may stay offline over a weekend).
KEEP: Final = timedelta(days=7)
#: The field a reused key is reported at, as API.md names it.
KEY_FIELD: Final = "Idempotency-Key"
#: Marks a stored :class:`Snapshot` (older rows hold the API's answer instead).
SNAPSHOT_FORMAT: Final = 1


def request_digest(match_id: int, data: Any) -> str:
    """SHA-256 of a hand submission: the match and the hand as sent (JSON, keys sorted). Two requests
    with the same digest are the same request."""
    text = json.dumps([match_id, data], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class SubmissionKey:
    """A hand submission to carry out at most once: ``key`` of account ``user_id``, for the request
    whose :func:`request_digest` is ``digest``. ``replayable``: keep a :class:`Snapshot`, for a
    caller that answers a repeat with its first answer again (the API); a page or a phone needs only
    the hand's number."""

    user_id: int
    key: str
    digest: str
    replayable: bool = False


@dataclass(frozen=True)
class Snapshot:
    """The match as a hand submission left it: its revision, each hand's stored input and version,
    and each side's players by name (they may be renamed later). With the match's fixed columns
    (rule set, house rules, target, sides' names, date) it is all its answer was made of."""

    revision: int
    hands: tuple[tuple[dict[str, Any], int], ...]
    players: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SNAPSHOT_FORMAT,
            "revision": self.revision,
            "hands": [[data, version] for data, version in self.hands],
            "players": [list(names) for names in self.players],
        }

    @classmethod
    def from_json(cls, data: Any) -> Snapshot | None:
        """The snapshot stored as ``data``; ``None`` for anything else (an older row's answer)."""
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            return None
        return cls(
            revision=int(data["revision"]),
            hands=tuple((dict(h), int(v)) for h, v in data["hands"]),
            players=tuple(tuple(names) for names in data["players"]),
        )


@dataclass(frozen=True)
class Done:
    """A used key: the hand it stored (``number`` of match ``match_id``), when, and what was kept to
    answer a repeat (:attr:`snapshot`, or an older row's :attr:`answer`; neither for a key a page
    or a phone used)."""

    match_id: int
    number: int
    created_at: datetime
    snapshot: Snapshot | None
    #: The API's answer ``(status, body)`` as rows written before :class:`Snapshot` kept it.
    answer: tuple[int, dict[str, Any]] | None


class AlreadyDone(Exception):
    """The key was used by this very request (same match, same hand): nothing is stored now."""

    def __init__(self, done: Done) -> None:
        self.done = done
        super().__init__(done.number)


class KeyReused(ValidationError):
    """The key was used for another match or another hand: a 422 at ``Idempotency-Key``."""

    def __init__(self, done: Done) -> None:
        self.done = done
        super().__init__(
            [FieldError(KEY_FIELD, N_("This key was already used for a different request; use a new key."))]
        )


def _done(row: IdempotencyKey) -> Done:
    snapshot = Snapshot.from_json(row.reply)
    legacy = row.reply if snapshot is None and isinstance(row.reply, dict) else None
    return Done(
        match_id=row.match_id,
        number=row.hand_number,
        created_at=row.created_at,
        snapshot=snapshot,
        answer=(row.status, legacy) if legacy is not None else None,
    )


def look_up(submission: SubmissionKey, match_id: int) -> bool:
    """The one look-up of a request's key, which also tells whether the account has keys older than
    :data:`KEEP` to forget (:func:`remember`): one statement.

    :raise AlreadyDone: this request used the key already (same match, same digest).
    :raise KeyReused: another request used it (another match, or another hand).
    """
    with db.session.no_autoflush:
        row: IdempotencyKey | None = db.session.scalar(
            _look_up_statement(),
            {"user_id": submission.user_id, "key": submission.key, "cutoff": utcnow() - KEEP},
        )
    if row is None or row.key != submission.key:
        return row is not None
    if row.match_id == match_id and row.request_digest == submission.digest:
        raise AlreadyDone(_done(row))
    raise KeyReused(_done(row))


@cache
def _look_up_statement() -> Select[IdempotencyKey]:
    """The account's key if it has it, else any of its keys older than the cutoff (built once)."""
    mine = IdempotencyKey.key == bindparam("key")
    old = IdempotencyKey.created_at < bindparam("cutoff")
    return (
        select(IdempotencyKey)
        .where(IdempotencyKey.user_id == bindparam("user_id"), mine | old)
        .order_by(case((mine, 0), else_=1))
        .limit(1)
    )


def remember(
    submission: SubmissionKey, match_id: int, number: int, snapshot: Snapshot | None, forget: bool = True
) -> None:
    """Keep the key with the hand it stored, in the caller's transaction (the unit of work that
    stores the hand); with ``forget`` (:func:`look_up` found some), forget the account's keys older
    than :data:`KEEP` in it too: one DELETE, however many keys the account has. Sent on the unit of
    work's connection, as its other rows."""
    connection = db.session.connection()
    now = utcnow()
    if forget:
        connection.execute(
            delete(IdempotencyKey).where(
                IdempotencyKey.user_id == submission.user_id, IdempotencyKey.created_at < now - KEEP
            )
        )
    connection.execute(
        _insert_key(),
        {
            "user_id": submission.user_id,
            "key": submission.key,
            "fingerprint": submission.digest,
            "match_id": match_id,
            "hand_number": number,
            "status": 201,
            "body": snapshot.to_json() if snapshot is not None else None,
            "created_at": now,
        },
    )


@cache
def _insert_key() -> Any:
    return insert(IdempotencyKey.__table__)


def snapshot_view(match: Match, rs: RuleSet, snapshot: Snapshot) -> tuple[Match, MatchState, tuple[int, ...]]:
    """The match as ``snapshot`` kept it, to render the first answer again: a detached copy of
    ``match`` (never added to the session) with the players of the time, its hands folded from the
    stored inputs, and their versions."""
    copy = Match(
        id=match.id,
        club_id=match.club_id,
        ruleset=match.ruleset,
        target=match.target,
        house_rules=dict(match.house_rules),
        first_dealer=match.first_dealer,
        revision=snapshot.revision,
        created_at=match.created_at,
    )
    copy.sides = [
        Side(
            position=side.position,
            name=side.name,
            seats=[Seat(position=i, player=Player(name=name)) for i, name in enumerate(names)],
        )
        for side, names in zip(match.sides, snapshot.players, strict=True)
    ]
    state = fold_stored(match, rs, [load_hand(data) for data, _ in snapshot.hands])
    return copy, state, tuple(version for _, version in snapshot.hands)
