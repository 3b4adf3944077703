"""The edit log in words: what happened ("Hand 3 edited"), by which account (or which club-night
table's link), for an edit the lines of the hand that changed ("Ellos: melds 210 → 310"), and for a
hand undone or deleted everything it held (its scores and every value entered), so it can be entered
again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from flask_babel import format_datetime
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..models import EditLog, as_utc
from ..rules import CUSTOM, RuleSet, load_hand, score_hand
from ..vocabulary import number
from .labels import canasta_label, flag_label, going_out_label, penalty_label

#: The latest entries shown on the scoreboard; the rest are on the log's own page.
SCOREBOARD_ENTRIES: Final = 20
#: Entries that took a hand away, keeping its input (``before``): it can be entered again.
REMOVED: Final = frozenset({"hand_undone", "hand_deleted"})

ACTIONS: Final = {
    "match_created": _l("Match created"),
    "hand_added": _l("Hand %(number)s added"),
    "hand_edited": _l("Hand %(number)s edited"),
    "hand_deleted": _l("Hand %(number)s deleted"),
    "hand_undone": _l("Hand %(number)s undone"),
    "match_reopened": _l("Match reopened for editing"),
    "share_created": _l("Share link created"),
    "share_revoked": _l("Share link revoked"),
    "match_imported": _l("Match imported"),
    "match_settled": _l("Round closed: the game ended as it stood"),
    "round_closed": _l("Round closed: the finished game takes no more hands"),
    "confirmation_reopened": _l(
        "A correction reopened the confirmation: the table must agree with the result again"
    ),
}

#: A side's agreement with a club-night game's result (``after``: its ``side``, 0-based, and the
#: ``totals`` it agreed with; ``via_table``: the table).
CONFIRMED: Final = _l("Table %(table)s, side %(side)s agreed with %(totals)s")


SIDE_LINES: Final = {
    "melds": _l("melds"),
    "hand": _l("cards in hand"),
    "red_threes": _l("red threes"),
}


@dataclass(frozen=True)
class LogEntry:
    at: str
    who: str
    what: str
    changes: list[str]
    #: A hand undone or deleted: everything it held, in words (else empty).
    values: tuple[str, ...] = ()
    #: The entry's id when its hand can be entered again from it ("Enter it again").
    again: int | None = None
    #: Why the hand was corrected (a club night's director must say why; empty otherwise).
    reason: str = ""


def describe_action(entry: EditLog) -> str:
    """The entry's action in the reader's words and numbers."""
    if entry.action == "table_confirmed":
        return _confirmed(entry)
    label = ACTIONS.get(entry.action)
    if label is None:
        return entry.action
    return str(label) % {"number": entry.hand_number}


def _confirmed(entry: EditLog) -> str:
    after = entry.after if isinstance(entry.after, Mapping) else {}
    side, totals = after.get("side"), after.get("totals") or []
    figures = " – ".join(_figure(total) for total in totals)
    return str(CONFIRMED) % {
        "table": _figure(entry.via_table),
        "side": _figure(side + 1) if isinstance(side, int) else "?",
        "totals": figures,
    }


def _went_out(value: Any, sides: Sequence[str]) -> str:
    if isinstance(value, int) and 0 <= value < len(sides):
        return sides[value]
    return _("nobody")


def _kind(rs: RuleSet, code: Any) -> str:
    kind = rs.going_out_kind(str(code)) if code else None
    return going_out_label(kind) if kind is not None else str(code or "—")


def _penalties(rs: RuleSet, entries: Any) -> str:
    words = []
    for entry in entries or []:
        count = int(entry.get("count", 1))
        if entry.get("code") == CUSTOM:
            label = f"{entry.get('description', '')} (−{_figure(entry.get('points', 0))})"
        else:
            penalty = rs.penalty(str(entry.get("code")))
            label = penalty_label(penalty) if penalty is not None else str(entry.get("code"))
        words.append(label if count == 1 else f"{label} ×{count}")
    return ", ".join(words) or _("none")


def _figure(value: Any) -> str:
    """A stored number written the reader's way (anything else as it is)."""
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _yes_no(value: Any) -> str:
    return _("yes") if value else _("no")


def _side_changes(rs: RuleSet, name: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    lines: list[tuple[str, str, str]] = []
    for key, label in SIDE_LINES.items():
        lines.append((str(label), _figure(old.get(key, 0)), _figure(new.get(key, 0))))
    old_canastas, new_canastas = old.get("canastas") or {}, new.get("canastas") or {}
    for code in dict.fromkeys([*old_canastas, *new_canastas]):
        kind = rs.canasta_kind(code)
        label = canasta_label(kind) if kind is not None else code
        lines.append((label, _figure(old_canastas.get(code, 0)), _figure(new_canastas.get(code, 0))))
    for flag in rs.flags:
        lines.append((flag_label(flag), _yes_no(old.get(flag.code)), _yes_no(new.get(flag.code))))
    lines.append((_("penalties"), _penalties(rs, old.get("penalties")), _penalties(rs, new.get("penalties"))))
    return [f"{name}: {label} {a} → {b}" for label, a, b in lines if a != b]


def hand_changes(
    rs: RuleSet, sides: Sequence[str], before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[str]:
    """The lines that differ between two inputs of a hand, in words."""
    if not before or not after:
        return []
    changes = []
    if before.get("went_out") != after.get("went_out"):
        old, new = _went_out(before.get("went_out"), sides), _went_out(after.get("went_out"), sides)
        label = _("went out")
        changes.append(f"{label}: {old} → {new}")
    elif before.get("going_out_kind") != after.get("going_out_kind") and after.get("went_out") is not None:
        old, new = _kind(rs, before.get("going_out_kind")), _kind(rs, after.get("going_out_kind"))
        label = _("how")
        changes.append(f"{label}: {old} → {new}")
    old_sides, new_sides = before.get("sides") or [], after.get("sides") or []
    for i, name in enumerate(sides):
        if i < len(old_sides) and i < len(new_sides):
            changes.extend(_side_changes(rs, name, old_sides[i], new_sides[i]))
    return changes


def hand_scores(rs: RuleSet, sides: Sequence[str], data: Mapping[str, Any] | None) -> str:
    """A stored hand's score per side, the reader's way ("Nosotros 1,240, Ellos 315"); empty if
    the stored input cannot be read."""
    try:
        scores = [b.total for b in score_hand(rs, load_hand(data or {}))]
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""
    return scores_text(sides, scores)


def scores_text(sides: Sequence[str], scores: Sequence[int]) -> str:
    """Each side's score after its name, the reader's way ("Nosotros 1,240, Ellos −315")."""
    return ", ".join(f"{name} {number(score)}" for name, score in zip(sides, scores, strict=False))


def _side_values(rs: RuleSet, name: str, side: Mapping[str, Any]) -> str:
    parts = [f"{label} {_figure(side.get(key, 0))}" for key, label in SIDE_LINES.items()]
    for code, count in (side.get("canastas") or {}).items():
        if count:
            kind = rs.canasta_kind(code)
            parts.append(f"{canasta_label(kind) if kind is not None else code} {_figure(count)}")
    parts.extend(flag_label(flag) for flag in rs.flags if side.get(flag.code))
    penalties = side.get("penalties")
    if penalties:
        label = _("penalties")
        parts.append(f"{label}: {_penalties(rs, penalties)}")
    return f"{name}: " + " · ".join(parts)


def hand_values(rs: RuleSet, sides: Sequence[str], data: Mapping[str, Any] | None) -> tuple[str, ...]:
    """Everything a stored hand held, in words: its scores, who went out and how, and each side's
    values ("Nosotros: melds 1,240 · cards in hand 0 · red threes 1 · clean canasta 1")."""
    if not data:
        return ()
    lines = []
    scores = hand_scores(rs, sides, data)
    if scores:
        label = _("scores")
        lines.append(f"{label}: {scores}")
    went_out = data.get("went_out")
    out = _went_out(went_out, sides)
    if went_out is not None:
        out = f"{out} ({_kind(rs, data.get('going_out_kind'))})"
    label = _("went out")
    lines.append(f"{label}: {out}")
    for name, side in zip(sides, data.get("sides") or [], strict=False):
        if isinstance(side, Mapping):
            lines.append(_side_values(rs, name, side))
    return tuple(lines)


def log_entries(entries: Sequence[EditLog], rs: RuleSet, sides: Sequence[str]) -> list[LogEntry]:
    """The log as the page shows it (``entries`` newest first, their users loaded)."""
    out = []
    for entry in entries:
        moment = as_utc(entry.at)
        removed = entry.action in REMOVED and bool(entry.before)
        out.append(
            LogEntry(
                at=format_datetime(moment, "short"),
                who=log_author(entry),
                what=describe_action(entry),
                changes=hand_changes(rs, sides, entry.before, entry.after)
                if entry.action == "hand_edited"
                else [],
                values=hand_values(rs, sides, entry.before) if removed else (),
                again=entry.id if removed else None,
                reason=correction_reason(entry),
            )
        )
    return out


def log_author(entry: EditLog) -> str:
    """Who made the change: the club-night table whose link sent it (stored under the organiser's
    account), else the account's name."""
    if entry.via_table is not None:
        return _("Table %(number)s (table link)", number=entry.via_table)
    return entry.user.username if entry.user is not None else _("a deleted account")


def correction_reason(entry: EditLog) -> str:
    """The reason the director gave for a correction (kept with the entry's new input), else empty."""
    after = entry.after if isinstance(entry.after, Mapping) else {}
    reason = after.get("reason")
    return reason if isinstance(reason, str) else ""
