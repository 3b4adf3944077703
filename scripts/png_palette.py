"""Rewrite a PNG of at most 256 colours as an indexed (palette) PNG, losslessly: the icons Chromium
draws are RGBA, and indexed they are half the size. ``python scripts/png_palette.py FILE...``; called
by scripts/make_icons.py. Only what Chromium writes is read: 8-bit RGB or RGBA, not interlaced.

:func:`blended` goes further for an opaque icon drawn in white on one colour (the apple-touch-icon,
which counts in the scoreboard's weight, docs/performance.md): each pixel becomes the nearest of 16
blends of the two, in 4 bits a pixel (807 bytes instead of 2,777; no difference to see at 180 px)."""

from __future__ import annotations

import struct
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    pos = len(SIGNATURE)
    while pos < len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        yield data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + size]
        pos += 12 + size


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def _unfilter(kind: int, line: bytearray, prev: bytearray, bpp: int) -> None:
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        line[i] = (line[i] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]) & 255


def pixels(data: bytes) -> tuple[int, int, int, list[list[bytes]]]:
    """Width, height, bytes per pixel and the rows of pixels of an 8-bit RGB(A) PNG."""
    idat = b""
    header = b""
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or interlace or colour not in (2, 6):
        raise ValueError("only 8-bit RGB or RGBA PNGs without interlacing are read")
    bpp = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * bpp
    rows: list[list[bytes]] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = bytearray(raw[start + 1 : start + 1 + stride])
        _unfilter(raw[start], line, prev, bpp)
        rows.append([bytes(line[i : i + bpp]) for i in range(0, stride, bpp)])
        prev = line
    return width, height, bpp, rows


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def indexed(data: bytes) -> bytes | None:
    """The same image as a palette PNG, or ``None`` if it has more than 256 colours."""
    width, height, bpp, rows = pixels(data)
    colours = sorted({p for row in rows for p in row})
    if len(colours) > 256:
        return None
    index = {colour: i for i, colour in enumerate(colours)}
    raw = b"".join(b"\0" + bytes(index[p] for p in row) for row in rows)
    out = SIGNATURE + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
    out += _chunk(b"PLTE", b"".join(c[:3] for c in colours))
    if bpp == 4 and any(c[3] != 255 for c in colours):
        out += _chunk(b"tRNS", bytes(c[3] for c in colours))
    return out + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def blended(data: bytes, ground: str, levels: int = 16) -> bytes:
    """An opaque image in white on ``ground`` (``#rrggbb``) as ``levels`` (at most 16) blends of the two."""
    width, height, _bpp, rows = pixels(data)
    base = bytes.fromhex(ground.removeprefix("#"))
    palette = [bytes(round(c + (255 - c) * i / (levels - 1)) for c in base) for i in range(levels)]

    def level(pixel: bytes) -> int:  # how far from the ground towards white (its most changed channel)
        c = min(range(3), key=lambda k: base[k])
        return round((pixel[c] - base[c]) / (255 - base[c]) * (levels - 1))

    def packed(row: list[bytes]) -> bytes:
        found = [min(max(level(p), 0), levels - 1) for p in row] + [0]
        return bytes((found[i] << 4) | found[i + 1] for i in range(0, len(row), 2))

    raw = b"".join(b"\0" + packed(row) for row in rows)
    out = SIGNATURE + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 4, 3, 0, 0, 0))
    out += _chunk(b"PLTE", b"".join(palette))
    return out + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def shrink(path: Path, ground: str | None = None) -> None:
    """Rewrite ``path`` indexed when that is smaller; with ``ground``, as :func:`blended`."""
    data = path.read_bytes()
    smaller = blended(data, ground) if ground else indexed(data)
    if smaller is not None and len(smaller) < len(data):
        path.write_bytes(smaller)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        shrink(Path(name))
