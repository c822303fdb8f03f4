#!/usr/bin/env python3
"""Renders apps/web/src/assets/bloom-loop.webm, the auth screen's looping bloom (8 s, seamless).

Needs numpy and ffmpeg (Debian: apt-get install python3-numpy ffmpeg). Two rings of petals turn against
each other around a breathing centre; every term is periodic in 8 s, so the loop has no seam. Drawn at
720×960 with 1.5-pixel anti-aliased edges (sharp on a high-density screen) and encoded as VP9 at CRF 36.
"""
import pathlib
import subprocess
import sys

import numpy as np

out = pathlib.Path(__file__).resolve().parent.parent / 'apps/web/src/assets/bloom-loop.webm'
SCALE, W, H, FPS, SECONDS, EDGE = 2, 720, 960, 24, 8, 1.5
y, x = np.mgrid[0:H, 0:W].astype(np.float64)
theta = np.arctan2(y - H / 2, x - W / 2)
radius = np.hypot(x - W / 2, y - H / 2)
# Navy background, mint outer petals, purple inner petals, pale centre (the app's palette).
bg, outer_c, inner_c, centre_c = (
    np.array(c, dtype=np.float64) for c in ((11, 19, 48), (122, 242, 211), (91, 63, 245), (240, 250, 220))
)
ffmpeg = subprocess.Popen(
    ['ffmpeg', '-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', f'{W}x{H}',
     '-r', str(FPS), '-i', '-', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '36', '-row-mt', '1',
     '-pix_fmt', 'yuv420p', '-an', str(out)],
    stdin=subprocess.PIPE,
)
for i in range(FPS * SECONDS):
    t = i / FPS
    outer = np.clip(
        (150 * SCALE * (0.55 + 0.45 * np.abs(np.cos(3 * theta + 2 * np.pi * t / 8)))
         * (0.9 + 0.1 * np.sin(2 * np.pi * t / 4)) - radius) / EDGE, 0, 1)
    inner = np.clip(
        (95 * SCALE * (0.5 + 0.5 * np.abs(np.cos(3 * theta - 2 * np.pi * t / 8 + np.pi / 6))) - radius) / EDGE,
        0, 1)
    centre = np.clip(((28 + 4 * np.sin(2 * np.pi * t / 2)) * SCALE - radius) / EDGE, 0, 1)
    image = (bg + (outer_c - bg) * (outer * (1 - inner))[..., None]
             + (inner_c - bg) * (inner * (1 - centre))[..., None] + (centre_c - bg) * centre[..., None])
    ffmpeg.stdin.write(np.clip(np.round(image), 0, 255).astype(np.uint8).tobytes())
ffmpeg.stdin.close()
sys.exit(ffmpeg.wait())
