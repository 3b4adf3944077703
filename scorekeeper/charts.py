"""Charts as inline SVG, drawn on the server: no script, no library, no CDN. Pure: no Flask.

Each chart is scaled by its ``viewBox`` (360 units wide, shown at 100% width), so at a phone's
360 px its 13-unit text reads at about 12 px. Sides are told apart by colour (the Okabe-Ito palette,
safe for colour-blind readers) and also by dash pattern and marker shape. Every chart has
``role="img"``, a ``<title>`` and a ``<desc>``; the pages put the numbers in a table beside it.
Every text is escaped (side names are user input). Coordinates are rounded to one decimal.

Every chart shows its title above the plot (and names its x axis when the caller gives a name);
the hand axis labels every hand of a short match and round numbers of a long one; the target's
label goes where it covers no point of the lines.

The caller passes every human text already translated (this module has no gettext), and ``fmt``,
which writes a number the reader's way (plain digits by default).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from markupsafe import Markup, escape

WIDTH: Final = 360
TITLE_SIZE: Final = 15
#: The title's baseline; the plot starts below it.
TITLE_Y: Final = 16
PLOT_TOP: Final = 34
PLOT_HEIGHT: Final = 150
PLOT_RIGHT: Final = WIDTH - 8
FONT_SIZE: Final = 13
CHAR_WIDTH: Final = 7.5  # an average digit at FONT_SIZE, for the room the y labels need
LEGEND_ROW: Final = 18
MAX_LEGEND_CHARS: Final = 40
#: Colour-blind-safe (Okabe-Ito): blue, vermillion, bluish green; then dash patterns and markers.
COLORS: Final = ("#0072b2", "#d55e00", "#009e73")
DASHES: Final = ("", "7 4", "2 3")
MARKERS: Final = ("circle", "square", "triangle")
INK: Final = "#111827"
MUTED: Final = "#4b5563"
GRID: Final = "#e5e7eb"
#: The results chart shows at most this many of the latest matches.
MAX_RESULTS: Final = 50
#: Up to this many hands, every hand is labelled on the x axis; past it, round numbers.
EVERY_HAND_UP_TO: Final = 15
#: Room below the plot for the hand numbers, and for the axis name when there is one.
X_LABELS: Final = 36
AXIS_NAME: Final = 18

Format = Callable[[int], str]


def num(value: float) -> str:
    """A coordinate rounded to one decimal, without a useless ``.0``."""
    text = f"{round(value, 1):.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def nice_step(span: float, count: int) -> int:
    """A round step (1, 2, 2.5 or 5 times a power of ten, at least 1) splitting ``span`` in about
    ``count`` parts."""
    raw = max(span, 1) / max(count, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * magnitude
        if step >= raw and step == int(step):
            return int(step)
    return int(10 * magnitude)


def ticks(low: float, high: float, count: int = 6) -> list[int]:
    """Round values from at most ``low`` to at least ``high`` (0 always among them)."""
    low, high = min(low, 0), max(high, 0)
    if high == low:
        high = low + 100
    step = nice_step(high - low, count)
    first, last = math.floor(low / step), math.ceil(high / step)
    return [i * step for i in range(first, last + 1)]


@dataclass(frozen=True)
class Frame:
    """The plot area and its value scale: ``y(v)`` maps a value between the first and last tick."""

    left: float
    ticks: tuple[int, ...]

    @property
    def width(self) -> float:
        return PLOT_RIGHT - self.left

    @property
    def bottom(self) -> float:
        return PLOT_TOP + PLOT_HEIGHT

    def y(self, value: float) -> float:
        low, high = self.ticks[0], self.ticks[-1]
        return PLOT_TOP + (high - value) / (high - low) * PLOT_HEIGHT


def frame(values: Sequence[float], fmt: Format = str) -> Frame:
    found = ticks(min(values, default=0), max(values, default=0))
    longest = max(len(fmt(t)) for t in found)
    return Frame(left=round(6 + longest * CHAR_WIDTH), ticks=tuple(found))


def _text(value: str) -> str:
    return str(escape(value))


def _short(name: str) -> str:
    return name if len(name) <= MAX_LEGEND_CHARS else name[: MAX_LEGEND_CHARS - 1] + "…"


def _open(chart_id: str, height: float, title: str, desc: str) -> list[str]:
    """The ``<svg>`` with its accessible name and description, and the title shown above the plot
    (hidden from screen readers, which read the ``<title>``)."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {num(height)}" '
        f'role="img" aria-labelledby="{_text(chart_id)}-t {_text(chart_id)}-d" '
        f'font-size="{FONT_SIZE}" font-family="system-ui,sans-serif">',
        f'<title id="{_text(chart_id)}-t">{_text(title)}</title>',
        f'<desc id="{_text(chart_id)}-d">{_text(desc)}</desc>',
        f'<text class="chart-title" x="0" y="{TITLE_Y}" font-size="{TITLE_SIZE}" font-weight="bold" '
        f'fill="{INK}" aria-hidden="true">{_text(title)}</text>',
    ]


def _grid(f: Frame, fmt: Format = str) -> list[str]:
    """Horizontal grid lines with their values, and the zero axis darker."""
    lines = "".join(f"M{num(f.left)} {num(f.y(t))}H{PLOT_RIGHT}" for t in f.ticks if t)
    labels = "".join(
        f'<text x="{num(f.left - 4)}" y="{num(f.y(t) + 4.5)}">{_text(fmt(t))}</text>' for t in f.ticks
    )
    return [
        f'<path d="{lines}" stroke="{GRID}"/>' if lines else "",
        f'<g text-anchor="end" fill="{MUTED}">{labels}</g>',
        f'<path class="zero" d="M{num(f.left)} {num(f.y(0))}H{PLOT_RIGHT}" stroke="{INK}"/>',
    ]


def _x_labels(f: Frame, positions: Sequence[tuple[float, str]], axis: str = "") -> str:
    """The numbers under the plot, and the axis's name under them when given."""
    labels = "".join(f'<text x="{num(x)}" y="{num(f.bottom + 16)}">{_text(t)}</text>' for x, t in positions)
    middle, below = num(f.left + f.width / 2), num(f.bottom + 32)
    name = f'<text class="axis-name" x="{middle}" y="{below}">{_text(axis)}</text>' if axis else ""
    return f'<g text-anchor="middle" fill="{MUTED}">{labels}{name}</g>'


def _legend_top(f: Frame, axis: str) -> float:
    return f.bottom + X_LABELS + (AXIS_NAME if axis else 0)


def _marker(kind: str, x: float, y: float, color: str, filled: bool = True, cls: str = "") -> str:
    fill = color if filled else "#fff"
    paint = (f'class="{cls}" ' if cls else "") + f'fill="{fill}" stroke="{color}" stroke-width="2"'
    if kind == "square":
        return f'<rect x="{num(x - 4)}" y="{num(y - 4)}" width="8" height="8" {paint}/>'
    if kind == "triangle":
        return f'<path d="M{num(x)} {num(y - 5)}l5 9h-10z" {paint}/>'
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="4.5" {paint}/>'


def _legend(top: float, entries: Sequence[str], kinds: Sequence[int], line: bool = True) -> list[str]:
    """One row per entry: a sample of the series' line (or bar) and marker, then its name."""
    parts = []
    for row, (name, i) in enumerate(zip(entries, kinds, strict=True)):
        y = top + row * LEGEND_ROW
        color = COLORS[i % len(COLORS)]
        if line:
            dash = DASHES[i % len(DASHES)]
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(f'<path d="M10 {num(y)}h28" stroke="{color}" stroke-width="2.5"{dash_attr}/>')
            parts.append(_marker(MARKERS[i % len(MARKERS)], 24, y, color))
        else:
            parts.append(f'<rect x="14" y="{num(y - 6)}" width="20" height="12" fill="{color}"/>')
        parts.append(f'<text x="46" y="{num(y + 4.5)}" fill="{INK}">{_text(_short(name))}</text>')
    return parts


def _hand_ticks(hands: int) -> list[int]:
    """Hand numbers worth labelling: every hand up to :data:`EVERY_HAND_UP_TO`; past it the first,
    round ones (a step of 2, 5, 10...: at most about eight labels) and the last."""
    if hands < 1:
        return []
    if hands <= EVERY_HAND_UP_TO:
        return list(range(1, hands + 1))
    step = nice_step(hands, 7)
    found = [1, *range(step, hands + 1, step)]
    if found[-1] != hands:
        if hands - found[-1] < step / 2:
            found.pop()
        found.append(hands)
    return sorted(set(found))


@dataclass(frozen=True)
class Box:
    """A rectangle in chart units (a label's room)."""

    left: float
    top: float
    right: float
    bottom: float

    def holds(self, x: float, y: float, margin: float = 0) -> bool:
        return (
            self.left - margin <= x <= self.right + margin and self.top - margin <= y <= self.bottom + margin
        )


def text_box(x: float, baseline: float, text: str, anchor: str) -> Box:
    """The room a one-line label takes (its width estimated from :data:`CHAR_WIDTH`)."""
    width = len(text) * CHAR_WIDTH
    left = x - width if anchor == "end" else x
    return Box(left, baseline - FONT_SIZE, left + width, baseline + 3)


#: Clearance between a label and a point's marker (markers are about 5 units in radius).
MARKER_ROOM: Final = 6


def place_label(
    f: Frame, y: float, text: str, points: Sequence[tuple[float, float]]
) -> tuple[float, float, str]:
    """Where the label of a horizontal line at ``y`` goes: ``(x, baseline, text-anchor)``, the first
    of right-above, left-above, right-below, left-below whose room holds none of ``points``."""
    above, below = y - 4, y + FONT_SIZE + 1
    candidates = [
        (PLOT_RIGHT, above, "end"),
        (f.left + 4, above, "start"),
        (PLOT_RIGHT, below, "end"),
        (f.left + 4, below, "start"),
    ]
    for x, baseline, anchor in candidates:
        box = text_box(x, baseline, text, anchor)
        if not any(box.holds(px, py, MARKER_ROOM) for px, py in points):
            return x, baseline, anchor
    return candidates[0]


def running_totals_chart(
    chart_id: str,
    names: Sequence[str],
    totals: Sequence[Sequence[int]],
    target: int | None,
    title: str,
    desc: str,
    target_label: str,
    axis: str = "",
    fmt: Format = str,
) -> Markup:
    """Each side's running total after each hand (``totals[h][side]``), from 0 before the first,
    one line per side, with the ``target`` as a dashed line; ``axis`` names the x axis (hands)."""
    values = [v for row in totals for v in row] + ([target] if target is not None else [])
    f = frame(values, fmt)
    hands = len(totals)
    legend_top = _legend_top(f, axis)
    parts = _open(chart_id, legend_top + LEGEND_ROW * len(names) - 4, title, desc)
    parts += _grid(f, fmt)

    def x(hand: int) -> float:
        return f.left + 6 + hand * (f.width - 12) / max(hands, 1)

    lines = [
        [(x(0), f.y(0))] + [(x(h + 1), f.y(row[side])) for h, row in enumerate(totals)]
        for side in range(len(names))
    ]
    if target is not None:
        ty = f.y(target)
        label = f"{target_label} {fmt(target)}"
        lx, baseline, anchor = place_label(f, ty, label, [p for line in lines for p in line])
        parts.append(
            f'<path class="target" d="M{num(f.left)} {num(ty)}H{PLOT_RIGHT}" stroke="{INK}" '
            f'stroke-width="1.5" stroke-dasharray="8 5"/>'
            f'<text class="target-label" x="{num(lx)}" y="{num(baseline)}" text-anchor="{anchor}" '
            f'fill="{INK}">{_text(label)}</text>'
        )
    for side in range(len(names)):
        color = COLORS[side % len(COLORS)]
        points = lines[side]
        dash = DASHES[side % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline class="series" fill="none" stroke="{color}" stroke-width="2.5"{dash_attr} '
            f'stroke-linejoin="round" points="{" ".join(f"{num(px)},{num(py)}" for px, py in points)}"/>'
        )
        parts.append(_marker(MARKERS[side % len(MARKERS)], *points[-1], color))
    parts.append(_x_labels(f, [(x(n), fmt(n)) for n in _hand_ticks(hands)], axis))
    parts += _legend(legend_top, names, range(len(names)))
    parts.append("</svg>")
    # Built here, and every text in it went through escape().
    return Markup("".join(parts))  # nosec B704


def hand_scores_chart(
    chart_id: str,
    names: Sequence[str],
    scores: Sequence[Sequence[int]],
    title: str,
    desc: str,
    axis: str = "",
    fmt: Format = str,
) -> Markup:
    """Each hand's score per side (``scores[h][side]``) as grouped bars: one group per hand, one
    path per side whose bars are thick vertical strokes from the zero axis (shorter than rectangles),
    negative scores below it."""
    f = frame([v for row in scores for v in row], fmt)
    hands, sides = len(scores), len(names)
    legend_top = _legend_top(f, axis)
    parts = _open(chart_id, legend_top + LEGEND_ROW * sides - 4, title, desc)
    parts += _grid(f, fmt)
    group = f.width / max(hands, 1)
    bar = group * 0.8 / max(sides, 1)
    zero = f.y(0)
    for side in range(sides):
        d = []
        for h, row in enumerate(scores):
            if row[side]:
                middle = f.left + h * group + group * 0.1 + (side + 0.5) * bar
                d.append(f"M{num(middle)} {num(zero)}V{num(f.y(row[side]))}")
        parts.append(
            f'<path class="series" stroke="{COLORS[side % len(COLORS)]}" stroke-width="{num(bar)}" '
            f'd="{"".join(d)}"/>'
        )
    parts.append(_x_labels(f, [(f.left + (n - 0.5) * group, fmt(n)) for n in _hand_ticks(hands)], axis))
    parts += _legend(legend_top, names, range(sides), line=False)
    parts.append("</svg>")
    # Built here, and every text in it went through escape().
    return Markup("".join(parts))  # nosec B704


@dataclass(frozen=True)
class ResultPoint:
    """One finished match in a player's results: when, their side's final total, won or lost."""

    when: datetime
    total: int
    won: bool
    #: A draw (equal top totals): neither won nor lost.
    drawn: bool = False


def results_chart(
    chart_id: str,
    results: Sequence[ResultPoint],
    title: str,
    desc: str,
    won_label: str,
    lost_label: str,
    date_format: str = "%Y-%m-%d",
    fmt: Format = str,
    date_text: Callable[[datetime], str] | None = None,
    drawn_label: str = "",
) -> Markup:
    """A player's side's final total in each finished match, oldest first (the latest
    :data:`MAX_RESULTS`): a line through markers, a filled circle for a win and a hollow square for a
    loss; the first and last dates below, written by ``date_text`` (the reader's way) when given,
    else with ``date_format``. A draw is a hollow triangle, in the legend (``drawn_label``) only when
    one is shown. One rule set per chart: a line across rule sets would compare points of different
    games."""
    shown = list(results)[-MAX_RESULTS:]
    f = frame([r.total for r in shown], fmt)
    legend_top = f.bottom + X_LABELS
    draws = any(r.drawn for r in shown)
    parts = _open(chart_id, legend_top + LEGEND_ROW * (3 if draws else 2) - 4, title, desc)
    parts += _grid(f, fmt)
    count = len(shown)

    def x(i: int) -> float:
        return f.left + 10 + (i * (f.width - 20) / (count - 1) if count > 1 else (f.width - 20) / 2)

    points = [(x(i), f.y(r.total)) for i, r in enumerate(shown)]
    if count > 1:
        parts.append(
            f'<polyline fill="none" stroke="{MUTED}" stroke-width="1.5" '
            f'points="{" ".join(f"{num(px)},{num(py)}" for px, py in points)}"/>'
        )
    won_color, lost_color = COLORS[0], COLORS[1]
    for (px, py), r in zip(points, shown, strict=True):
        if r.won:
            parts.append(_marker("circle", px, py, won_color, cls="won"))
        elif r.drawn:
            parts.append(_marker("triangle", px, py, MUTED, filled=False, cls="drawn"))
        else:
            parts.append(_marker("square", px, py, lost_color, filled=False, cls="lost"))
    if shown:
        y = num(f.bottom + 16)
        write = date_text or (lambda moment: moment.strftime(date_format))
        first, last = write(shown[0].when), write(shown[-1].when)
        parts.append(
            f'<g fill="{MUTED}"><text x="{num(f.left)}" y="{y}">{_text(first)}</text>'
            + (f'<text x="{PLOT_RIGHT}" y="{y}" text-anchor="end">{_text(last)}</text>' if count > 1 else "")
            + "</g>"
        )
    parts += [
        _marker("circle", 24, legend_top, won_color),
        f'<text x="46" y="{num(legend_top + 4.5)}" fill="{INK}">{_text(won_label)}</text>',
        _marker("square", 24, legend_top + LEGEND_ROW, lost_color, filled=False),
        f'<text x="46" y="{num(legend_top + LEGEND_ROW + 4.5)}" fill="{INK}">{_text(lost_label)}</text>',
    ]
    if draws:
        row = legend_top + 2 * LEGEND_ROW
        parts += [
            _marker("triangle", 24, row, MUTED, filled=False),
            f'<text x="46" y="{num(row + 4.5)}" fill="{INK}">{_text(drawn_label)}</text>',
        ]
    parts += [
        "</svg>",
    ]
    # Built here, and every text in it went through escape().
    return Markup("".join(parts))  # nosec B704
