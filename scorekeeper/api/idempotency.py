"""The ``Idempotency-Key`` header of ``POST /matches/ID/hands`` (docs/api.md, "Sending a hand again"), over
the store of keys of :mod:`scorekeeper.once`: the same key again, for the same account, answers what
the first request answered and stores nothing; the same key with a different request is a 422 at
``Idempotency-Key``."""

from __future__ import annotations

from typing import Any, Final

from flask import Response, g, jsonify, request, url_for

from ..once import AlreadyDone, Answer, Once, fingerprint, is_valid_key
from ..rules import FieldError, ValidationError
from .blueprint import bp
from .errors import error_response

HEADER: Final = "Idempotency-Key"
#: Says that an answer is the replay of an earlier one (the answer itself is the same).
REPLAYED: Final = "Idempotent-Replayed"


def once_from_header(match_id: int, data: Any, answer: Answer) -> Once | None:
    """The request's :class:`Once` (``None`` without the header).

    :raise ValidationError: at ``Idempotency-Key``: not 1 to 100 printable characters.
    """
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not is_valid_key(key):
        raise ValidationError(
            [FieldError(HEADER, "Must be 1 to 100 printable characters (ASCII, spaces allowed).")]
        )
    return Once(g.api_user.id, key, fingerprint(match_id, data), answer)


@bp.errorhandler(AlreadyDone)
def replay(error: AlreadyDone) -> Response:
    """The first answer to this key again, or 422 if this request is not the one that used it."""
    if not error.same:
        return error_response(
            422, {HEADER: ["This key was already used for a different request; use a new key."]}
        )
    done = error.done
    if done.body is not None:
        response = jsonify(done.body)
        response.status_code = done.status
    else:  # the key was used by a page, which keeps no answer: the hand, as the API answers it
        response = error_response(
            409, {"_": [f"Hand {done.hand_number} was already saved with this key (not through the API)."]}
        )
    hand = (done.body or {}).get("hand")
    if isinstance(hand, dict) and "version" in hand:
        response.set_etag(str(hand["version"]))
    if response.status_code == 201:
        response.headers["Location"] = url_for(".hand", match_id=done.match_id, number=done.hand_number)
    response.headers[REPLAYED] = "true"
    return response
