"""Hands stored exactly once: the one store of submission keys, shared by the API's
``Idempotency-Key`` header, the single-use key of each hand form, and (later) hands sent by a phone
that was offline, with keys it made itself.

A key belongs to an account. :func:`scorekeeper.services.add_hand` given a :class:`Once` first looks
the key up (:func:`check`): found, it raises :class:`AlreadyDone` and stores nothing; else it stores
the key (:func:`remember`) in the transaction that stores the hand, so neither is ever kept without
the other. Two requests racing with one key: the unique (account, key) pair, or the hand's own
unique number, makes one of the two commits fail; the loser looks again and finds the winner's key.

Only a stored hand is remembered: an answer that stored nothing (a mistake in the hand, a conflict)
is not, so the same key may be sent again once the hand is corrected. Keys are kept :data:`KEEP`
(a phone may stay offline over a weekend), then forgotten when the account stores its next hand.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import delete, select
from sqlalchemy.exc import OperationalError

from .extensions import db
from .models import IdempotencyKey, utcnow

if TYPE_CHECKING:
    from .rules import HandResult
    from .services import MatchView

#: How long a key is remembered, at least.
KEEP: Final = timedelta(days=7)
MAX_KEY: Final = 100

#: Builds the answer to replay, ``(status, JSON body)``, from the hand just stored and the match after
#: it (in the storing transaction, before the commit).
Answer = Callable[["HandResult", "MatchView"], tuple[int, dict[str, Any]]]


def is_valid_key(key: object) -> bool:
    """1 to :data:`MAX_KEY` printable ASCII characters (what an HTTP header carries safely)."""
    return isinstance(key, str) and 1 <= len(key) <= MAX_KEY and all(" " <= c <= "~" for c in key)


def new_key() -> str:
    """A fresh random key (for a hand form as it is rendered)."""
    return secrets.token_urlsafe(24)


def fingerprint(match_id: int, data: Any) -> str:
    """What identifies a request: the match and the hand as sent (JSON, keys sorted)."""
    text = json.dumps([match_id, data], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Once:
    """A hand submission to carry out at most once: ``key`` of account ``user_id``, with the
    :func:`fingerprint` of the request, and how to build the answer a repeat gets (``None``: a page,
    which only needs the hand's number)."""

    user_id: int
    key: str
    fingerprint: str
    answer: Answer | None = None


class AlreadyDone(Exception):
    """The key was used already: ``done`` is what was stored and answered; ``same`` is whether this
    request is the one that used it (else it is a different request under the same key)."""

    def __init__(self, done: IdempotencyKey, same: bool) -> None:
        self.done = done
        self.same = same
        super().__init__(done.key)


def find(user_id: int, key: str) -> IdempotencyKey | None:
    """The account's stored use of ``key``, if it was used."""
    return db.session.scalar(
        select(IdempotencyKey).where(IdempotencyKey.user_id == user_id, IdempotencyKey.key == key)
    )


def check(once: Once) -> None:
    """:raise AlreadyDone: the key was used (stores nothing, changes nothing)."""
    with db.session.no_autoflush:
        done = find(once.user_id, once.key)
    if done is not None:
        raise AlreadyDone(done, same=done.fingerprint == once.fingerprint)


def remember(once: Once, match_id: int, number: int, answer: tuple[int, dict[str, Any]] | None) -> None:
    """Keep the key with what was stored and answered, in the caller's transaction."""
    status, body = answer if answer is not None else (201, None)
    db.session.add(
        IdempotencyKey(
            user_id=once.user_id,
            key=once.key,
            fingerprint=once.fingerprint,
            match_id=match_id,
            hand_number=number,
            status=status,
            body=body,
            created_at=utcnow(),
        )
    )


def forget_old(user_id: int) -> None:
    """Forget the account's keys older than :data:`KEEP`, in a transaction of its own, after a hand
    was stored (only the account's keys: accounts never wait for each other). Best effort: a
    failure (another request of the account busy) only leaves them for the next time."""
    old = (IdempotencyKey.user_id == user_id) & (IdempotencyKey.created_at < utcnow() - KEEP)
    if db.session.scalar(select(IdempotencyKey.id).where(old).limit(1)) is None:
        return  # the usual case: nothing to forget, and no second write
    try:
        db.session.execute(delete(IdempotencyKey).where(old))
        db.session.commit()
    except OperationalError:
        db.session.rollback()
