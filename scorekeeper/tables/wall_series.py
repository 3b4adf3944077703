"""The series on the wall (issue 21): when the night belongs to a series (a season), the wall shows
the series' standings beside the night's: each player's points (best N nights), nights played and
rating, from :func:`.services.series.series_table` (a fixed number of statements). The wall's version
counts the event's series, so putting the night in a series or taking it out changes the wall, and
the night's end (which makes it count) does too."""

from __future__ import annotations

from typing import Any, Final

from ..models import Event
from ..services.errors import NotFound
from ..services.series import get_series, series_table
from ..vocabulary import number

#: Rows of the series shown at once on the wall (wall.js pages the rest, as the night's standings).
RATING_PLACES: Final = 1


def wall_series(event: Event) -> dict[str, Any]:
    """``{"series": ...}`` for the wall's board: ``None`` when the night is in no series."""
    if event.series_id is None:
        return {"series": None}
    try:
        series = get_series(event.club_id, event.series_id)
    except NotFound:
        return {"series": None}
    table = series_table(series)
    rows = [
        {
            "rank": s.rank,
            "name": s.key,
            "total": number(round(s.total, 2)),
            "nights": s.nights,
            "rating": number(round(table.ratings[s.key], RATING_PLACES)) if s.key in table.ratings else None,
        }
        for s in table.standings
    ]
    return {
        "series": {
            "name": series.name,
            "best": series.best,
            "minimum": series.minimum,
            "nights": len(table.nights),
            "pending": table.pending,
            "rows": rows,
        }
    }
