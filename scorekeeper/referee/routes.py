"""Referee pages for one match, read from its effective rule set (house rules applied).

Every page answers 404 for a match that does not exist or belongs to another account.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import urlencode

from flask import render_template, request, url_for
from flask_login import login_required

from ..loaders import owned_or_404
from ..rules import preset_of
from ..rules.cards import POINT_STEP, count_points, deck_cards
from ..rules.hand import MAX_CUSTOM_POINTS
from ..services import MatchView, get_match, view
from . import reference
from .blueprint import bp
from .entries import Entry, by_topic, cite, penalty_entries, statement_entries, without_book_numbers
from .forms import MELD_GROUPS, OpeningForm
from .reference import gettext
from .search import lexicon, rank

MAX_QUERY: Final = 100


def page(template: str, mv: MatchView, **context: Any) -> str:
    """Render a referee page with what every one of them shows (the match, its links)."""
    return render_template(
        template,
        mv=mv,
        rs=mv.ruleset,
        scoreboard=url_for("matches.show", match_id=mv.match.id),
        tr=gettext,
        cite=cite,
        ref_card_name=reference.card_name,
        **context,
    )


#: Topics of the statements the penalty page lists before any search.
PENALTY_PAGE_TOPICS: Final = ("penalty_cards", "lapse")
#: Disagreements between the books are told on the rules page only.
RULES_PAGE_ONLY: Final = ("disagreements",)


@bp.get("/matches/<int:match_id>/penalties")
@login_required
def penalties(match_id: int) -> str:
    """The penalty list and the rules about irregularities; ``?q=`` keeps the penalties and rules
    with every word, best match first (search.py: the players' words in three languages, their
    forms and numbers; accents ignored, a typo forgiven)."""
    mv = view(owned_or_404(get_match, match_id))
    query = request.args.get("q", "")[:MAX_QUERY]
    searching = bool(query.split())
    penalty_rows = penalty_entries(mv.ruleset)
    rules = [rule for rule in statement_entries(mv.ruleset) if rule.topic not in RULES_PAGE_ONLY]
    everything = [*penalty_rows, *rules]
    found = rank(query, [entry.search for entry in everything])
    shown = {everything[i].anchor for i in found}
    if not searching:
        shown = {row.anchor for row in penalty_rows}
        shown |= {rule.anchor for rule in rules if rule.topic in PENALTY_PAGE_TOPICS}
    rows = ranked(penalty_rows, [i for i in found if i < len(penalty_rows)])
    rules = ranked(rules, [i - len(penalty_rows) for i in found if i >= len(penalty_rows)])
    return page(
        "referee/penalties.html",
        mv,
        rows=rows,
        rules=rules,
        shown=shown,
        shown_penalties=sum(row.anchor in shown for row in rows),
        default_topics=PENALTY_PAGE_TOPICS,
        query=query,
        order={entry.anchor: i for i, entry in enumerate(everything)},
        lexicon=lexicon().as_json(),
        hand=hand_context(mv),
        custom_step=POINT_STEP,
        custom_max=MAX_CUSTOM_POINTS,
    )


#: A hand's number in a query string.
HAND_NUMBER: Final = re.compile(r"[0-9]{1,4}")


@dataclass(frozen=True)
class HandContext:
    """The hand the penalty page was opened from (``?hand=N&side=I``): its number, its form's
    address, and the sides a penalty can be added for (the one chosen, or every side)."""

    number: int
    url: str
    sides: list[tuple[int, str]]

    def add_url(self, code: str, side: int) -> str:
        """The hand form with one more of penalty ``code`` for ``side``."""
        return f"{self.url}?{urlencode({'penalty': code, 'side': side})}"


def hand_context(mv: MatchView) -> HandContext | None:
    """The hand of ``?hand=N`` (the next hand, or an earlier one to edit) with ``?side=I`` if it is
    one of the match's; None (no "Add to this hand") for anything else."""
    number, side = request.args.get("hand", ""), request.args.get("side", "")
    if not HAND_NUMBER.fullmatch(number) or not 1 <= int(number) <= mv.state.next_number:
        return None
    match_id, n = mv.match.id, int(number)
    if n == mv.state.next_number:
        url = url_for("matches.new_hand", match_id=match_id)
    else:
        url = url_for("matches.edit_hand", match_id=match_id, number=n)
    sides = [(i, s.name) for i, s in enumerate(mv.match.sides)]
    if HAND_NUMBER.fullmatch(side) and int(side) < len(sides):
        sides = [sides[int(side)]]
    return HandContext(n, url, sides)


def ranked(entries: list[Entry], found: list[int]) -> list[Entry]:
    """``entries`` at the positions ``found`` first, in that order, then the others in theirs."""
    rest = sorted(set(range(len(entries))) - set(found))
    return [entries[i] for i in (*found, *rest)]


@bp.get("/matches/<int:match_id>/rules", endpoint="reference")
@login_required
def rules_reference(match_id: int) -> str:
    """The rules quick reference of the match's rule set."""
    mv = view(owned_or_404(get_match, match_id))
    rs = mv.ruleset
    decks = rs.decks.for_players(sum(mv.seat_counts))
    return page(
        "referee/reference.html",
        mv,
        ref=reference,
        decks=decks,
        cards=deck_cards(decks),
        card_values=reference.card_value_rows(rs.card_groups),
        card_values_source="; ".join(dict.fromkeys(g.source for g in rs.card_groups)),
        bands=reference.band_rows(rs),
        said=by_topic(statement_entries(rs)),
        house_rules=[
            (key, without_book_numbers(label), value) for key, label, value in reference.house_rule_rows(rs)
        ],
        preset=preset_of(rs.id, rs.house_rules),
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
    form.limit(mv.ruleset.decks.for_players(sum(mv.seat_counts)))
    form.card_groups = mv.ruleset.card_groups
    if not filled:
        form.side.data = 0
    return form, filled


@bp.route("/matches/<int:match_id>/opening", methods=["GET", "POST"])
@login_required
def opening(match_id: int) -> str:
    """Does a planned first meld reach the side's opening minimum?"""
    mv = view(owned_or_404(get_match, match_id))
    sides = side_minimums(mv)
    form, filled = opening_form(mv)
    answer = None
    if filled and form.validate():
        answer = OpeningAnswer(sides[form.side.data], count_points(form.counts(), mv.ruleset.card_groups))
    exemptions = by_topic(statement_entries(mv.ruleset))["opening"]
    return page(
        "referee/opening.html",
        mv,
        form=form,
        sides=sides,
        answer=answer,
        groups=MELD_GROUPS,
        exemptions=exemptions,
        bands=reference.band_rows(mv.ruleset),
        by_hand=mv.ruleset.opening_by_hand,
        no_value=[g.code for g in mv.ruleset.card_groups if g.bonus_only],
    )
