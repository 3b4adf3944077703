"""The limits count atomically: thirty guesses sent at the same moment against a limit of ten get
ten password checks, never more (the issue saw 24 of 30 checked on SQLite, 16 on PostgreSQL). Each
try is counted under a locked row before its password is checked (scorekeeper.throttle.attempt).
Threads of the test client, on both databases; tests/system/test_throttling_workers.py does the
same across gunicorn workers."""

import threading

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import AuthAttempt
from tests.web.helpers import csrf_token
from tests.web.helpers import phone_at as phone

GUESSES = 30
LIMIT = 10


def simultaneous(app, bodies):
    """Post each of ``bodies`` to /login from its own browser (one address), all released at once
    by a barrier once every browser has its form; the answers' status codes."""
    browsers = [phone(app, "192.0.2.50") for _ in bodies]
    tokens = [csrf_token(browser, "/login") for browser in browsers]
    barrier = threading.Barrier(len(bodies), timeout=120)
    answers: list[int] = []

    def guess(browser, token, body):
        barrier.wait()
        answers.append(browser.post("/login", data={**body, "csrf_token": token}).status_code)

    threads = [threading.Thread(target=guess, args=args)
               for args in zip(browsers, tokens, bodies, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_simultaneous_guesses_from_one_address_do_not_overshoot(app, user_client, limits):
    limits(LOGIN_LIMIT_PER_ADDRESS=f"{LIMIT} per minute", LOGIN_LIMIT_PER_USERNAME="1000 per minute")
    bodies = [{"username": f"name{n}", "password": f"guess {n}"} for n in range(GUESSES)]
    answers = simultaneous(app, bodies)
    assert sorted(answers) == [200] * LIMIT + [429] * (GUESSES - LIMIT)
    with app.app_context():
        counted = db.session.scalar(select(func.count()).where(AuthAttempt.key == "addr:192.0.2.50"))
    assert counted == LIMIT


def test_simultaneous_guesses_at_one_account_do_not_overshoot(app, user_client, limits):
    slow_down = f"{LIMIT} per hour, then 1 per minute"
    limits(LOGIN_LIMIT_PER_ADDRESS="1000 per minute", LOGIN_LIMIT_PER_USERNAME=slow_down)
    answers = simultaneous(app, [{"username": "ana", "password": f"guess {n}"} for n in range(GUESSES)])
    assert sorted(answers) == [200] * LIMIT + [429] * (GUESSES - LIMIT)
