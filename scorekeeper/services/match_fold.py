"""The one place the services fold a stored match's hands: its target, its number of sides, and
whether its organiser settled it (closed its round: the match then ends as it stands; see
:func:`scorekeeper.rules.fold_match`, ``settled``).

Every fold of a stored match goes through :func:`fold_stored`, so a settled match is finished
wherever it is read (the scoreboard, the API, the summary columns, statistics, exports).
A change of :func:`is_settled` must bump the match's ``revision`` like a change of its hands, so
the states kept per revision (:mod:`.match_states`) never mix the two.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..models import Match
from ..rules import HandInput, MatchState, RuleSet, fold_match


def is_settled(match: Match) -> bool:
    """Whether the organiser ended ``match`` as it stands (closed its club-night round)."""
    return match.settled_at is not None


def fold_stored(
    match: Match, rs: RuleSet, hands: Sequence[HandInput], start: MatchState | None = None
) -> MatchState:
    """:func:`~scorekeeper.rules.fold_match` for ``match`` (``rs`` its effective rule set): ``hands``
    after ``start``'s, settled as :func:`is_settled` says."""
    return fold_match(rs, match.target, len(match.sides), hands, start, settled=is_settled(match))
