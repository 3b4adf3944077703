"""Referee pages for one match, read from its effective rule set (house rules applied).

Every page answers 404 for a match that does not exist or belongs to another account.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from flask import abort, render_template, request, url_for
from flask_login import current_user, login_required

from ..rules.cards import CARD_VALUES_SOURCE, POINT_STEP, count_points, deck_cards
from ..rules.hand import MAX_CUSTOM_POINTS
from ..services import MatchView, NotFound, get_match, view
from . import bp, reference
from .forms import MELD_GROUPS, OpeningForm
from .pile_rules import pile_rules
from .reference import gettext
from .search import matches

#: The note of the rule data that the penalty page shows, with the rule book's own words.
LAPSE_NOTE: Final = "Irregularities lapse"
LAPSE_QUOTE: Final = (
    "Las irregularidades y su penalización prescriben si no son advertidas antes que termine su jugada "
    "el jugador siguiente al que cometió la irregularidad."
)
LAPSE_SOURCE: Final = "004_c6a2eff7a226bedd.txt, PENALIDADES (Cartas penalizadas)"
MAX_QUERY: Final = 100


def load(match_id: int) -> MatchView:
    """The current user's match with its rule set and state. :raise 404: not theirs, or no such match."""
    try:
        return view(get_match(current_user.id, match_id))
    except NotFound:
        abort(404)


def page(template: str, mv: MatchView, **context: Any) -> str:
    """Render a referee page with what every one of them shows (the match, its links)."""
    return render_template(
        template,
        mv=mv,
        rs=mv.ruleset,
        scoreboard=url_for("matches.show", match_id=mv.match.id),
        tr=gettext,
        ref_card_name=reference.card_name,
        **context,
    )


@bp.get("/matches/<int:match_id>/penalties")
@login_required
def penalties(match_id: int) -> str:
    """The penalty table; ``?q=`` keeps only the rows with every word (accents ignored)."""
    mv = load(match_id)
    query = request.args.get("q", "")[:MAX_QUERY]
    rows = [reference.penalty_row(p) for p in mv.ruleset.penalties]
    shown = [row for row in rows if matches(query, row.search)]
    lapse = next((note for note in mv.ruleset.notes if note.startswith(LAPSE_NOTE)), None)
    return page(
        "referee/penalties.html",
        mv,
        rows=rows,
        shown={row.code for row in shown},
        query=query,
        lapse=gettext(lapse) if lapse else None,
        lapse_quote=LAPSE_QUOTE,
        lapse_source=LAPSE_SOURCE,
        custom_step=POINT_STEP,
        custom_max=MAX_CUSTOM_POINTS,
    )


@bp.get("/matches/<int:match_id>/rules", endpoint="reference")
@login_required
def rules_reference(match_id: int) -> str:
    """The rules quick reference of the match's rule set."""
    mv = load(match_id)
    rs = mv.ruleset
    decks = rs.decks.for_players(sum(mv.players))
    return page(
        "referee/reference.html",
        mv,
        ref=reference,
        decks=decks,
        cards=deck_cards(decks),
        card_values=reference.card_value_rows(),
        card_values_source=CARD_VALUES_SOURCE,
        bands=reference.band_rows(rs),
        pile=pile_rules(rs.id),
        house_rules=reference.house_rule_rows(rs),
        sides=side_minimums(mv),
    )


@dataclass(frozen=True)
class SideMinimum:
    index: int
    name: str
    total: int
    minimum: int


def side_minimums(mv: MatchView) -> list[SideMinimum]:
    """Each side's cumulative total and its opening minimum for the next hand."""
    state = mv.state
    return [
        SideMinimum(i, side.name, state.totals[i], state.opening_minimums[i])
        for i, side in enumerate(mv.match.sides)
    ]


@dataclass(frozen=True)
class OpeningAnswer:
    side: SideMinimum
    points: int

    @property
    def enough(self) -> bool:
        return self.points >= self.side.minimum

    @property
    def short(self) -> int:
        return max(self.side.minimum - self.points, 0)


def opening_form(mv: MatchView) -> tuple[OpeningForm, bool]:
    """The form and whether it was filled in: from a POST, or from the query string of a GET
    (without CSRF token: checking changes nothing); else empty, for the first side."""
    filled = True
    if request.method == "POST":
        form = OpeningForm()
    elif any(name in request.args for name in ("side", *(g.code for g in MELD_GROUPS))):
        form = OpeningForm(formdata=request.args, meta={"csrf": False})
    else:
        form, filled = OpeningForm(formdata=None), False
    form.side.choices = [(i, side.name) for i, side in enumerate(mv.match.sides)]
    form.limit(mv.ruleset.decks.for_players(sum(mv.players)))
    if not filled:
        form.side.data = 0
    return form, filled


@bp.route("/matches/<int:match_id>/opening", methods=["GET", "POST"])
@login_required
def opening(match_id: int) -> str:
    """Does a planned first meld reach the side's opening minimum?"""
    mv = load(match_id)
    sides = side_minimums(mv)
    form, filled = opening_form(mv)
    answer = None
    if filled and form.validate():
        answer = OpeningAnswer(sides[form.side.data], count_points(form.counts()))
    return page("referee/opening.html", mv, form=form, sides=sides, answer=answer, groups=MELD_GROUPS)
