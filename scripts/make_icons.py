"""Draw Companion's app icons (static/icons/icon-192.png, icon-512.png): a white card with a
diamond on the table green. Pure Python; run it again only to change the drawing."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

GREEN = (11, 93, 59)
WHITE = (255, 255, 255)
SAMPLES = 3  # sub-pixel samples per side, for smooth edges


def inside_card(x: float, y: float) -> bool:
    """The card: a rounded rectangle in the middle (coordinates 0..1). The whole drawing
    stays in the central 80 %, so the icon may be cut to a circle (maskable)."""
    half_w, half_h, radius = 0.22, 0.30, 0.05
    dx, dy = abs(x - 0.5) - (half_w - radius), abs(y - 0.5) - (half_h - radius)
    if dx <= 0 or dy <= 0:
        return dx <= radius and dy <= radius
    return dx * dx + dy * dy <= radius * radius


def inside_diamond(x: float, y: float) -> bool:
    return abs(x - 0.5) / 0.12 + abs(y - 0.5) / 0.17 <= 1


def colour_at(px: int, py: int, size: int) -> tuple[int, int, int]:
    """The pixel's colour: the share of its samples on card, diamond or table."""
    total = [0, 0, 0]
    for sx in range(SAMPLES):
        for sy in range(SAMPLES):
            x, y = (px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size
            colour = GREEN if inside_diamond(x, y) or not inside_card(x, y) else WHITE
            for i in range(3):
                total[i] += colour[i]
    return tuple(round(channel / SAMPLES**2) for channel in total)  # type: ignore[return-value]


def png(size: int) -> bytes:
    """An RGB PNG of the icon, `size` pixels square."""
    rows = b"".join(b"\x00" + bytes(c for px in range(size) for c in colour_at(px, py, size))
                    for py in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else
         Path(__file__).resolve().parent.parent / "static" / "icons")
