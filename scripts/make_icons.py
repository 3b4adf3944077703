"""Draw the app's icons (static/icons/*.png) from one SVG, with Debian's Chromium through Playwright.

``python scripts/make_icons.py`` writes the home-screen icons the manifest names: 192 and 512 px, a
maskable 512 px one (the spade kept inside the central 80 % circle that launchers may crop to) and
the 180 px apple-touch-icon. The PNGs are committed; run this again only when the design changes.
"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright
from png_palette import shrink

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
GREEN = "#14532d"

# A spade: two lobes and a point drawn as one path, and a stem; in a 100 x 100 box.
SPADE = (
    '<path fill="#fff" d="M50 8 C38 26 16 38 16 58 C16 71 27 79 38 77 C43 76 46 73 48 70 '
    'C47 79 43 86 36 92 L64 92 C57 86 53 79 52 70 C54 73 57 76 62 77 C73 79 84 71 84 58 '
    'C84 38 62 26 50 8 Z"/>'
)


def svg(size: int, *, scale: float, rounded: bool) -> str:
    """The icon at ``size`` px: a green square (rounded for the plain icons, full bleed for the
    maskable one) with the spade scaled to ``scale`` of the side, centred."""
    radius = size * 0.18 if rounded else 0
    inner = size * scale
    offset = (size - inner) / 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">'
        f'<rect width="{size}" height="{size}" rx="{radius:g}" fill="{GREEN}"/>'
        f'<g transform="translate({offset:g} {offset:g}) scale({inner / 100:g})">{SPADE}</g></svg>'
    )


ICON_SPECS = {
    "icon-192.png": (192, 0.72, True),
    "icon-512.png": (512, 0.72, True),
    "icon-maskable-512.png": (512, 0.56, False),
    "apple-touch-icon.png": (180, 0.66, False),  # iOS rounds the corners itself
}


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for name, (size, scale, rounded) in ICON_SPECS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            icon = svg(size, scale=scale, rounded=rounded)
            page.set_content(f'<body style="margin:0;background:transparent">{icon}</body>')
            page.locator("svg").screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
            # Indexed where smaller; the opaque apple-touch-icon in 16 blends (scripts/png_palette.py).
            shrink(ICONS / name, GREEN if name == "apple-touch-icon.png" else None)
        browser.close()
    (ROOT / "static" / "favicon.svg").write_text(svg(32, scale=0.8, rounded=True) + "\n")
    print("\n".join(str(path.relative_to(ROOT)) for path in sorted(ICONS.glob("*.png"))))


if __name__ == "__main__":
    main()
