#!/usr/bin/env python3
"""Draws SearchLab's icon, a knight on a 4x4 board, as assets/icon-256.png.

Pure Python (no imaging library): polygons are filled by scanlines on a 4x finer grid
and averaged down, so the edges are smooth. Run from the repository root:
    python3 scripts/make-icon.py
"""
import struct
import zlib

SIZE = 256
SS = 4  # subsamples per pixel along each axis
N = SIZE * SS

LIGHT = (232, 213, 176)
DARK = (139, 90, 60)
PIECE = (30, 30, 36)
RIM = (250, 250, 245)

# The knight's head in profile, facing left, on a 100 x 100 grid (y grows downwards).
KNIGHT = [
    (22, 92), (78, 92), (78, 84), (70, 80), (68, 72), (72, 60), (74, 44), (70, 30),
    (62, 20), (54, 14), (52, 5), (46, 13), (38, 15), (30, 22), (22, 34), (14, 44),
    (12, 52), (18, 58), (28, 56), (36, 52), (42, 54), (36, 64), (30, 74), (30, 80),
    (22, 84),
]


def fill(poly, scale, centre=(50, 52)):
    """Coverage mask (list of bytearrays, one per subpixel row) of a polygon on the grid."""
    cx, cy = centre
    pts = [((cx + (x - cx) * scale) * N / 100, (cy + (y - cy) * scale) * N / 100) for x, y in poly]
    rows = []
    for j in range(N):
        y = j + 0.5
        xs = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        row = bytearray(N)
        for a, b in zip(xs[0::2], xs[1::2]):
            lo, hi = max(0, int(a + 0.5)), min(N, int(b + 0.5))
            if hi > lo:
                row[lo:hi] = b"\x01" * (hi - lo)
        rows.append(row)
    return rows


def circle(cx, cy, r):
    rows = []
    for j in range(N):
        y = (j + 0.5) * 100 / N
        row = bytearray(N)
        if abs(y - cy) < r:
            half = (r * r - (y - cy) ** 2) ** 0.5
            lo, hi = int((cx - half) * N / 100 + 0.5), int((cx + half) * N / 100 + 0.5)
            row[max(0, lo):min(N, hi)] = b"\x01" * (min(N, hi) - max(0, lo))
        rows.append(row)
    return rows


def coverage(mask, i, j):
    return sum(sum(mask[j * SS + dy][i * SS:(i + 1) * SS]) for dy in range(SS)) / (SS * SS)


def blend(under, over, a):
    return tuple(round(u * (1 - a) + o * a) for u, o in zip(under, over))


def main():
    rim = fill(KNIGHT, 1.10)
    body = fill(KNIGHT, 1.0)
    eye = circle(40, 27, 3.2)
    corner = 28  # rounded corners of the board, in pixels
    out = bytearray()
    for j in range(SIZE):
        out.append(0)  # PNG filter: none
        for i in range(SIZE):
            square = (i * 4 // SIZE + j * 4 // SIZE) % 2
            colour = DARK if square else LIGHT
            colour = blend(colour, RIM, coverage(rim, i, j))
            colour = blend(colour, PIECE, coverage(body, i, j))
            colour = blend(colour, LIGHT, coverage(eye, i, j))
            # Alpha: transparent outside the rounded corners.
            dx = max(corner - i - 0.5, i + 0.5 - (SIZE - corner), 0)
            dy = max(corner - j - 0.5, j + 0.5 - (SIZE - corner), 0)
            alpha = min(1.0, max(0.0, corner - (dx * dx + dy * dy) ** 0.5 + 0.5))
            out.extend(colour + (round(255 * alpha),))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(out), 9))
    png += chunk(b"IEND", b"")
    with open("assets/icon-256.png", "wb") as f:
        f.write(png)


if __name__ == "__main__":
    main()
