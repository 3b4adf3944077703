"""Roster pages: the account's players with their records, one player's statistics and chart,
renaming, and merging a duplicate (with a confirmation step). Writes go through
:mod:`scorekeeper.services` and redirect after success; another account's player is 404."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from babel.numbers import format_decimal
from flask import flash, redirect, render_template, url_for
from flask_babel import format_date, get_locale
from flask_babel import gettext as _
from flask_login import login_required
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import single_use, vocabulary
from ..access import current_club
from ..charts import MAX_RESULTS, ResultPoint, results_chart
from ..i18n import translated_errors
from ..keys import new_key
from ..loaders import owned_or_404
from ..models import Player
from ..rules import ValidationError, get_ruleset
from ..services import Conflict, get_player, merge_players, players_of, rename_player
from ..services.player_reads import (
    latest_results_by_ruleset,
    match_count,
    partnerships_of,
    players_stats,
    ruleset_stats,
)
from ..stats import Result, Stats, by_matches, combined
from .blueprint import bp
from .forms import MergeForm, RenameForm

UNPROCESSABLE: Final = 422
CONFLICT: Final = 409
CONFIRMED: Final = "yes"


def ruleset_name(ruleset_id: str) -> str:
    return str(_(get_ruleset(ruleset_id, {}).name))


def canasta_codes(ruleset_id: str) -> frozenset[str]:
    """The codes of the canasta kinds the rule set knows (Samba's ``samba``, Canastón's escalas...)."""
    return frozenset(k.code for k in get_ruleset(ruleset_id, {}).canasta_kinds)


def kind_label(code: str) -> str:
    return vocabulary.canasta_name(None, code)


@bp.get("/players")
@login_required
def index() -> str:
    players = players_of(current_club().id)
    stats = players_stats(current_club().id)
    return render_template("players/index.html", players=players, stats=stats, empty=Stats())


@dataclass(frozen=True)
class Column:
    """A column of a player's statistics: its heading, its figures, and whether it shows points
    (averages, best hand, penalty points): only a single rule set's column does, since points of
    different games do not add up; the column of all rule sets counts matches, wins and hands."""

    heading: str
    stats: Stats
    points: bool = True
    #: The canasta kinds of the column's rule set (None: any): a kind it lacks reads "–", not 0.00.
    kinds: frozenset[str] | None = None


def _columns(by_ruleset: dict[str, Stats]) -> list[Column]:
    """The player's figures per rule set, most matches first; before them, when they played more
    than one, a column of all rule sets with counts only."""
    if not by_ruleset:
        return [Column(_("All"), Stats())]
    columns = [Column(ruleset_name(r), by_ruleset[r], kinds=canasta_codes(r)) for r in by_matches(by_ruleset)]
    if len(columns) > 1:
        columns.insert(0, Column(_("All rule sets"), combined(by_ruleset.values()), points=False))
    return columns


@bp.app_template_filter("decimal")
def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, grouped the reader's way as :func:`vocabulary.number`
    groups (``3,931.7``, ``3931,7``, ``3 931,7``; Spanish ``12.345,6``)."""
    locale = get_locale()
    least = 10 ** (2 + vocabulary.MIN_GROUPING_DIGITS.get(locale.language if locale else "", 1))
    pattern = "#,##0." + "0" * digits
    return str(format_decimal(value, format=pattern, locale=locale, group_separator=abs(value) >= least))


def short_date(moment: datetime) -> str:
    """A date the reader's way, short (``1/5/25``, ``01/05/2025``, ``1/5/25``)."""
    return str(format_date(moment, "short"))


@dataclass(frozen=True)
class ResultsChart:
    """A player's results in one rule set: the rule set's name, its chart and the numbers in it."""

    ruleset: str
    name: str
    chart: Markup
    results: list[Result]


def _chart(player: Player, ruleset: str, results: list[Result]) -> ResultsChart:
    shown = results[-MAX_RESULTS:]
    won = sum(r.won for r in shown)
    drawn = sum(r.drawn for r in shown)
    name = ruleset_name(ruleset)
    if drawn:
        desc = _(
            "Final total of the side of %(name)s in each of the latest %(count)s finished matches "
            "of %(ruleset)s, oldest first: %(won)s won, %(drawn)s drawn, %(lost)s lost.",
            name=player.name,
            count=len(shown),
            ruleset=name,
            won=won,
            drawn=drawn,
            lost=len(shown) - won - drawn,
        )
    else:
        desc = _(
            "Final total of the side of %(name)s in each of the latest %(count)s finished matches "
            "of %(ruleset)s, oldest first: %(won)s won, %(lost)s lost.",
            name=player.name,
            count=len(shown),
            ruleset=name,
            won=won,
            lost=len(shown) - won,
        )
    chart = results_chart(
        f"results-{ruleset}",
        [ResultPoint(r.created_at, r.total, r.won, r.drawn) for r in shown],
        title=_("Results of %(name)s in %(ruleset)s", name=player.name, ruleset=name),
        desc=desc,
        won_label=_("Won"),
        lost_label=_("Lost"),
        drawn_label=_("Draw"),
        fmt=vocabulary.number,
        date_text=short_date,
    )
    return ResultsChart(ruleset, name, chart, shown)


def _charts(player: Player, rulesets: list[str]) -> list[ResultsChart]:
    """One results chart per rule set of ``rulesets`` with a finished match, in that order."""
    found = latest_results_by_ruleset(current_club().id, player.id, MAX_RESULTS)
    return [_chart(player, r, found[r]) for r in rulesets if r in found]


def _render_show(player: Player, rename: RenameForm | None = None, status: int = 200) -> tuple[str, int]:
    by_ruleset = ruleset_stats(current_club().id, player.id)
    columns = _columns(by_ruleset)
    kinds = sorted({k for c in columns if c.points for k in c.stats.canastas})
    page = render_template(
        "players/show.html",
        player=player,
        columns=columns,
        kinds=[(k, kind_label(k)) for k in kinds],
        partnerships=partnerships_of(current_club().id, player.id),
        charts=_charts(player, by_matches(by_ruleset)),
        ruleset_name=ruleset_name,
        rename=rename or RenameForm(formdata=None, data={"name": player.name}),
    )
    return page, status


@bp.get("/players/<int:player_id>")
@login_required
def show(player_id: int) -> Any:
    return _render_show(owned_or_404(get_player, player_id))


@bp.post("/players/<int:player_id>/rename")
@login_required
def rename(player_id: int) -> Any:
    player = owned_or_404(get_player, player_id)
    form = RenameForm()
    if form.validate_on_submit():
        old = player.name
        try:
            rename_player(current_club().id, player.id, form.name.data)
        except ValidationError as error:
            form.name.errors = [*form.name.errors, *translated_errors(error).get("name", [])]
        else:
            flash(_("%(old)s is now called %(new)s.", old=old, new=player.name), "success")
            return redirect(url_for("players.show", player_id=player.id))
    return _render_show(player, form, UNPROCESSABLE)


@bp.route("/players/<int:player_id>/merge", methods=["GET", "POST"])
@login_required
def merge(player_id: int) -> str | Response | tuple[str, int]:
    player = owned_or_404(get_player, player_id)
    others = [p for p in players_of(current_club().id) if p.id != player.id]
    form = MergeForm()
    form.other.choices = [(p.id, p.name) for p in others]
    valid = form.validate_on_submit()
    if form.is_submitted() and form.confirm.data == CONFIRMED:
        single_use.check(form)  # Merge again (a double tap, Back): the merge was done already
    if not valid:
        status = UNPROCESSABLE if form.is_submitted() else 200
        return render_template("players/merge.html", player=player, form=form, others=others), status
    other = next(p for p in others if p.id == form.other.data)
    if form.confirm.data != CONFIRMED:
        matches = match_count(current_club().id, other.id)
        form.once.data = new_key()
        return render_template(
            "players/merge_confirm.html", player=player, other=other, form=form, matches=matches
        )
    gone = other.name
    try:
        with single_use.claim("merge", lambda _made: url_for("players.show", player_id=player.id)):
            merge_players(current_club().id, player.id, other.id)
    except ValidationError as error:
        form.other.errors = [*form.other.errors, *translated_errors(error).get("merge", [])]
        return render_template("players/merge.html", player=player, form=form, others=others), UNPROCESSABLE
    except Conflict as error:
        form.other.errors = [*form.other.errors, _(error.message).format(**error.params)]
        return render_template("players/merge.html", player=player, form=form, others=others), CONFLICT
    flash(_("%(gone)s was merged into %(name)s.", gone=gone, name=player.name), "success")
    return redirect(url_for("players.show", player_id=player.id))
