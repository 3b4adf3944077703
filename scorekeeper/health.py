"""``GET /healthz``: the load balancer's health check (docs/production.md, "Several app servers").

200 ``ok`` while this server reaches its database, else 503, so that a balancer stops sending
players to a server that cannot save their hands. No login, no session, no page cache.
"""

from __future__ import annotations

from flask import Blueprint, Response

from .services.health import database_answers

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    ok = database_answers()
    response = Response(
        "ok\n" if ok else "database unreachable\n", status=200 if ok else 503, mimetype="text/plain"
    )
    response.headers["Cache-Control"] = "no-store"
    return response
