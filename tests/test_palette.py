"""The colour-blind palette holds: its six colours stay apart under simulated colour-vision deficiency.

Each colour is simulated as a person with full deuteranopia or protanopia sees
it, with the matrices of Machado, Oliveira and Fernandes, "A Physiologically-
based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009
(severity 1.0, applied to linear RGB). Two colours are then compared with the
CIEDE2000 colour difference in CIELAB (D65): Sharma, Wu and Dalal, "The CIEDE2000
Color-Difference Formula: Implementation Notes, Supplementary Test Data, and
Mathematical Observations", Color Research and Application 30(1), 2005.

A difference of 1 is about the smallest a trained eye sees side by side; tiles
on a table are small, apart and seen at a glance, so the test asks for far more:
every pair at least :data:`DISTINCT` apart, and every colour at least
:data:`ON_TILE` from the dark tile it is drawn on.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest

from qwirkle import Colour, parse_tile
from qwirkle.render import LETTER_SIZE, PALETTES, board_svg, tile_svg

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
Lab = tuple[float, float, float]

DISTINCT = 15.0
"""The least CIEDE2000 difference between two colours of the palette, in every vision tested."""
ON_TILE = 25.0
"""The least CIEDE2000 difference between a colour and the tile's background."""
TILE_BACK = "#1d1d1f"

NORMAL: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
# Machado et al. 2009, table of simulation matrices, severity 1.0.
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
VISIONS = {"normal vision": NORMAL, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


def linear_rgb(colour: str) -> tuple[float, float, float]:
    """An sRGB ``#rrggbb`` colour in linear RGB, each channel 0 to 1."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def simulate(colour: str, matrix: Matrix) -> tuple[float, float, float]:
    """The colour as the vision ``matrix`` sees it, in linear RGB, clipped to the gamut."""
    rgb = linear_rgb(colour)
    r, g, b = (min(1.0, max(0.0, sum(row[j] * rgb[j] for j in range(3)))) for row in matrix)
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> Lab:
    """Linear RGB (sRGB primaries) in CIELAB, D65 white."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(one: Lab, two: Lab) -> float:
    """The CIEDE2000 difference of two CIELAB colours (Sharma et al. 2005, equations 1 to 22)."""
    l1, a1, b1 = one
    l2, a2, b2 = two
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    if c1 * c2 == 0:
        dh = 0.0
    elif abs(h2 - h1) <= 180:
        dh = h2 - h1
    else:
        dh = h2 - h1 + 360 if h2 <= h1 else h2 - h1 - 360
    dl, dc = l2 - l1, c2 - c1
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    rc = 2 * math.sqrt(mean_c**7 / (mean_c**7 + 25**7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc = 1 + 0.045 * mean_c
    sh = 1 + 0.015 * mean_c * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (big_dh / sh) ** 2 + rt * (dc / sc) * (big_dh / sh))


def closest_pair(colours: tuple[str, ...], matrix: Matrix) -> tuple[float, str, str]:
    """The smallest difference between two of ``colours`` as ``matrix`` sees them, and the two colours."""
    seen = [lab(simulate(colour, matrix)) for colour in colours]
    names = [colour.name.lower() for colour in Colour]
    return min(
        (ciede2000(seen[i], seen[j]), names[i], names[j]) for i, j in itertools.combinations(range(len(colours)), 2)
    )


@pytest.mark.parametrize(
    ("one", "two", "expected"),
    [
        # Pairs 1, 7, 17 and 25 of the test data of Sharma et al. 2005 (table 1).
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_the_colour_difference_matches_the_published_test_data(one: Lab, two: Lab, expected: float) -> None:
    assert ciede2000(one, two) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(two, one) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_grey_grey_and_merges_red_and_green() -> None:
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        grey = simulate("#808080", matrix)
        assert max(grey) - min(grey) < 0.002
        red, green = lab(simulate("#ff0000", matrix)), lab(simulate("#00a000", matrix))
        assert ciede2000(red, green) < ciede2000(lab(linear_rgb("#ff0000")), lab(linear_rgb("#00a000"))) / 3


@pytest.mark.parametrize("vision", list(VISIONS))
def test_the_colour_blind_palette_keeps_every_pair_apart(vision: str) -> None:
    difference, one, two = closest_pair(PALETTES["colour-blind"], VISIONS[vision])
    assert difference >= DISTINCT, f"{one} and {two} are only {difference:.1f} apart with {vision}"
    back = lab(simulate(TILE_BACK, VISIONS[vision]))
    for colour in PALETTES["colour-blind"]:
        assert ciede2000(lab(simulate(colour, VISIONS[vision])), back) >= ON_TILE, colour


def test_the_check_tells_a_palette_that_does_not_hold() -> None:
    # The Okabe-Ito colours as they are: orange and yellow come close with deuteranopia.
    okabe_ito = ("#d55e00", "#e69f00", "#f0e442", "#009e73", "#0072b2", "#cc79a7")
    difference, one, two = closest_pair(okabe_ito, DEUTERANOPIA)
    assert (one, two) == ("orange", "yellow")
    assert difference < DISTINCT


def test_the_tiles_draw_with_the_palette_and_letters_readable_at_the_default_size() -> None:
    picture = board_svg({(0, 0): parse_tile("Ro"), (1, 0): parse_tile("Os")}, palette="colour-blind")
    sizes = [float(size) for size in re.findall(r'<text [^>]*font-size="([0-9.]+)"[^>]*font-weight="bold"', picture)]
    assert len(sizes) == 2
    assert min(sizes) >= 14  # at the default cell of 40 px; the coordinates are 12 px
    assert PALETTES["colour-blind"][0] in picture
    assert PALETTES["colour-blind"][1] in picture
    assert f'font-size="{40 * LETTER_SIZE:g}"' in tile_svg(parse_tile("Bd"), 0, 0, 40, letters=True)
