"""Schemathesis checks of scripts/fuzz-api that differ from the built-in ones.

``resource_available_unless_replayed`` is schemathesis's ``ensure_resource_availability`` (ST302: a
resource a POST just created must be found by the request its link leads to), except after a POST
whose answer is the replay of an earlier one (``Idempotent-Replayed: true``, docs/api.md). The API
contract (docs/api.md, "Sending a hand again") says such a repeat answers exactly what the first request
answered, even if the hand it stored was removed since (the undo wins; the key stores nothing
again). The built-in check only forgives a removal made in the same scenario, so a key reused by a
later scenario after an earlier one removed its hand reads as "created, then not found". Every other
POST is checked as the built-in check does it.
"""

from __future__ import annotations

import schemathesis
from schemathesis.specs.openapi.checks import ensure_resource_availability

REPLAYED = "idempotent-replayed"  # schemathesis lower-cases header names


@schemathesis.check
def resource_available_unless_replayed(ctx, response, case):  # type: ignore[no-untyped-def]
    """ST302, skipped when the request that created the resource was answered by a replay."""
    parent = ctx.internals.find_parent(case_id=case.id)
    created = ctx.internals.find_response(case_id=parent.id) if parent is not None else None
    if created is not None and created.headers.get(REPLAYED) == ["true"]:
        return None
    return ensure_resource_availability(ctx, response, case)
