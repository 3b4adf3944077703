"""The ratings' costs (docs/performance.md, "Ratings"); run by ``bench/run --only ratings`` or alone:

    .venv/bin/python bench/ratings_bench.py                     # 20,000 matches, both databases
    .venv/bin/python bench/ratings_bench.py --db sqlite --matches 2000

An account of ``--matches`` finished classic matches (imported in one unit of work, which rates them),
then: the rebuild of every rating (``flask ratings rebuild``), finishing one more match (the usual
write: one match rated), correcting the first match (the worst write: everything after it replayed),
and the statements of the reads (the ladder and a player's page, the API's list and prediction),
which do not grow with the matches. Prints figures, asserts no timing; checks that the stored
ratings equal a rebuild.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(1, str(BENCH.parent))

from import_bench import NAMES, cpu, database, make_app, owner, timed  # noqa: E402
from sqlalchemy import func, select, text  # noqa: E402

TARGET = 500
CHUNK = 2000


def export_document(count: int) -> dict[str, Any]:
    """An export of ``count`` classic matches of one hand to a target of 500, each finished (a side
    ends with 1,100 and more), the winner and the partnerships varying."""
    from datetime import UTC, datetime, timedelta

    from scorekeeper.rules import fold_match, get_ruleset, load_hand

    rs = get_ruleset("classic", {})
    start = datetime(2020, 1, 1, 20, 0, tzinfo=UTC)
    matches = []
    for i in range(count):
        strong = {"melds": 200 + 10 * (i % 7), "canastas": {"clean": 1, "dirty": 1}}
        weak = {"melds": 100 + 10 * (i % 3), "hand": 200}
        went_out = (i * 7 // 3) % 2
        hand = {
            "number": 1,
            "went_out": went_out,
            "going_out_kind": "normal",
            "sides": [strong, weak] if went_out == 0 else [weak, strong],
        }
        seats = [NAMES[(i * 5 + k * (1 + i % 5)) % len(NAMES)] for k in range(4)]
        if len(set(seats)) < 4:
            seats = [NAMES[(i + k * 3) % len(NAMES)] for k in range(4)]
        state = fold_match(rs, TARGET, 2, [load_hand(hand)])
        assert state.finished
        matches.append(
            {
                "ruleset": "classic",
                "target": TARGET,
                "house_rules": {},
                "first_dealer": 0,
                "created_at": (start + timedelta(hours=3 * i)).isoformat(),
                "sides": [
                    {"name": "Nosotros", "players": seats[:2]},
                    {"name": "Ellos", "players": seats[2:]},
                ],
                "hands": [hand],
                "totals": list(state.totals),
            }
        )
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "exported_at": start.isoformat(),
        "matches": matches,
    }


def _stored(app: Any) -> list[tuple[Any, ...]]:
    from scorekeeper.extensions import db
    from scorekeeper.models import PlayerRating

    with app.app_context():
        rows = db.session.execute(
            select(
                PlayerRating.player_id,
                PlayerRating.scope,
                PlayerRating.mu,
                PlayerRating.sigma,
                PlayerRating.matches,
            ).order_by(PlayerRating.player_id, PlayerRating.scope)
        ).all()
        db.session.remove()
    return [tuple(round(v, 9) if isinstance(v, float) else v for v in row) for row in rows]


def _reads(app: Any, club_id: int) -> str:
    """The statements of each read (a second request, the first warms the process)."""
    from builders import counting, logged_in
    from import_bench import PASSWORD, USERNAME

    from scorekeeper.extensions import db
    from scorekeeper.models import Player, User
    from scorekeeper.services.accounts import create_token

    client = logged_in(app, USERNAME, PASSWORD)
    with app.app_context():
        player = db.session.scalar(select(Player.id).where(Player.club_id == club_id).limit(1))
        token = create_token(db.session.get(User, club_id))
    api = {"Authorization": f"Bearer {token}"}
    found = []
    for label, call in (
        ("ladder page", lambda: client.get("/players/ratings")),
        ("player page", lambda: client.get(f"/players/{player}")),
        ("GET /api/v1/ratings", lambda: client.get("/api/v1/ratings", headers=api)),
        (
            "POST /api/v1/ratings/predict",
            lambda: client.post(
                "/api/v1/ratings/predict", json={"sides": [["Ana", "Luis"], ["Eva", "Juan"]]}, headers=api
            ),
        ),
    ):
        assert call().status_code == 200, label
        with counting(app) as statements:
            _, seconds = timed(call)
        rated = sum("rating_steps" in s or "player_ratings" in s for s in statements)
        found.append(f"{label} {len(statements)} ({rated} of ratings), {seconds * 1000:.0f} ms")
    return "; ".join(found)


def measure(kind: str, count: int) -> list[str]:
    from builders import counting

    from scorekeeper import services
    from scorekeeper.extensions import db
    from scorekeeper.models import Match, RatingStep
    from scorekeeper.services import ratings
    from scorekeeper.services.export_formats import read_export
    from scorekeeper.services.transfer import store_matches

    lines = []
    raw = json.dumps(export_document(count), separators=(",", ":")).encode()
    with tempfile.TemporaryDirectory() as folder, database(kind, Path(folder)) as url:
        app = make_app(url, Path(folder))
        with app.app_context():
            version = db.session.scalar(
                text("select sqlite_version()" if kind == "sqlite" else "show server_version")
            )
        lines.append(f"{kind} {version}: {count:,} finished matches of 4 players, 12 players in all")
        club_id = owner(app)
        # Files of 2,000 matches (an import file holds at most 5 MB), each its own unit of work.
        document = json.loads(raw)
        files = [
            json.dumps({**document, "matches": document["matches"][i : i + CHUNK]}).encode()
            for i in range(0, count, CHUNK)
        ]
        chunks = [read_export(part).matches for part in files]
        with app.app_context():
            _, seconds = timed(lambda: [store_matches(club_id, chunk) for chunk in chunks])
            steps = db.session.scalar(select(func.count()).select_from(RatingStep))
        lines.append(
            f"  import in {len(chunks)} files, ratings included: {seconds:6.2f} s {cpu()},"
            f" {steps:,} rating steps"
        )
        stored = _stored(app)
        with app.app_context():
            rated, seconds = timed(lambda: ratings.rebuild_all(club_id))
        lines.append(
            f"  rebuild (flask ratings rebuild):    {seconds:6.2f} s {cpu()}, {rated:,} (match, scope) rated"
        )
        assert _stored(app) == stored, "the stored ratings differ from a rebuild"
        lines.append("  stored ratings equal to the rebuild")
        with app.app_context():
            match = services.create_match(
                club_id,
                {
                    "ruleset": "classic",
                    "target": 500,
                    "sides": [
                        {"name": "A", "players": ["Ana", "Luis"]},
                        {"name": "B", "players": ["Eva", "Juan"]},
                    ],
                },
            )
            hand = {
                "number": 1,
                "went_out": 0,
                "going_out_kind": "normal",
                "sides": [{"melds": 200, "canastas": {"clean": 1, "dirty": 1}}, {"melds": 100, "hand": 200}],
            }
            with counting(app) as statements:
                _, seconds = timed(lambda: services.add_hand(match, hand))
            rated = sum("rating_steps" in s or "player_ratings" in s for s in statements)
            lines.append(
                f"  finishing one more match:           {seconds * 1000:6.0f} ms,"
                f" {len(statements)} statements "
                f"({rated} of ratings)"
            )
            first = db.session.scalar(
                select(Match).where(Match.club_id == club_id).order_by(Match.created_at)
            )
            last = len(first.hands)
            body = dict(first.hands[-1].input)
            _, seconds = timed(lambda: services.replace_hand(first, last, body))
            lines.append(f"  correcting the first match (all replayed): {seconds:5.2f} s {cpu()}")
        after_writes = _stored(app)
        with app.app_context():
            ratings.rebuild_all(club_id)
        assert _stored(app) == after_writes, "the ratings kept by the writes differ from a rebuild"
        lines.append("  after the two writes, stored ratings equal to a rebuild")
        lines.append("  reads, SQL statements: " + _reads(app, club_id))
        with app.app_context():
            db.engine.dispose()
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--matches", type=int, default=20_000)
    args = parser.parse_args(argv)
    for kind in ["sqlite", "postgresql"] if args.db == "both" else [args.db]:
        for line in measure(kind, args.matches):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
