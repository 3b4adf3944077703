"""The charts of a match's scoreboard (``templates/matches/_charts.html``), offered to every template
as ``match_charts(mv)``."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from markupsafe import Markup

from ..charts import hand_scores_chart, running_totals_chart
from ..services import MatchView
from ..vocabulary import number
from .blueprint import bp


@dataclass(frozen=True)
class MatchCharts:
    totals: Markup
    scores: Markup


@bp.app_template_global("match_charts")
def match_charts(mv: MatchView) -> MatchCharts | None:
    """The running totals and the hand scores of ``mv`` as SVG; ``None`` before the first hand."""
    hands = mv.state.hands
    if not hands:
        return None
    names = [side.name for side in mv.match.sides]
    now = ", ".join(f"{name} {number(total)}" for name, total in zip(names, mv.state.totals, strict=True))
    totals = running_totals_chart(
        "chart-totals",
        names,
        [h.totals_after for h in hands],
        mv.match.target,
        title=_("Running totals"),
        desc=_(
            "Each side's total after each hand, with the target %(target)s as a dashed line. "
            "After %(count)s hands: %(totals)s.",
            target=number(mv.match.target),
            count=len(hands),
            totals=now,
        ),
        target_label=_("Target"),
        axis=_("Hand"),
        fmt=number,
    )
    scores = hand_scores_chart(
        "chart-scores",
        names,
        [h.scores for h in hands],
        title=_("Hand scores"),
        desc=_(
            "Each side's score in each of the %(count)s hands, as bars; negative scores go below zero.",
            count=len(hands),
        ),
        axis=_("Hand"),
        fmt=number,
    )
    return MatchCharts(totals, scores)
