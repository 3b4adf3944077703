"""Reads of the ratings (:mod:`.ratings` keeps them): the ladder, a player's history, the
partnerships and a prediction. Each is a fixed number of statements, whatever the number of matches:
nothing is replayed on a read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import and_, func, select
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models import ALL_RULESETS, Player, PlayerRating, RatingStep, as_utc
from ..rules import N_, RULESET_IDS, FieldError, ValidationError
from ..rules.match_setup import MAX_NAME, MAX_PLAYERS_PER_SIDE, MAX_SIDES, MIN_SIDES
from ..rules.text import UNSTORABLE_MESSAGE, storable
from .errors import NotFound
from .ratings import DEFAULT_MU, DEFAULT_SIGMA, MODEL, ordinal

#: Below this many rated matches a rating is marked provisional (the ladder's default).
PROVISIONAL_BELOW: Final = 5
#: The trend is the change of the ordinal over this many of the player's latest matches (default).
TREND_MATCHES: Final = 5
#: A prediction's sides and players per side: as many as a match may have.
MAX_SIDE: Final = MAX_PLAYERS_PER_SIDE


@dataclass(frozen=True)
class Standing:
    """A player's place on the ladder."""

    player_id: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    matches: int
    #: The change of the ordinal over the last :data:`TREND_MATCHES` (or fewer) matches.
    trend: float


def scope_of(ruleset: str | None) -> str:
    """The scope of ``ruleset`` (every rule set: ``None`` or empty). :raise NotFound: unknown."""
    if not ruleset:
        return ALL_RULESETS
    if ruleset not in RULESET_IDS:
        raise NotFound(ruleset)
    return ruleset


def ladder(club_id: int, scope: str = ALL_RULESETS, trend_over: int = TREND_MATCHES) -> list[Standing]:
    """The account's rated players in ``scope``, best first (by ordinal, then name), with their
    trend: one statement (the step ``trend_over`` matches ago is found by its number)."""
    before = aliased(RatingStep)
    rows = db.session.execute(
        select(
            PlayerRating.player_id,
            Player.name,
            PlayerRating.mu,
            PlayerRating.sigma,
            PlayerRating.ordinal,
            PlayerRating.matches,
            before.mu,
            before.sigma,
        )
        .join(Player, Player.id == PlayerRating.player_id)
        .outerjoin(
            before,
            and_(
                before.player_id == PlayerRating.player_id,
                before.scope == PlayerRating.scope,
                before.number == PlayerRating.matches - trend_over,
            ),
        )
        .where(PlayerRating.club_id == club_id, PlayerRating.scope == scope, Player.club_id == club_id)
        .order_by(PlayerRating.ordinal.desc(), Player.name)
    )
    standings = []
    for player_id, name, mu, sigma, now, matches, mu_then, sigma_then in rows:
        then = ordinal(DEFAULT_MU, DEFAULT_SIGMA) if mu_then is None else ordinal(mu_then, sigma_then)
        standings.append(Standing(player_id, name, mu, sigma, now, matches, now - then))
    return standings


@dataclass(frozen=True)
class Point:
    """A player's rating after one of their matches."""

    match_id: int
    created_at: datetime
    number: int
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


#: A player's chart shows their rating after at most this many of their latest matches.
HISTORY_SHOWN: Final = 100


def history(
    club_id: int, player_id: int, scope: str = ALL_RULESETS, last: int = HISTORY_SHOWN
) -> list[Point]:
    """The player's rating after each of their ``last`` latest rated matches in ``scope``, oldest
    first (one statement, by the index on the player's steps: the same cost after 10 or 10,000)."""
    rows = db.session.execute(
        select(RatingStep.match_id, RatingStep.created_at, RatingStep.number, RatingStep.mu, RatingStep.sigma)
        .where(RatingStep.club_id == club_id, RatingStep.player_id == player_id, RatingStep.scope == scope)
        .order_by(RatingStep.number.desc())
        .limit(last)
    )
    return [Point(m, as_utc(at), n, mu, sigma) for m, at, n, mu, sigma in reversed(rows.all())]


@dataclass(frozen=True)
class PartnershipForm:
    """A partnership's results against the model's prediction."""

    names: tuple[str, ...]
    matches: int
    #: The mean of (won − predicted chance) over their matches together: above 0, better than expected.
    surplus: float
    won: float


def partnerships(club_id: int, scope: str = ALL_RULESETS) -> list[PartnershipForm]:
    """The account's partnerships (sides of two players or more) ranked by their mean result above
    the prediction, then by matches: two statements (the figures grouped by team, the names)."""
    rows = db.session.execute(
        select(
            RatingStep.team,
            func.count(),
            func.avg(RatingStep.actual - RatingStep.expected),
            func.avg(RatingStep.actual),
        )
        .where(
            RatingStep.club_id == club_id,
            RatingStep.scope == scope,
            RatingStep.seat == 0,
            RatingStep.team.contains(","),
        )
        .group_by(RatingStep.team)
    ).all()
    if not rows:
        return []
    names = dict(db.session.execute(select(Player.id, Player.name).where(Player.club_id == club_id)).all())
    found = []
    for team, count, surplus, won in rows:
        ids = [int(part) for part in team.split(",")]
        if all(i in names for i in ids):
            found.append(PartnershipForm(tuple(sorted(names[i] for i in ids)), count, surplus, won))
    return sorted(found, key=lambda p: (-p.surplus, -p.matches, p.names))


def _names(raw: Any, path: str) -> list[str]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SIDE:
        message = N_("A side is a list of 1 to {maximum} player names.")
        raise ValidationError([FieldError(path, message, {"maximum": MAX_SIDE})])
    for i, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise ValidationError([FieldError(f"{path}.{i}", N_("A player's name (up to 60 characters)."))])
        if not storable(name):
            raise ValidationError([FieldError(f"{path}.{i}", UNSTORABLE_MESSAGE)])
    return [name.strip() for name in raw]


def parse_prediction(data: Any) -> tuple[list[list[str]], str]:
    """The sides (lists of names) and the scope of a prediction request
    ``{"sides": [[...], [...]], "ruleset": null}``.

    :raise ValidationError: not that shape, a name in two sides, an unknown rule set.
    """
    if not isinstance(data, dict):
        raise ValidationError([FieldError("_", N_("Send an object with the sides."))])
    unknown = sorted(set(data) - {"sides", "ruleset"})
    if unknown:
        raise ValidationError([FieldError(unknown[0], N_("Unknown field."))])
    raw = data.get("sides")
    if not isinstance(raw, list) or not MIN_SIDES <= len(raw) <= MAX_SIDES:
        message = N_("From {low} to {high} sides.")
        raise ValidationError([FieldError("sides", message, {"low": MIN_SIDES, "high": MAX_SIDES})])
    sides = [_names(side, f"sides.{i}") for i, side in enumerate(raw)]
    seen: dict[str, int] = {}
    for i, side in enumerate(sides):
        for j, name in enumerate(side):
            if name.casefold() in seen:  # as a new match compares them
                raise ValidationError([FieldError(f"sides.{i}.{j}", N_("A player cannot be in two sides."))])
            seen[name.casefold()] = i
    ruleset = data.get("ruleset")
    if ruleset is not None and (not isinstance(ruleset, str) or ruleset not in RULESET_IDS):
        raise ValidationError([FieldError("ruleset", N_("Unknown rule set."))])
    return sides, ruleset or ALL_RULESETS


def predict(club_id: int, sides: Sequence[Sequence[str]], scope: str = ALL_RULESETS) -> list[float]:
    """The model's chance that each side wins, from the players' ratings in ``scope`` (a name the
    account does not know, or a player not yet rated, at the model's default): one statement."""
    return predict_many(club_id, [sides], scope)[0]


def predict_many(
    club_id: int, games: Sequence[Sequence[Sequence[str]]], scope: str = ALL_RULESETS
) -> list[list[float]]:
    """:func:`predict` for each of ``games`` (a round's tables, each its sides' names), with one
    statement for all of them: the ratings of every name seated are read at once."""
    wanted = {name for sides in games for side in sides for name in side}
    known = (
        {
            name: (mu, sigma)
            for name, mu, sigma in db.session.execute(
                select(Player.name, PlayerRating.mu, PlayerRating.sigma)
                .join(PlayerRating, PlayerRating.player_id == Player.id)
                .where(Player.club_id == club_id, PlayerRating.scope == scope, Player.name.in_(wanted))
            )
        }
        if wanted
        else {}
    )
    chances = []
    for sides in games:
        teams = [
            [MODEL.rating(*known.get(name, (DEFAULT_MU, DEFAULT_SIGMA))) for name in side] for side in sides
        ]
        chances.append(
            [float(chance) for chance in MODEL.predict_win(teams)]
            if len(teams) >= MIN_SIDES and all(teams)
            else []
        )
    return chances
