#!/usr/bin/env python3
"""Renders apps/web/public/media/bloom-loop.webm, the auth screen's looping bloom (8 s, seamless).

Needs ffmpeg (Debian: apt-get install ffmpeg). Two rings of petals turn against each other around
a breathing centre; every term is periodic in 8 s, so the loop has no seam.
"""
import pathlib
import subprocess

out = pathlib.Path(__file__).resolve().parent.parent / 'apps/web/public/media/bloom-loop.webm'
theta = 'atan2(Y-H/2,X-W/2)'
radius = 'hypot(X-W/2,Y-H/2)'
outer = f'clip(((150*(0.55+0.45*abs(cos(3*{theta}+2*PI*T/8)))*(0.9+0.1*sin(2*PI*T/4)))-{radius})/10,0,1)'
inner = f'clip(((95*(0.5+0.5*abs(cos(3*{theta}-2*PI*T/8+PI/6))))-{radius})/8,0,1)'
centre = f'clip(((28+4*sin(2*PI*T/2))-{radius})/4,0,1)'


def channel(background: int, outer_c: int, inner_c: int, centre_c: int) -> str:
    return (
        f'{background}+({outer_c}-{background})*{outer}*(1-{inner})'
        f'+({inner_c}-{background})*{inner}*(1-{centre})+({centre_c}-{background})*{centre}'
    )


# Navy background, mint outer petals, purple inner petals, pale centre (the app's palette).
geq = f"geq=r='{channel(11, 122, 91, 240)}':g='{channel(19, 242, 63, 250)}':b='{channel(48, 211, 245, 220)}'"
source = f'color=c=black:s=360x480:r=24:d=8,format=rgb24,{geq}'
subprocess.run(
    ['ffmpeg', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-c:v', 'libvpx-vp9', '-b:v', '0',
     '-crf', '45', '-pix_fmt', 'yuv420p', '-an', str(out)],
    check=True,
)
print(f'wrote {out}')
