"""Every template a template names exists: none is included "if present", so a missing one fails."""

from __future__ import annotations

from flask import Flask
from jinja2 import meta

from scorekeeper.config import TEMPLATES_DIR


def test_every_template_named_in_a_template_exists(app: Flask) -> None:
    env = app.jinja_env
    names = sorted(str(p.relative_to(TEMPLATES_DIR)) for p in TEMPLATES_DIR.glob("**/*.html"))
    assert names
    for name in names:
        source = (TEMPLATES_DIR / name).read_text(encoding="utf-8")
        assert "ignore missing" not in source, name
        for referenced in meta.find_referenced_templates(env.parse(source)):
            if referenced is not None:  # a name computed at render time is checked where it is used
                env.get_template(referenced)
