"""The chance each side of a round's tables wins (issue 21), on the director's console and the
seating proposal: the ratings' prediction (:func:`.rating_reads.predict_many`, as the new-match page's
chances) in the event's rule set, from one read of the ratings of every player seated, written the
reader's way (``format_percent``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import format_percent
from flask_babel import gettext as _

from ..models import ALL_RULESETS
from ..rules import RULESET_IDS
from ..services.rating_reads import predict_many


def table_chances(event: Any, tables: Sequence[Sequence[Sequence[int]]], entries: Sequence[Any]) -> list[str]:
    """For each table (its sides' entry ids), a sentence of each side's chance of winning
    (``""``: a table the model cannot rate, such as a side with nobody)."""
    players: Mapping[int, list[str]] = {int(e.id): list(e.players) for e in entries}
    games = [
        [[name for entry in side for name in players.get(int(entry), [])] for side in table]
        for table in tables
    ]
    scope = event.ruleset if event.ruleset in RULESET_IDS else ALL_RULESETS
    texts = []
    for chances in predict_many(event.club_id, games, scope):
        if not chances:
            texts.append("")
            continue
        each = [
            _("Side %(n)s %(chance)s", n=n, chance=format_percent(chance))
            for n, chance in enumerate(chances, start=1)
        ]
        texts.append(_("Chance of winning, by the ratings: %(chances)s.", chances=" · ".join(each)))
    return texts
