"""The QR code of an invitation's link, drawn as SVG by segno (no script, prints sharply)."""

from __future__ import annotations

import segno
from flask_babel import gettext as _
from markupsafe import Markup, escape


def invitation_qr(url: str) -> Markup:
    label = str(_("QR code of the invitation link"))
    svg = segno.make(url, error="m").svg_inline(
        scale=5, title=label, svgclass="qr", lineclass=None, light="#fff"
    )
    named = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    # segno's own SVG; the only text added to it is escaped.
    return Markup(named)  # nosec B704
