"""The SVG charts: well-formed, accessible, one series per side, the target and zero where they
belong, names escaped, and small enough for a long match."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from itertools import pairwise

from scorekeeper.charts import (
    MARKER_ROOM,
    MAX_RESULTS,
    PLOT_HEIGHT,
    PLOT_TOP,
    Box,
    ResultPoint,
    hand_scores_chart,
    num,
    results_chart,
    running_totals_chart,
    text_box,
    ticks,
)

NS = {"svg": "http://www.w3.org/2000/svg"}
EVIL = '<script>alert("x")</script> & Co'


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def totals(names: list[str], rows: list[list[int]], target: int = 5000) -> str:
    return str(
        running_totals_chart("t", names, rows, target, "Running totals", "Totals after each hand", "Target")
    )


def path_y(d: str) -> float:
    """The y of a horizontal line ``M x y H x2``."""
    found = re.fullmatch(r"M[-\d.]+ ([-\d.]+)H[-\d.]+", d)
    assert found, d
    return float(found.group(1))


def test_running_totals_is_accessible_well_formed_svg():
    root = parse(totals(["Nosotros", "Ellos"], [[900, 50], [970, 600]]))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("role") == "img" and root.get("viewBox", "").startswith("0 0 360 ")
    assert root.find("svg:title", NS).text == "Running totals"
    assert root.find("svg:desc", NS).text == "Totals after each hand"
    assert root.get("aria-labelledby") == "t-t t-d"


def test_one_line_per_side_from_zero():
    root = parse(totals(["A", "B", "C"], [[100, 200, 300], [400, -100, 300]]))
    lines = root.findall("svg:polyline[@class='series']", NS)
    assert len(lines) == 3
    assert {line.get("stroke") for line in lines} == {"#0072b2", "#d55e00", "#009e73"}
    assert len({line.get("stroke-dasharray") for line in lines}) == 3  # not told apart by colour alone
    zero = path_y(root.find("svg:path[@class='zero']", NS).get("d"))
    for line in lines:
        points = line.get("points").split()
        assert len(points) == 3  # before the first hand, then after each
        assert float(points[0].split(",")[1]) == zero


def test_target_line_at_its_value():
    # Values from -100 to 5000: ticks -1000 to 5000 by 1000, so 5000 is the top of the plot.
    assert ticks(-100, 5000) == [-1000, 0, 1000, 2000, 3000, 4000, 5000]
    root = parse(totals(["A", "B"], [[-100, 2000]]))
    target = root.find("svg:path[@class='target']", NS)
    assert target.get("stroke-dasharray")
    assert path_y(target.get("d")) == PLOT_TOP
    assert path_y(root.find("svg:path[@class='zero']", NS).get("d")) == PLOT_TOP + PLOT_HEIGHT * 5 / 6
    # Past the target: ticks 0 to 6000, the target one sixth below the top.
    root = parse(totals(["A", "B"], [[5200, 3000]]))
    assert path_y(root.find("svg:path[@class='target']", NS).get("d")) == PLOT_TOP + PLOT_HEIGHT / 6
    assert "Target 5000" in "".join(root.itertext())


def bars(d: str) -> list[tuple[float, float]]:
    """(base y, end y) of each bar ``M x base V end`` (a thick stroke)."""
    return [(float(a), float(b)) for a, b in re.findall(r"M[-\d.]+ ([-\d.]+)V([-\d.]+)", d)]


def test_hand_scores_grouped_bars_negative_below_zero():
    svg = str(hand_scores_chart("s", ["A", "B"], [[900, -50], [0, 550]], "Hand scores", "Each hand"))
    root = parse(svg)
    assert root.get("role") == "img" and root.find("svg:title", NS).text == "Hand scores"
    series = root.findall("svg:path[@class='series']", NS)
    assert len(series) == 2
    zero = path_y(root.find("svg:path[@class='zero']", NS).get("d"))
    a, b = bars(series[0].get("d")), bars(series[1].get("d"))
    assert len(a) == 1  # a score of 0 draws no bar
    assert a[0][0] == zero and a[0][1] < zero  # 900 goes up
    assert b[0][0] == zero and b[0][1] > zero  # -50 goes down
    assert b[1][1] < zero


def test_names_and_texts_are_escaped():
    svg = totals([EVIL, "B"], [[100, 100]])
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    root = parse(svg)
    assert EVIL in "".join(root.itertext())
    svg = str(hand_scores_chart(EVIL, [EVIL, "B"], [[5, 5]], EVIL, EVIL))
    assert "<script>" not in svg
    parse(svg)
    svg = str(
        results_chart("r", [ResultPoint(datetime(2025, 1, 1, tzinfo=UTC), 5, True)], EVIL, EVIL, EVIL, EVIL)
    )
    assert "<script>" not in svg
    parse(svg)


def test_a_long_match_stays_small_and_rounded():
    rows = [[(h % 7) * 155 - 200, (h % 5) * 95 + 5] for h in range(60)]
    running = [[sum(r[s] for r in rows[: h + 1]) for s in range(2)] for h in range(60)]
    size = len(totals(["Nosotros", "Ellos"], running)) + len(
        str(hand_scores_chart("s", ["Nosotros", "Ellos"], rows, "Hand scores", "Each hand"))
    )
    assert size < 8_000
    assert not re.search(r"\d\.\d\d", totals(["A", "B"], [[333, 777]] * 7))  # one decimal at most


def test_results_chart_marks_wins_and_losses():
    day = datetime(2025, 1, 1, tzinfo=UTC)
    points = [
        ResultPoint(day.replace(day=d), total, d % 2 == 0) for d, total in ((1, 3000), (2, 5100), (3, -200))
    ]
    root = parse(str(results_chart("r", points, "Results", "Over time", "Won", "Lost")))
    assert len(root.findall(".//*[@class='won']", NS)) == 1
    assert len(root.findall(".//*[@class='lost']", NS)) == 2
    text = "".join(root.itertext())
    assert "2025-01-01" in text and "2025-01-03" in text and "Won" in text and "Lost" in text
    many = [ResultPoint(day, 100, True)] * (MAX_RESULTS + 10)
    assert (
        len(parse(str(results_chart("r", many, "R", "D", "W", "L"))).findall(".//*[@class='won']", NS))
        == MAX_RESULTS
    )


def test_results_chart_dates_are_written_by_the_given_function():
    points = [ResultPoint(datetime(2025, 1, d, tzinfo=UTC), 1000, True) for d in (5, 7)]
    def day_first(moment: datetime) -> str:
        return f"{moment.day}/{moment.month}/{moment.year % 100}"

    spanish = results_chart("r", points, "R", "D", "W", "L", date_text=day_first)
    text = "".join(parse(str(spanish)).itertext())
    assert "5/1/25" in text and "7/1/25" in text and "2025-01-05" not in text


def test_num_rounds_to_one_decimal():
    assert [num(1.0), num(2.25), num(-0.04), num(12.34)] == ["1", "2.2", "0", "12.3"]


# --- Titles, axes and labels that do not collide ------------------------------------------------


def texts(root: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == cls]


def x_numbers(root: ET.Element) -> list[str]:
    """The hand numbers under the plot (the texts of the middle-anchored group, axis name aside)."""
    group = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("text-anchor") == "middle")
    return [t.text or "" for t in group if t.get("class") != "axis-name"]


def test_every_chart_shows_its_title_and_names_its_axis():
    root = parse(
        str(running_totals_chart("t", ["A", "B"], [[100, 50]], 5000, "Running totals", "d", "Target", "Hand"))
    )
    assert texts(root, "chart-title") == ["Running totals"] and texts(root, "axis-name") == ["Hand"]
    root = parse(str(hand_scores_chart("s", ["A", "B"], [[100, 50]], "Hand scores", "d", "Hand")))
    assert texts(root, "chart-title") == ["Hand scores"] and texts(root, "axis-name") == ["Hand"]
    point = ResultPoint(datetime(2025, 1, 1, tzinfo=UTC), 5200, True)
    root = parse(str(results_chart("r", [point], "Results of Ana", "d", "Won", "Lost")))
    assert texts(root, "chart-title") == ["Results of Ana"]


def test_a_short_match_labels_every_hand():
    rows = [[100 * h, 50 * h] for h in range(1, 13)]
    assert x_numbers(parse(totals(["A", "B"], rows))) == [str(h) for h in range(1, 13)]
    scores = str(hand_scores_chart("s", ["A", "B"], rows, "Hand scores", "d"))
    assert x_numbers(parse(scores)) == [str(h) for h in range(1, 13)]


def test_a_long_match_labels_round_hands_the_first_and_the_last():
    rows = [[10 * h, 5 * h] for h in range(1, 61)]
    shown = [int(n) for n in x_numbers(parse(totals(["A", "B"], rows)))]
    assert shown[0] == 1 and shown[-1] == 60 and len(shown) <= 9
    steps = {b - a for a, b in pairwise(shown[1:-1])}
    assert len(steps) == 1 and steps.pop() in (5, 10, 20)


def marker_points(root: ET.Element) -> list[tuple[float, float]]:
    """The centre of every point of the lines: polyline vertices."""
    found = []
    for line in root.findall("svg:polyline[@class='series']", NS):
        for pair in line.get("points", "").split():
            x, y = pair.split(",")
            found.append((float(x), float(y)))
    return found


def label_box(root: ET.Element) -> Box:
    label = next(t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "target-label")
    return text_box(float(label.get("x")), float(label.get("y")), label.text or "", label.get("text-anchor"))


def test_the_target_label_never_covers_a_point():
    # The last point right at the target, where the label used to sit; then both ends near it.
    for rows in (
        [[2000, 1000], [5000, 2500]],
        [[4950, 100], [5000, 4990]],
        [[5000, 0]],
        [[h * 500, 5000 - h * 400] for h in range(1, 11)],
    ):
        root = parse(totals(["A", "B"], rows))
        box = label_box(root)
        assert not [p for p in marker_points(root) if box.holds(*p, MARKER_ROOM)], rows


def test_numbers_are_written_by_the_given_format():
    root = parse(
        str(
            running_totals_chart(
                "t",
                ["A", "B"],
                [[6825, 100]],
                10000,
                "T",
                "d",
                "Target",
                fmt=lambda n: f"{n:,}".replace(",", "."),
            )
        )
    )
    assert "10.000" in "".join(root.itertext()) and "Target 10.000" in texts(root, "target-label")
