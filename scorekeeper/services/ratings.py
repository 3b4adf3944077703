"""Ratings: every player's OpenSkill rating, kept equal to a replay of the account's finished matches.

The contract (docs/api.md, "Ratings"): each finished match is rated once, in creation order then by
id, through ``PlackettLuce()`` with its default parameters, the teams being the sides' players and
the scores the sides' final totals (equal totals are a tie). Two scopes hold a rating: every rule
set (:data:`~scorekeeper.models.ALL_RULESETS`) and the match's own rule set.

The replay writes a :class:`~scorekeeper.models.RatingStep` per player, match and scope (the rating
after it, the side's predicted chance and result) and a :class:`~scorekeeper.models.PlayerRating`
per player and scope (the latest step), so that pages only read. It is run by the unit of work
(:class:`scorekeeper.services.unit_of_work.MatchWrite`) for every change that can move a rating,
from the earliest match it touched onward: a match finished last costs one ``rate`` call; a
correction to an old match replays what followed it. No rating work happens for a match that is
not finished before or after the change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from openskill.models import PlackettLuce
from sqlalchemy import Connection, and_, delete, func, insert, or_, select
from sqlalchemy.sql.elements import ColumnElement

from ..extensions import db
from ..models import ALL_RULESETS, Match, PlayerRating, RatingStep, Seat, Side

#: The model of the contract: OpenSkill's Plackett-Luce with its default parameters.
MODEL: Final = PlackettLuce()
DEFAULT_MU: Final[float] = float(MODEL.mu)
DEFAULT_SIGMA: Final[float] = float(MODEL.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The ladder's figure, mu − 3 sigma (OpenSkill's ``ordinal()`` with its defaults)."""
    return mu - 3 * sigma


@dataclass(frozen=True, order=True)
class Start:
    """Where a replay starts: a match's place in the order (creation time, then id)."""

    created_at: datetime
    match_id: int


@dataclass
class Rated:
    """A player's rating in a scope while replaying, with the number of matches it counts."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    number: int = 0
    #: The model's rating object of these mu and sigma, once made (``rate`` returns new ones: made
    #: once per player, not once per match).
    rating: Any = None

    def model_rating(self) -> Any:
        if self.rating is None:
            self.rating = MODEL.rating(mu=self.mu, sigma=self.sigma)
        return self.rating


@dataclass
class Changes:
    """What a unit of work changed that ratings depend on, per account: the earliest place to replay
    from in each scope, the players whose rated matches went away with a deleted match, and the
    accounts to replay whole (after a merge of players)."""

    starts: dict[int, dict[str, Start]] = field(default_factory=dict)
    players: dict[int, dict[str, set[int]]] = field(default_factory=dict)
    whole: set[int] = field(default_factory=set)

    def note(self, club_id: int, ruleset: str, start: Start, players: Iterable[int] = ()) -> None:
        """A finished match (before or after the change) at ``start`` changed."""
        for scope in (ALL_RULESETS, ruleset):
            held = self.starts.setdefault(club_id, {})
            if scope not in held or start < held[scope]:
                held[scope] = start
            self.players.setdefault(club_id, {}).setdefault(scope, set()).update(players)

    def __bool__(self) -> bool:
        return bool(self.starts or self.whole)


def apply(connection: Connection, changes: Changes) -> None:
    """Replay what ``changes`` names (inside the caller's transaction)."""
    for club_id in changes.whole:
        rebuild(connection, club_id)
    for club_id, scopes in changes.starts.items():
        if club_id in changes.whole:
            continue
        for scope, start in scopes.items():
            extra = changes.players.get(club_id, {}).get(scope, set())
            replay(connection, club_id, scope, start, extra)


def rebuild(connection: Connection, club_id: int | None = None) -> int:
    """Replay every scope of the account ``club_id`` (every account: ``None``) from its first
    match; returns the number of (match, scope) pairs rated."""
    owners = (
        [club_id]
        if club_id is not None
        else list(connection.scalars(select(Match.club_id).distinct().order_by(Match.club_id)))
    )
    if club_id is None:  # accounts left without matches keep no rating
        connection.execute(delete(PlayerRating).where(PlayerRating.club_id.not_in(owners)))
        connection.execute(delete(RatingStep).where(RatingStep.club_id.not_in(owners)))
    rated = 0
    for owner in owners:
        scopes = set(connection.scalars(select(Match.ruleset).where(Match.club_id == owner).distinct()))
        scopes |= set(
            connection.scalars(select(PlayerRating.scope).where(PlayerRating.club_id == owner).distinct())
        )
        every = _finished_matches(connection, owner, ALL_RULESETS, None)  # read once for every scope
        for scope in sorted(scopes | {ALL_RULESETS}):
            chosen = [m for m in every if scope in (ALL_RULESETS, m.ruleset)]
            rated += replay(connection, owner, scope, None, matches=chosen)
    return rated


def _after(created_at: Any, match_id: Any, start: Start) -> ColumnElement[bool]:
    """At or after ``start`` in the replay's order."""
    same = and_(created_at == start.created_at, match_id >= start.match_id)
    return or_(created_at > start.created_at, same)


def _before(created_at: Any, match_id: Any, start: Start) -> ColumnElement[bool]:
    return or_(created_at < start.created_at, and_(created_at == start.created_at, match_id < start.match_id))


@dataclass
class _Finished:
    match_id: int
    created_at: datetime
    ruleset: str
    totals: list[int]
    sides: list[list[int]]
    #: The side the match names the winner (``None``: a draw). Usually the top total; a side that
    #: won at once (a Dream Hand, Canastón's black threes) may be behind.
    winner: int | None = None

    def ranked_scores(self) -> list[float]:
        """The scores the model rates: the final totals, except that a winner behind (it won at
        once) is lifted one point above the top total, so that it is rated as the winner it is."""
        scores = [float(total) for total in self.totals]
        if self.winner is not None and 0 <= self.winner < len(scores):
            others = [s for i, s in enumerate(scores) if i != self.winner]
            if others and scores[self.winner] <= max(others):
                scores[self.winner] = max(others) + 1
        return scores


def _finished_matches(
    connection: Connection, club_id: int, scope: str, start: Start | None
) -> list[_Finished]:
    """The account's finished matches in ``scope`` from ``start`` on, in order, with each side's
    players (two statements: the matches, then their seats)."""
    where = [Match.club_id == club_id, Match.finished.is_(True)]
    if scope != ALL_RULESETS:
        where.append(Match.ruleset == scope)
    if start is not None:
        where.append(_after(Match.created_at, Match.id, start))
    found = [
        _Finished(match_id, created_at, ruleset, list(totals or []), [], winner)
        for match_id, created_at, ruleset, totals, winner in connection.execute(
            select(Match.id, Match.created_at, Match.ruleset, Match.totals, Match.winner)
            .where(*where)
            .order_by(Match.created_at, Match.id)
        )
    ]
    if not found:
        return found
    by_id = {m.match_id: m for m in found}
    for match_id, position, player_id in connection.execute(
        select(Side.match_id, Side.position, Seat.player_id)
        .join(Match, Match.id == Side.match_id)
        .outerjoin(Seat, Seat.side_id == Side.id)
        .where(*where)
        .order_by(Side.match_id, Side.position, Seat.position)
    ):
        sides = by_id[match_id].sides
        while len(sides) <= position:
            sides.append([])
        if player_id is not None:
            sides[position].append(player_id)
    return found


def ratable(match: _Finished) -> bool:
    """A match the model can rate: two sides or more, each with players, none in two sides, a
    total per side."""
    seated = [p for side in match.sides for p in side]
    return (
        len(match.sides) >= 2
        and all(match.sides)
        and len(seated) == len(set(seated))
        and len(match.totals) == len(match.sides)
    )


def _state_before(
    connection: Connection, club_id: int, scope: str, start: Start | None, players: set[int], latest: bool
) -> dict[int, Rated]:
    """The ratings of ``players`` just before ``start``. ``latest``: no step lies at or after
    ``start``, so the current ratings are those (one indexed read instead of a window over the
    players' steps)."""
    if start is None or not players:
        return {}
    if latest:
        rows = connection.execute(
            select(PlayerRating.player_id, PlayerRating.mu, PlayerRating.sigma, PlayerRating.matches).where(
                PlayerRating.scope == scope, PlayerRating.player_id.in_(players)
            )
        )
        return {p: Rated(mu, sigma, n) for p, mu, sigma, n in rows}
    ranked = (
        select(
            RatingStep.player_id,
            RatingStep.mu,
            RatingStep.sigma,
            RatingStep.number,
            func.row_number()
            .over(
                partition_by=RatingStep.player_id,
                order_by=(RatingStep.created_at.desc(), RatingStep.match_id.desc()),
            )
            .label("rank"),
        )
        .where(
            RatingStep.club_id == club_id,
            RatingStep.scope == scope,
            RatingStep.player_id.in_(players),
            _before(RatingStep.created_at, RatingStep.match_id, start),
        )
        .subquery()
    )
    rows = connection.execute(
        select(ranked.c.player_id, ranked.c.mu, ranked.c.sigma, ranked.c.number).where(ranked.c.rank == 1)
    )
    return {p: Rated(mu, sigma, n) for p, mu, sigma, n in rows}


def replay(
    connection: Connection,
    club_id: int,
    scope: str,
    start: Start | None,
    players: Iterable[int] = (),
    matches: list[_Finished] | None = None,
) -> int:
    """Rewrite the account's ratings in ``scope`` from ``start`` on (from the first match:
    ``None``): the steps of those matches, and the current rating of every player they concern
    (their players, those of the steps they replace, and ``players``). Returns the matches rated."""
    steps_from = [RatingStep.club_id == club_id, RatingStep.scope == scope]
    if start is not None:
        steps_from.append(_after(RatingStep.created_at, RatingStep.match_id, start))
    replaced = set(connection.scalars(select(RatingStep.player_id).where(*steps_from).distinct()))
    if matches is None:
        matches = _finished_matches(connection, club_id, scope, start)
    matches = [m for m in matches if ratable(m)]
    concerned = replaced | set(players) | {p for m in matches for side in m.sides for p in side}
    # Nothing stored from ``start`` on, and no match taken away (whose steps the database deleted
    # with it, but whose effect the current ratings still hold): the current ratings are the state
    # before ``start``.
    appended = not replaced and not set(players)
    state = _state_before(connection, club_id, scope, start, concerned, latest=appended)
    if replaced:
        connection.execute(delete(RatingStep).where(*steps_from))
    steps = [step for m in matches for step in _rate(club_id, scope, m, state)]
    if steps:
        connection.execute(insert(RatingStep), steps)
    _store_current(connection, club_id, scope, None if start is None else concerned, state)
    return len(matches)


def _rate(club_id: int, scope: str, match: _Finished, state: dict[int, Rated]) -> list[dict[str, Any]]:
    """Rate one match: update ``state`` and return its steps."""
    teams = [[state.setdefault(p, Rated()).model_rating() for p in side] for side in match.sides]
    expected = MODEL.predict_win(teams)
    scores = match.ranked_scores()
    rated = MODEL.rate(teams, scores=scores)
    best = max(scores)
    winners = sum(1 for score in scores if score == best)
    steps = []
    for position, (side, after) in enumerate(zip(match.sides, rated, strict=True)):
        team = ",".join(str(p) for p in sorted(side))
        actual = 1 / winners if scores[position] == best else 0.0
        for seat, (player, rating) in enumerate(zip(side, after, strict=True)):
            now = state[player]
            now.mu, now.sigma, now.number = float(rating.mu), float(rating.sigma), now.number + 1
            now.rating = rating
            steps.append(
                {
                    "match_id": match.match_id,
                    "scope": scope,
                    "player_id": player,
                    "club_id": club_id,
                    "created_at": match.created_at,
                    "number": now.number,
                    "side": position,
                    "seat": seat,
                    "team": team,
                    "mu": now.mu,
                    "sigma": now.sigma,
                    "expected": float(expected[position]),
                    "actual": actual,
                }
            )
    return steps


def _store_current(
    connection: Connection, club_id: int, scope: str, players: set[int] | None, state: Mapping[int, Rated]
) -> None:
    """Make the current ratings of ``players`` (every player of the account: ``None``) those of
    ``state``; a player absent from it, or with no rated match, has no rating row."""
    where = [PlayerRating.club_id == club_id, PlayerRating.scope == scope]
    if players is not None:
        if not players:
            return
        where.append(PlayerRating.player_id.in_(players))
    connection.execute(delete(PlayerRating).where(*where))
    chosen: Sequence[int] = sorted(state) if players is None else sorted(players & set(state))
    rows = [
        {
            "player_id": p,
            "scope": scope,
            "club_id": club_id,
            "mu": state[p].mu,
            "sigma": state[p].sigma,
            "ordinal": ordinal(state[p].mu, state[p].sigma),
            "matches": state[p].number,
        }
        for p in chosen
        if state[p].number > 0
    ]
    if rows:
        connection.execute(insert(PlayerRating), rows)


def rebuild_all(club_id: int | None = None) -> int:
    """:func:`rebuild` in a transaction of its own (the CLI's ``ratings rebuild``, and the first start
    after migration 0018); returns the number of (match, scope) pairs rated."""
    with db.engine.begin() as connection:
        return rebuild(connection, club_id)
