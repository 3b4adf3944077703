"""The ratings pages: the account's ladder (every rule set or one) with the partnerships ranked
against the model's prediction, and the rating chart of a player's page. Everything is read from
the stored ratings (:mod:`scorekeeper.services.rating_reads`): no replay on a page view."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any, Final

from flask import Response, abort, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import login_required
from markupsafe import Markup

from .. import charts, vocabulary
from ..access import current_club
from ..loaders import owned_or_404
from ..models import ALL_RULESETS, Player
from ..rules import RULESET_IDS
from ..services import NotFound
from ..services import series as series_service
from ..services.export_formats import safe_cell
from ..services.rating_reads import PROVISIONAL_BELOW, TREND_MATCHES, history, ladder, partnerships, scope_of
from .blueprint import bp
from .routes import ruleset_name

#: The least and most matches a reader may set as the provisional mark's minimum.
MIN_BOUNDS: Final = (1, 1000)
UNPROCESSABLE: Final = 422


def _minimum(raw: str | None) -> tuple[int, str | None, str]:
    """The provisional minimum from the query (``min``), the error to show beside its field (the
    default then applies), and the value to keep in the field."""
    if raw is None or raw == "":
        return PROVISIONAL_BELOW, None, str(PROVISIONAL_BELOW)
    text = raw.strip()
    low, high = MIN_BOUNDS
    if text.isascii() and text.isdigit() and len(text) <= 4 and low <= int(text) <= high:
        return int(text), None, text
    error = _("Enter a whole number from %(low)s to %(high)s.", low=low, high=high)
    return PROVISIONAL_BELOW, error, raw[:20]


@bp.get("/players/ratings")
@login_required
def ratings() -> tuple[str, int]:
    """The ladder, best first: ``?ruleset=ID`` that rule set alone (404 for an unknown one),
    ``?min=N`` the matches under which a rating is marked provisional."""
    try:
        scope = scope_of(request.args.get("ruleset"))
    except NotFound:
        abort(404)
    minimum, error, kept = _minimum(request.args.get("min"))
    page = render_template(
        "players/ratings.html",
        standings=ladder(current_club().id, scope),
        partnerships=partnerships(current_club().id, scope),
        scope=scope,
        rulesets=[(r, ruleset_name(r)) for r in RULESET_IDS],
        minimum=minimum,
        min_error=error,
        min_kept=kept,
        trend_over=TREND_MATCHES,
        all_scope=ALL_RULESETS,
    )
    return page, UNPROCESSABLE if error else 200


@dataclass(frozen=True)
class RatingChart:
    chart: Markup
    #: (match id, date, ordinal) after each rated match, oldest first: the numbers beside the chart.
    points: list[tuple[int, Any, float]]


@bp.app_template_global("rating_chart")
def rating_chart(player: Player) -> RatingChart | None:
    """The player's rating (mu − 3 sigma, over every rule set) after each of their rated matches,
    from the starting 0; ``None`` before any (one statement)."""
    points = history(current_club().id, player.id)
    if not points:
        return None
    ordinals = [p.ordinal for p in points]
    # From 0 (every player's starting rating) when the first match is shown, else from the first shown.
    start, values = (0.0, ordinals) if points[0].number == 1 else (ordinals[0], ordinals[1:])
    first = points[0].number if points[0].number == 1 else points[0].number + 1
    chart = charts.rating_chart(
        "chart-rating",
        values or [start],
        start,
        first,
        title=_("Rating of %(name)s", name=player.name),
        desc=_(
            "The rating of %(name)s after each of their %(count)s latest rated matches; now %(rating)s.",
            name=player.name,
            count=len(points),
            rating=vocabulary.number(round(ordinals[-1], 1)),
        ),
        axis=_("Match"),
        fmt=vocabulary.number,
    )
    return RatingChart(chart, [(p.match_id, p.created_at, p.ordinal) for p in points])


# --- Series of club nights -----------------------------------------------------------------------------


@bp.get("/players/series")
@login_required
def series_index() -> str:
    """The account's series (a season of club nights), made through the API or by the organiser."""
    return render_template("players/series_index.html", series=series_service.list_series(current_club().id))


@bp.get("/players/series/<int:series_id>")
@login_required
def series_page(series_id: int) -> str:
    """A series' standings: each finished night's points, the total of the best nights, the rank
    from the minimum of nights, and the rating beside (404 for another account's series)."""
    table = series_service.series_table(owned_or_404(series_service.get_series, series_id))
    return render_template("players/series.html", table=table)


@bp.get("/players/series/<int:series_id>.csv")
@login_required
def series_csv(series_id: int) -> Response:
    """The standings as a spreadsheet reads them (``;`` and a decimal comma in Spanish and French)."""
    table = series_service.series_table(owned_or_404(series_service.get_series, series_id))
    locale = get_locale()
    language = locale.language if locale else "en"
    comma = language in {"es", "fr"}
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if comma else ",", lineterminator="\r\n")

    def figure(value: float | None) -> str:
        if value is None:
            return ""
        text = f"{value:.1f}".removesuffix(".0")
        return text.replace(".", ",") if comma else text

    writer.writerow(
        [_("Rank"), _("Player"), _("Total"), _("Nights"), *[n.name for n in table.nights], _("Rating")]
    )
    for s in table.standings:
        rating = table.ratings.get(s.key)
        writer.writerow(
            [
                "" if s.rank is None else s.rank,
                safe_cell(s.key),
                figure(s.total),
                s.nights,
                *[figure(p) for p in s.points],
                "" if rating is None else figure(round(rating, 1)),
            ]
        )
    name = f"series-{table.series.id}.csv"
    return Response(
        "\ufeff" + out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )

