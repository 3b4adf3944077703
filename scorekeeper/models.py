"""Database models. Hands store what the players entered; every score is derived from it."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any, Final

from flask_login import UserMixin
from sqlalchemy import (
    JSON,
    BigInteger,
    Date,
    DateTime,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    event,
    insert,
    text,
)
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from .extensions import db
from .invariant import itself, parent, part_of_match, shows_names
from .stats import SIDE_COLUMNS

#: Times are UTC, with their zone where the database keeps one (PostgreSQL; SQLite drops it).
UtcDateTime = DateTime(timezone=True)
#: Sums of points, which many matches of huge penalties can take past 2**31: 64 bits (SQLite's
#: INTEGER already holds 64).
BigSum = BigInteger().with_variant(Integer(), "sqlite")


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """``moment`` with its UTC zone (SQLite gives stored times back without one)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


#: SQLite's AUTOINCREMENT, for the tables whose ids leave the server (URLs, forms, the account's tag,
#: a phone's queue) and whose rows can be deleted: without it the newest row's id, once deleted, is
#: given to the next row (migration 0012; PostgreSQL's sequences never go back). Not for ids that stay
#: inside (sides, hands, log entries) nor for rows named by a random token (login sessions, share links).
NEVER_REUSED_IDS: Final[dict[str, Any]] = {"sqlite_autoincrement": True}


class User(UserMixin, db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "users"
    __table_args__ = NEVER_REUSED_IDS

    id: Mapped[int] = mapped_column(primary_key=True)
    #: Stored case-folded: phones capitalise the first letter of what people type.
    username: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


#: The roles of a club's members, each holding the rights of those after it (API.md, "Clubs").
ROLES: Final = ("owner", "director", "scorer", "member")


class Club(db.Model):  # type: ignore[name-defined,misc]
    """Who owns the data: every match, player, event, series and rating belongs to a club, and
    accounts reach a club through a :class:`Membership`. Each account has its personal club, made
    with it (``personal``; slug ``~`` + the username, a form that no chosen slug can take)."""

    __tablename__ = "clubs"
    __table_args__ = NEVER_REUSED_IDS

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    personal: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    public: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    #: How published pages write players: ``"full"`` or ``"initials"`` ("Ana M.").
    public_names: Mapped[str] = mapped_column(String(10), default="full", server_default="full")
    #: The language and time zone of the club's wall and printables.
    language: Mapped[str] = mapped_column(String(5), default="es", server_default="es")
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: Grows when a player of this club is renamed or merged: pages that show player names
    #: include it in their ETag.
    roster_revision: Mapped[int] = mapped_column(default=0, server_default="0")


class Membership(db.Model):  # type: ignore[name-defined,misc]
    """An account's place in a club, with its role (one of :data:`ROLES`)."""

    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("club_id", "user_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(10))
    joined_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)

    club: Mapped[Club] = relationship()
    user: Mapped[User] = relationship()


class Invitation(db.Model):  # type: ignore[name-defined,misc]
    """A link that lets people join a club with a role, a number of times until it expires. Only the
    SHA-256 of its token is kept (the token is shown once, when it is made)."""

    __tablename__ = "club_invitations"
    __table_args__ = NEVER_REUSED_IDS

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(10))
    uses_left: Mapped[int]
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)


class ClubLogEntry(db.Model):  # type: ignore[name-defined,misc]
    """Who joined, left, changed a role, made or revoked an invitation in a club, and when."""

    __tablename__ = "club_log"
    __table_args__ = (Index("ix_club_log_club_at", "club_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: Who did it (NULL once that account is deleted).
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    #: ``created``, ``joined``, ``left``, ``removed``, ``role_changed``, ``invitation_made``,
    #: ``invitation_revoked``.
    action: Mapped[str] = mapped_column(String(30))
    #: Whom it concerns: a username, or an invitation's number.
    subject: Mapped[str] = mapped_column(String(80), default="")
    #: The new role, or the invitation's role.
    detail: Mapped[str] = mapped_column(String(80), default="")

    actor: Mapped[User | None] = relationship()


PERSONAL_PREFIX: Final = "~"


@event.listens_for(User, "after_insert")
def _make_personal_club(_mapper: Any, connection: Connection, user: User) -> None:
    """Every account is made with its personal club, of which it is the only member and owner, in
    the same transaction (whoever creates the account: a page, the CLI, a test)."""
    club_id = connection.execute(
        insert(Club).values(slug=PERSONAL_PREFIX + user.username, name=user.username, personal=True,
                            created_at=user.created_at).returning(Club.id)
    ).scalar_one()
    connection.execute(insert(Membership).values(club_id=club_id, user_id=user.id, role="owner",
                                                 joined_at=user.created_at))


class ApiToken(db.Model):  # type: ignore[name-defined,misc]
    """A bearer token for the API; only its SHA-256 is stored, so a leaked database leaks no token."""

    __tablename__ = "api_tokens"
    __table_args__ = NEVER_REUSED_IDS

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    #: The login session it was made in (its ``token_hash``: unlike an id, never given to a later
    #: session), or NULL when made by the command line. Ending that session from another device
    #: ("Log out my other devices", a password change) revokes the token (scorekeeper.sessions).
    session_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    #: Why it was revoked, when not by its owner or the command line: ``"sessions"``, with the login
    #: sessions it was made in (the tokens page says so).
    revoked_reason: Mapped[str | None] = mapped_column(String(20), default=None)

    user: Mapped[User] = relationship()


class LoginSession(db.Model):  # type: ignore[name-defined,misc]
    """A logged-in browser, known to the server (:mod:`scorekeeper.sessions`): its cookies carry a
    random token of which only the SHA-256 is kept here; deleting the row logs that browser out,
    whatever copies of its cookies exist."""

    __tablename__ = "login_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: "Remember me on this device": kept across browser restarts (the remember cookie).
    remember: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: Refreshed at most once per :data:`scorekeeper.sessions.TOUCH_EVERY`, for the idle timeout.
    seen_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: The browser, as its User-Agent names it (shortened), so that the account page can list devices.
    agent: Mapped[str] = mapped_column(String(400), default="")


class AuthAttempt(db.Model):  # type: ignore[name-defined,misc]
    """One counted attempt (a failed login, a registration) under a throttling key such as
    ``addr:1.2.3.4`` or ``user:ana`` (:mod:`scorekeeper.throttle`). In the app's own database, so that
    every process of every machine counts together; rows older than the longest window are pruned."""

    __tablename__ = "auth_attempts"
    __table_args__ = (Index("ix_auth_attempts_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)


class AuthKey(db.Model):  # type: ignore[name-defined,misc]
    """One row per throttling key, written first in the transaction that counts an attempt under
    it: the row lock (the database's lock on SQLite) makes simultaneous attempts under one key count
    one after the other, so none is let through past the limit (:mod:`scorekeeper.throttle`)."""

    __tablename__ = "auth_keys"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    #: Last time it was counted under, so that keys unused for a day can be pruned.
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)


@shows_names(["name"], lambda session, p: session.get(Club, p.club_id), "roster_revision")
class Player(db.Model):  # type: ignore[name-defined,misc]
    """A person who plays at an account's table; the same name is the same player."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("club_id", "name"), NEVER_REUSED_IDS)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(60))


#: The columns of a match that the statistics count (its result), rewritten by ``summarise``.
MATCH_RESULT: Final = ("finished", "winner", "hand_count", "totals")


def _match_of(session: Session, row: Any) -> Match | None:
    """The match of a row that holds ``match_id`` (a side, a hand, a log entry, a share link)."""
    found: Match | None = parent(session, row, "match", Match, "match_id")
    return found


def _side_match(session: Session, row: Any) -> Match | None:
    """The match of a side's row (a seat, a canasta count)."""
    side = parent(session, row, "side", Side, "side_id")
    return _match_of(session, side) if side is not None else None


# The invariant (scorekeeper.invariant): what the running totals count, and what pages show.
@part_of_match(
    "A match", itself, scored=[*MATCH_RESULT, "hands", "sides"], unshown=["revision", "updated_at"]
)
class Match(db.Model):  # type: ignore[name-defined,misc]
    """A match is the unit of consistency: every write to it bumps ``revision`` with
    ``UPDATE ... WHERE revision = <the one read>``, so of two concurrent writers the second fails
    (``StaleDataError``) instead of overwriting what the first did."""

    __tablename__ = "matches"
    __table_args__ = (Index("ix_matches_club_created", "club_id", "created_at"), NEVER_REUSED_IDS)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    ruleset: Mapped[str] = mapped_column(String(20))
    target: Mapped[int]
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: Seat (in table order, see :func:`scorekeeper.seating.table_order`) of the first hand's dealer.
    first_dealer: Mapped[int] = mapped_column(default=0, server_default="0")
    #: Grows with every change to the match; the ETag of the shared live view and the version that
    #: concurrent editors compare.
    revision: Mapped[int] = mapped_column(default=0, server_default="0")
    #: A finished match is read-only until its owner chooses to continue editing it.
    unlocked: Mapped[bool] = mapped_column(default=False, server_default="0")
    # A summary derived from the hands and rewritten with them, so lists and filters need not fold
    # every match; the hands stay the source of truth (``services.view`` recomputes everything).
    finished: Mapped[bool] = mapped_column(default=False, server_default="0", index=True)
    winner: Mapped[int | None] = mapped_column(default=None)
    hand_count: Mapped[int] = mapped_column(default=0, server_default="0")
    totals: Mapped[list[int]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)
    #: When the organiser closed the club-night round of this game (:mod:`.services.events`): the
    #: match is finished as it stands (the rules' ``settled`` fold input), takes no new hand, and
    #: accepts corrections. ``None`` for every other match.
    settled_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)

    sides: Mapped[list[Side]] = relationship(
        order_by="Side.position", cascade="all, delete-orphan", back_populates="match"
    )
    hands: Mapped[list[Hand]] = relationship(
        order_by="Hand.number", cascade="all, delete-orphan", back_populates="match"
    )
    __mapper_args__ = {"version_id_col": revision, "version_id_generator": False}  # noqa: RUF012

    log: Mapped[list[EditLog]] = relationship(
        order_by="EditLog.id", cascade="all, delete-orphan", back_populates="match"
    )
    share_links: Mapped[list[ShareLink]] = relationship(
        order_by="ShareLink.id", cascade="all, delete-orphan", back_populates="match"
    )


@part_of_match(
    "A side", _match_of, scored=["match", "match_id", "position", *SIDE_COLUMNS, "canastas", "seats"]
)
class Side(db.Model):  # type: ignore[name-defined,misc]
    __tablename__ = "sides"
    __table_args__ = (UniqueConstraint("match_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))
    # The side's figures over the match's hands (``stats.SideFigures``), derived and rewritten with
    # the hands like the match's summary, so the statistics need not fold every match.
    points: Mapped[int] = mapped_column(BigSum, default=0, server_default="0")
    went_out: Mapped[int] = mapped_column(default=0, server_default="0")
    penalty_count: Mapped[int] = mapped_column(default=0, server_default="0")
    penalty_points: Mapped[int] = mapped_column(BigSum, default=0, server_default="0")
    #: The side's highest hand total, and the number of the first hand with it (``None`` before any).
    best_score: Mapped[int | None] = mapped_column(default=None)
    best_hand: Mapped[int | None] = mapped_column(default=None)

    match: Mapped[Match] = relationship(back_populates="sides")
    #: Canastas that scored, one row per kind: rows, so that the database can sum them by kind.
    canastas: Mapped[list[SideCanasta]] = relationship(cascade="all, delete-orphan")
    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.position", cascade="all, delete-orphan", lazy="selectin"
    )

    @property
    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]


@part_of_match("A side's canastas", _side_match)
class SideCanasta(db.Model):  # type: ignore[name-defined,misc]
    """How many canastas of one kind that scored a side made over its match (part of its figures)."""

    __tablename__ = "side_canastas"

    side_id: Mapped[int] = mapped_column(ForeignKey("sides.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    count: Mapped[int]


@part_of_match("A seat", _side_match, scored=["side_id", "player_id", "player", "position"])
class Seat(db.Model):  # type: ignore[name-defined,misc]
    """A player's place in a side, in seating order."""

    __tablename__ = "seats"

    side_id: Mapped[int] = mapped_column(ForeignKey("sides.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)

    player: Mapped[Player] = relationship(lazy="joined")


@part_of_match("A hand", _match_of)
class Hand(db.Model):  # type: ignore[name-defined,misc]
    """One hand as entered (``input`` is the normalised API body). The unique (match, number) pair
    is what keeps two devices from storing the same hand twice."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    number: Mapped[int]
    input: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(default=1)
    #: The hand's scores as the rules gave them, as the API's JSON of the hand behind a digest of the
    #: code that made it (:mod:`scorekeeper.services.hand_results`): derived from ``input`` and the
    #: hands before it, written with them, read only if made by today's code (migration 0020).
    result: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)

    match: Mapped[Match] = relationship(back_populates="hands")


@part_of_match("A log entry", _match_of, scored=[])
class EditLog(db.Model):  # type: ignore[name-defined,misc]
    """What was done to a match, when and by which account; edits keep the input they replaced."""

    __tablename__ = "edit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: ``match_created``, ``hand_added``, ``hand_edited``, ``hand_deleted``, ``hand_undone``,
    #: ``match_reopened``, ``share_created``, ``share_revoked``, ``match_imported``, and for a club-night
    #: game ``match_settled`` (its round closed it unfinished) or ``round_closed`` (it had ended).
    action: Mapped[str] = mapped_column(String(30))
    hand_number: Mapped[int | None] = mapped_column(default=None)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    #: The club-night table whose link sent the change (a hand entered on the table's phone; the
    #: account is then the organiser's); ``None``: the account itself made it.
    via_table: Mapped[int | None] = mapped_column(default=None)

    match: Mapped[Match] = relationship(back_populates="log")
    user: Mapped[User | None] = relationship()


@part_of_match("A share link", _match_of, scored=[])
class ShareLink(db.Model):  # type: ignore[name-defined,misc]
    """A read-only link to a match's live scoreboard for the people at the table (no account)."""

    __tablename__ = "share_links"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)

    match: Mapped[Match] = relationship(back_populates="share_links")


class _Figures:
    """The figures of a player or partnership added up over its sides (``stats.Stats``), kept as
    running totals: each change to a match adds the difference it makes
    (:mod:`scorekeeper.running_totals`)."""

    played: Mapped[int] = mapped_column(default=0, server_default="0")
    won: Mapped[int] = mapped_column(default=0, server_default="0")
    in_progress: Mapped[int] = mapped_column(default=0, server_default="0")
    hands: Mapped[int] = mapped_column(default=0, server_default="0")
    points: Mapped[int] = mapped_column(BigSum, default=0, server_default="0")
    went_out: Mapped[int] = mapped_column(default=0, server_default="0")
    penalty_count: Mapped[int] = mapped_column(default=0, server_default="0")
    penalty_points: Mapped[int] = mapped_column(BigSum, default=0, server_default="0")


class PlayerTotal(_Figures, db.Model):  # type: ignore[name-defined,misc]
    """A player's totals in one rule set, with their best hand (``None`` before any hand)."""

    __tablename__ = "player_totals"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(20), primary_key=True)
    best_score: Mapped[int | None] = mapped_column(default=None)
    best_match_id: Mapped[int | None] = mapped_column(default=None)
    best_hand: Mapped[int | None] = mapped_column(default=None)
    best_created_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)


class PlayerTotalCanasta(db.Model):  # type: ignore[name-defined,misc]
    """How many canastas of one kind that scored a player's sides made in one rule set."""

    __tablename__ = "player_total_canastas"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(20), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    count: Mapped[int]


class PartnershipTotal(_Figures, db.Model):  # type: ignore[name-defined,misc]
    """A player's totals with the same partners (their lowest and highest id: a side has at most
    three players), over every rule set, and the side of their latest match (for its names)."""

    __tablename__ = "partnership_totals"

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    partner_low: Mapped[int] = mapped_column(primary_key=True)
    partner_high: Mapped[int] = mapped_column(primary_key=True)
    #: No cascade: a side is never deleted alone; whatever deletes a match must first move this
    #: reference or drop the row (:func:`scorekeeper.running_totals.take_out`, or add the totals up
    #: again: :func:`~scorekeeper.running_totals.rebuild`), and this key makes it fail until it does.
    latest_side_id: Mapped[int] = mapped_column(ForeignKey("sides.id"))
    latest_match_id: Mapped[int]
    latest_created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class IdempotencyKey(db.Model):  # type: ignore[name-defined,misc]
    """A hand submission already carried out (:mod:`scorekeeper.services.submission_keys`): an API
    client's ``Idempotency-Key``, the single-use key of a hand form or a phone's key for a queued
    hand, per account, with the hand it stored, so that the same submission sent again stores
    nothing. Written in the transaction that stores the hand; the unique pair settles two requests
    racing."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("user_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(100))
    #: SHA-256 of the request (the match and the hand as sent), to tell a repeat from a different
    #: request under the same key (the column keeps its first name).
    request_digest: Mapped[str] = mapped_column("fingerprint", String(64))
    match_id: Mapped[int]
    hand_number: Mapped[int]
    status: Mapped[int]
    #: What a repeat is answered from: a ``Snapshot`` of the match (format 1), ``None`` for a page's
    #: or a phone's key, or in rows written before snapshots the API's answer as it was sent.
    reply: Mapped[dict[str, Any] | None] = mapped_column("body", JSON, default=None)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)


class FormUse(db.Model):  # type: ignore[name-defined,misc]
    """A page form that created something, by its single-use key (:mod:`scorekeeper.single_use`):
    a new match, a rematch, a share link, an API token, a merge, an import, an account. The same
    form sent again
    (a double tap, Back then submit) finds its key here, creates nothing and is shown ``target``,
    what the first one made. Written in the transaction of the create; the unique pair settles two
    requests racing."""

    __tablename__ = "form_uses"
    __table_args__ = (UniqueConstraint("user_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    #: Indexed alone too: a register form's key is looked up before there is an account.
    key: Mapped[str] = mapped_column(String(100), index=True)
    #: What the form did (``match``, ``rematch``, ``share``, ``token``, ``merge``, ``import``,
    #: ``register``).
    action: Mapped[str] = mapped_column(String(20))
    #: The path of the page that shows what it made (a scoreboard, the tokens page...).
    target: Mapped[str] = mapped_column(String(300))
    #: The match it made or shared, if any: deleting that match forgets the use, so the same form
    #: may make it again rather than show a page that is gone.
    match_id: Mapped[int | None] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), default=None, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)


class ImportJob(db.Model):  # type: ignore[name-defined,misc]
    """A large import running in the background (:mod:`scorekeeper.services.imports`): its progress
    and its outcome, in the database so that any worker can show them. The matches themselves are
    stored in one transaction at the end: a failed or interrupted job stored nothing."""

    __tablename__ = "import_jobs"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    #: ``checking`` (the rules read the file), ``storing``, then ``done`` or ``failed``.
    state: Mapped[str] = mapped_column(String(10), default="checking")
    #: Matches in the file (0 until it is read), and how many the rules have checked so far.
    total: Mapped[int] = mapped_column(default=0)
    checked: Mapped[int] = mapped_column(default=0)
    imported: Mapped[int] = mapped_column(default=0)
    skipped: Mapped[int] = mapped_column(default=0)
    #: Why it failed: the file's problems (``export_formats.Problem`` as JSON), or ``None`` with
    #: ``failed`` when the database failed (the reason is in the server's log).
    problems: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    truncated: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)


#: The scope of ratings over every rule set (the others are a rule set's id).
ALL_RULESETS: Final = "*"


class RatingStep(db.Model):  # type: ignore[name-defined,misc]
    """A player's rating after one rated (finished) match, in one scope (:data:`ALL_RULESETS` or
    the match's rule set): the history a replay writes (:mod:`scorekeeper.services.ratings`), from
    which the chart, the trend and the partnerships are read. Derived, never entered: a replay
    from any match rewrites the steps from it onward."""

    __tablename__ = "rating_steps"
    __table_args__ = (
        Index("ix_rating_steps_club_scope_order", "club_id", "scope", "created_at", "match_id"),
        Index("ix_rating_steps_player_scope_number", "player_id", "scope", "number"),
    )

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    scope: Mapped[str] = mapped_column(String(20), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    #: The match's creation time (the replay's order, with the match's id).
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    #: How many rated matches the player has in the scope, this one included.
    number: Mapped[int]
    side: Mapped[int]
    seat: Mapped[int]
    #: The side's players' ids, sorted, joined by commas: the partnership.
    team: Mapped[str] = mapped_column(String(200))
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    #: The model's chance that the side wins, before the match; and what it got (1 won, 0 lost,
    #: a share of 1 among sides with the same best total).
    expected: Mapped[float] = mapped_column(Double)
    actual: Mapped[float] = mapped_column(Double)


class PlayerRating(db.Model):  # type: ignore[name-defined,misc]
    """A player's current rating in one scope: their latest :class:`RatingStep`, kept beside it so
    that a ladder is one indexed read."""

    __tablename__ = "player_ratings"
    __table_args__ = (Index("ix_player_ratings_club_scope", "club_id", "scope", "ordinal"),)

    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    scope: Mapped[str] = mapped_column(String(20), primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    mu: Mapped[float] = mapped_column(Double)
    sigma: Mapped[float] = mapped_column(Double)
    #: mu − 3 sigma: the ladder's order.
    ordinal: Mapped[float] = mapped_column(Double)
    matches: Mapped[int]


# --- Club nights (:mod:`scorekeeper.services.events`): a layer above ordinary matches -------------


class Event(db.Model):  # type: ignore[name-defined,misc]
    """A club night or tournament of one account, the organiser. Its games are ordinary matches of
    that account (:class:`EventTable`); the event owns no scoring, and its standings are derived
    from those matches (:mod:`scorekeeper.standings`)."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("club_id", "request_key"), NEVER_REUSED_IDS)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    #: The series (a season) the night counts in, if any (:class:`Series`; issue 21).
    series_id: Mapped[int | None] = mapped_column(
        ForeignKey("series.id", ondelete="SET NULL"), default=None, index=True
    )
    #: The day it is played (the organiser's choice; ``None``: the day it was created).
    held_on: Mapped[date | None] = mapped_column(Date, default=None)
    ruleset: Mapped[str] = mapped_column(String(20))
    target: Mapped[int]
    #: House rules of every game (with ``hands_limit`` added from ``game``).
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: ``round_robin``, ``mitchell``, ``swiss`` or ``individual`` (:mod:`scorekeeper.pairings`).
    format: Mapped[str] = mapped_column(String(20))
    #: How many rounds the event has.
    rounds: Mapped[int]
    #: ``{"hands": N}``, ``{"minutes": M}`` or ``{}`` (to the target), as API.md names it.
    game: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: Match points of a win, a draw, a loss and a bye.
    points: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: Players per entry (1 or 2; 1 in ``individual``).
    entry_size: Mapped[int] = mapped_column(default=2)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    #: The API's ``Idempotency-Key`` it was created with, and the SHA-256 of that request.
    request_key: Mapped[str | None] = mapped_column(String(100), default=None)
    request_digest: Mapped[str | None] = mapped_column(String(64), default=None)

    entries: Mapped[list[Entry]] = relationship(
        order_by="Entry.id", cascade="all, delete-orphan", back_populates="event"
    )
    club: Mapped[Club] = relationship()
    event_rounds: Mapped[list[EventRound]] = relationship(
        order_by="EventRound.number", cascade="all, delete-orphan", back_populates="event"
    )

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


class Entry(db.Model):  # type: ignore[name-defined,misc]
    """A fixed pair or single player of an event (a single player in ``individual``)."""

    __tablename__ = "event_entries"
    __table_args__ = (UniqueConstraint("event_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    #: The players' names (1 or 2), as the matches seat them.
    players: Mapped[list[str]] = mapped_column(JSON, default=list)
    #: Seated in the rounds seated from now on (absent: not seated, no bye).
    present: Mapped[bool] = mapped_column(default=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)

    event: Mapped[Event] = relationship(back_populates="entries")


class EventRound(db.Model):  # type: ignore[name-defined,misc]
    """A round of an event: its tables, its byes (entry ids), when it was seated and closed."""

    __tablename__ = "event_rounds"
    __table_args__ = (UniqueConstraint("event_id", "number"), UniqueConstraint("event_id", "request_key"))

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    #: The countdown of a timed game starts here.
    seated_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    byes: Mapped[list[int]] = mapped_column(JSON, default=list)
    #: The API's ``Idempotency-Key`` it was seated with, and the SHA-256 of that request.
    request_key: Mapped[str | None] = mapped_column(String(100), default=None)
    request_digest: Mapped[str | None] = mapped_column(String(64), default=None)

    event: Mapped[Event] = relationship(back_populates="event_rounds")
    tables: Mapped[list[EventTable]] = relationship(
        order_by="EventTable.number", cascade="all, delete-orphan", back_populates="round"
    )

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


class EventTable(db.Model):  # type: ignore[name-defined,misc]
    """A table of a round: its game (an ordinary match of the organiser) and who sits there."""

    __tablename__ = "event_tables"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("event_rounds.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), unique=True)
    #: Entry ids of each side of the match, in side order: ``[[11], [12]]`` (``individual``: two a side).
    sides: Mapped[list[list[int]]] = mapped_column(JSON, default=list)
    #: Each side's agreement with the finished game's result (reset by a correction).
    confirmed: Mapped[list[bool]] = mapped_column(JSON, default=lambda: [False, False])

    round: Mapped[EventRound] = relationship(back_populates="tables")
    match: Mapped[Match] = relationship()


class TableLink(db.Model):  # type: ignore[name-defined,misc]
    """The link of table ``table`` of an event, for a phone with no account: valid for every round
    until revoked, replaced or the event finished. Only the token's SHA-256 is stored."""

    __tablename__ = "table_links"
    #: One active link per table: of two new links made at once, the second fails and tries again.
    __table_args__ = (
        Index(
            "uq_table_links_active",
            "event_id",
            "table",
            unique=True,
            sqlite_where=text("revoked_at IS NULL"),
            postgresql_where=text("revoked_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    table: Mapped[int]
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    #: ``revoked`` (by the organiser) or ``replaced`` (by a new link for the table).
    revoked_reason: Mapped[str | None] = mapped_column(String(20), default=None)
    #: Last time a phone used it (the director's console: "a device on the link"), at most once a minute.
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)

    event: Mapped[Event] = relationship()


class Series(db.Model):  # type: ignore[name-defined,misc]
    """A season of club nights an organiser names (issue 21): its finished events' places become
    points (:mod:`scorekeeper.series`), each player's best ``best`` nights count, ranked from
    ``minimum`` nights. The name is the series' key in the account: creating it again is a no-op."""

    __tablename__ = "series"
    __table_args__ = (UniqueConstraint("club_id", "name"), NEVER_REUSED_IDS)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    best: Mapped[int]
    minimum: Mapped[int]
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
