"""The app's files wherever it runs: templates and static files at the top of a source checkout or
inside an installed wheel, and the instance folder never beside the installed package.
scripts/check-wheel builds, installs and serves the real wheel; these are the quick checks."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from scorekeeper import config

ROOT = Path(__file__).resolve().parent.parent


def test_a_source_checkout_uses_the_top_level_templates_static_and_instance(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SCOREKEEPER_INSTANCE_PATH", raising=False)
    monkeypatch.chdir(tmp_path)
    assert not config.INSTALLED
    assert config.TEMPLATES_DIR == ROOT / "templates"
    assert config.STATIC_DIR == ROOT / "static"
    assert Path(config.instance_path()) == ROOT / "instance"


def test_an_installed_app_keeps_its_instance_in_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SCOREKEEPER_INSTANCE_PATH", raising=False)
    monkeypatch.setattr(config, "INSTALLED", True)
    monkeypatch.chdir(tmp_path)
    assert Path(config.instance_path()) == tmp_path / "instance"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path / "elsewhere"))
    assert Path(config.instance_path()) == tmp_path / "elsewhere"


def test_the_wheel_takes_every_template_and_static_file() -> None:
    """Each file of templates/ and static/ matches a package-data pattern of its mapped package."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for package, folder in setuptools["package-dir"].items():
        patterns = setuptools["package-data"][package]
        shipped = {path for pattern in patterns for path in (ROOT / folder).glob(pattern) if path.is_file()}
        present = {path for path in (ROOT / folder).rglob("*") if path.is_file()}
        assert shipped and present - shipped == set(), f"{folder}/ files the wheel would leave out"
