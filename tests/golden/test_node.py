"""The JavaScript tests (tests/js/*.test.mjs: the form-to-hand contract and the scorer against
their golden files) run with ``node --test`` in the fast suite, without a browser."""

from __future__ import annotations

import shutil
import subprocess  # nosec B404 - node, with fixed arguments
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_javascript_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the tests in tests/js cannot run (apt-get install nodejs)")
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert len(files) >= 2
    run = subprocess.run(  # nosec B603
        [node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
