"""Colour as people with colour-vision deficiency see it: Machado, Oliveira and Fernandes (2009) simulation of
dichromacy (severity 1.0) in linear RGB, and the CIE76 colour difference in CIELAB (D65)."""

from __future__ import annotations

import math

# Machado et al. 2009, severity 1.0, for linear RGB.
SIMULATION = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> tuple[float, float, float]:
    colour = colour.lstrip("#")
    return tuple(_linear(int(colour[i:i + 2], 16) / 255) for i in (0, 2, 4))


def simulate(colour: str, vision: str) -> tuple[float, float, float]:
    """The linear RGB a person with `vision` sees for `colour` (#rrggbb), clipped to the gamut."""
    r, g, b = _rgb(colour)
    return tuple(min(1.0, max(0.0, m[0] * r + m[1] * g + m[2] * b)) for m in SIMULATION[vision])


def lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(a: str, b: str, vision: str = "normal") -> float:
    """CIE76 ΔE between two colours as `vision` sees them (about 2.3 is just noticeable; 20+ is clearly apart)."""
    return math.dist(lab(simulate(a, vision)), lab(simulate(b, vision)))
