"""What the scoreboard and the hand pages show, derived from a :class:`MatchView` (no database work)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from flask_babel import format_date, get_locale
from flask_babel import gettext as _

from ..models import Match, as_utc
from ..pages import PAGES
from ..rules import LINES
from ..rules.cards import counted_groups
from ..rules.registry import BOOKS
from ..seating import SeatRef, dealer_and_starter
from ..services import MatchView, is_read_only
from ..services.event_reads import table_of_match
from ..timezones import reader_zone_name
from .forms import kept_customs
from .labels import canasta_label, flag_label, going_out_label, house_rule_text, line_labels


@dataclass(frozen=True)
class SideLine:
    """One side on the scoreboard."""

    index: int
    name: str
    players: list[str]
    total: int
    needs: int
    opening_minimum: int


def side_names(mv: MatchView) -> list[str]:
    return [side.name for side in mv.match.sides]


def sides(mv: MatchView) -> list[SideLine]:
    state = mv.state
    return [
        SideLine(
            index=i,
            name=side.name,
            players=side.player_names,
            total=state.totals[i],
            needs=max(mv.match.target - state.totals[i], 0),
            opening_minimum=state.opening_minimums[i],
        )
        for i, side in enumerate(mv.match.sides)
    ]


def next_seats(mv: MatchView, number: int) -> tuple[SeatRef, SeatRef]:
    """Who deals hand ``number`` and who starts it."""
    players = [side.player_names for side in mv.match.sides]
    return dealer_and_starter(players, mv.match.first_dealer, number)


def house_rules(mv: MatchView) -> list[str]:
    book = BOOKS[mv.ruleset.id]
    return [house_rule_text(book, key, value) for key, value in sorted(mv.match.house_rules.items())]


#: The most recent hands show their breakdown on the scoreboard itself; older ones open their own
#: page, so the scoreboard of a long match stays light on a phone.
INLINE_HANDS = 8


def scoreboard_context(mv: MatchView) -> dict[str, Any]:
    state = mv.state
    newest_first = list(reversed(state.hands))
    dealer, starter = next_seats(mv, state.next_number)
    winner = mv.match.sides[state.winner].name if state.winner is not None else None
    return {
        "mv": mv,
        "match": mv.match,
        "rs": mv.ruleset,
        "sides": sides(mv),
        "dealer": dealer,
        "starter": starter,
        "house_rules": house_rules(mv),
        "winner": winner,
        #: Over: won (``winner``), or drawn (``draw``: equal top totals at the hands limit, or settled so).
        "finished": state.finished,
        "draw": state.draw,
        "settled": state.settled,
        #: How many play for the winner: the winner sentence agrees with it ("Ganaron Lucía y Pablo").
        "winner_players": len(mv.match.sides[state.winner].player_names) if state.winner is not None else 0,
        "lines": [*LINES, "total"],
        "line_labels": line_labels(mv.ruleset),
        "recent_hands": newest_first[:INLINE_HANDS],
        "earlier_hands": newest_first[INLINE_HANDS:],
        "last_number": len(state.hands),
        "read_only": is_read_only(mv.match),
        "event_game": event_game(mv.match),
    }


def event_game(match: Match) -> dict[str, Any] | None:
    """What a club night's game says of itself (``None`` for an ordinary match): its event, round and
    table, and its number of hands when the event's games end by hands rather than at a target. Its
    pages offer no Rematch and no Delete (the director corrects it; the next round seats the next)."""
    table = table_of_match(match.id)
    if table is None:
        return None
    event = table.round.event
    return {
        "event_id": event.id,
        "event": event.name,
        "round": table.round.number,
        "table": table.number,
        "hands": (event.game or {}).get("hands"),
    }


def rematch_request(mv: MatchView) -> dict[str, Any]:
    """A new match like ``mv``'s (the API's shape): the same rule set, target, house rules and sides,
    in the same seats. The deal goes on round the table: the player who would have dealt the next
    hand deals the rematch's first."""
    match = mv.match
    players = [side.player_names for side in match.sides]
    seats = sum(len(names) for names in players)
    return {
        "ruleset": match.ruleset,
        "target": match.target,
        "house_rules": dict(match.house_rules or {}),
        "sides": [
            {"name": side.name, "players": list(names)}
            for side, names in zip(match.sides, players, strict=True)
        ],
        "first_dealer": (match.first_dealer + len(mv.state.hands)) % seats if seats else 0,
    }


def sides_before(mv: MatchView, number: int) -> list[SideLine]:
    """The sides as they stood before hand ``number`` (an earlier hand being edited, or the next)."""
    lines = sides(mv)
    if number > len(mv.state.hands):
        return lines
    before = mv.state.hands[number - 1]
    return [
        dataclasses.replace(
            line,
            total=before.totals_before[i],
            needs=max(mv.match.target - before.totals_before[i], 0),
            opening_minimum=before.opening_minimums_before[i],
        )
        for i, line in enumerate(lines)
    ]


def hand_page_context(mv: MatchView, number: int) -> dict[str, Any]:
    """The hand entry page: labels of this rule set's codes, the sides and who dealt the hand."""
    dealer, starter = next_seats(mv, number)
    rs = mv.ruleset
    return {
        "mv": mv,
        "match": mv.match,
        "rs": rs,
        "number": number,
        "sides": sides_before(mv, number),
        "dealer": dealer,
        "kept_customs": kept_customs,
        "starter": starter,
        "card_groups": counted_groups(rs.card_groups),
        "canasta_labels": {k.code: canasta_label(k) for k in rs.canasta_kinds},
        "flag_labels": {f.code: flag_label(f) for f in rs.flags},
        "going_out_labels": {k.code: going_out_label(k) for k in rs.going_out_kinds},
    }


#: How many hands ahead a kept hand page knows who deals and who starts.
SEATS_AHEAD: Final = 40


def hand_template_context(mv: MatchView) -> tuple[dict[str, Any], dict[str, Any]]:
    """A blank hand page that the phone's queue fills in (a kept copy, or a table's page): the data
    it reads (the next hand's number, totals, who deals and starts for the next hands) and the page's
    context, with placeholders (``{n}``, ``{dealer}``, ``{total}``...) where those go."""
    number = mv.state.next_number
    seats = [next_seats(mv, n) for n in range(number, number + SEATS_AHEAD)]
    data = {
        "match": mv.match.id,
        "next": number,
        "finished": mv.state.finished,
        "totals": list(mv.state.totals),
        "seats": [[d.name, s.name] for d, s in seats],
    }
    context = hand_page_context(mv, number)
    context.update(
        number="{n}",
        dealer={"name": "{dealer}"},
        starter={"name": "{starter}"},
        sides=[
            {"name": line.name, "total": "{total}", "opening_minimum": "{minimum}"}
            for line in context["sides"]
        ],
    )
    return data, context


# --- History ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistorySide:
    name: str
    players: list[str]
    total: int
    won: bool


@dataclass(frozen=True)
class HistoryRow:
    """One match in the history, from its summary columns (no folding of hands)."""

    id: int
    ruleset: str
    target: int
    sides: list[HistorySide]
    finished: bool
    winner: str | None
    hand_count: int
    #: Finished with no winner (equal top totals).
    draw: bool
    date: str
    date_iso: str


def history_row(match: Match, ruleset_names: dict[str, str]) -> HistoryRow:
    totals = list(match.totals or [])
    created = as_utc(match.created_at)
    sides = [
        HistorySide(
            name=side.name,
            players=side.player_names,
            total=totals[i] if i < len(totals) else 0,
            won=match.finished and match.winner == i,
        )
        for i, side in enumerate(match.sides)
    ]
    winner = (
        sides[match.winner].name
        if match.finished and match.winner is not None and match.winner < len(sides)
        else None
    )
    return HistoryRow(
        id=match.id,
        ruleset=_(ruleset_names.get(match.ruleset, match.ruleset)),
        target=match.target,
        sides=sides,
        finished=match.finished,
        winner=winner,
        hand_count=match.hand_count,
        draw=match.finished and match.winner is None,
        date=format_date(created, "medium"),
        date_iso=created.date().isoformat(),
    )


def etag_for(
    match_id: int,
    revision: int,
    updated_at: datetime,
    user_id: int,
    roster_revision: int,
    role: str = "owner",
) -> str:
    """What the scoreboard depends on: the match's revision (every change to it), the reader and
    their role in the match's club (a scorer's page has Save and Undo, a member's has not), the
    club's player names, the language, the reader's time zone, and the templates and catalogs of this
    version of the app. The time of the match's last change tells apart a match that took the id
    of one deleted with its database (a rebuilt database numbers its matches and revisions from 1
    again)."""
    changed = int(as_utc(updated_at).timestamp() * 1_000_000)
    zone = reader_zone_name()  # the edit log's times are written in the reader's zone
    reader = f"u{user_id}-{role}-p{roster_revision}"
    return f"m{match_id}-r{revision}-t{changed:x}-{reader}-{get_locale()}-{zone}-{PAGES}"
