"""Individual seating (placeholder until the schedules land)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .model import PastRound, Table


def individual(entries: Sequence[int], playing: Sequence[int], past: Sequence[PastRound],
               round_number: int, *, rounds: int, standing: Sequence[int], byes: Mapping[int, int]
               ) -> tuple[list[Table], list[int]]:
    raise NotImplementedError
