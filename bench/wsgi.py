"""The app as the benchmark serves it: the real ``create_app()`` (configured by the environment, as
in production), login throttling raised so that the benchmark can log in, and one extra route,
``/bench/hello``, the floor of this stack (Flask, its extensions' hooks, gunicorn). The route exists
only here, never in the real app."""

from __future__ import annotations

from scorekeeper import create_app

app = create_app(
    {
        "LOGIN_LIMIT_PER_ADDRESS": "1000000 per minute",
        "LOGIN_LIMIT_PER_USERNAME": "1000000 per minute",
        "AUTO_MIGRATE": False,  # the benchmark migrated the database when it built the data
    }
)


@app.get("/bench/hello")
def hello() -> str:
    return "hello"
