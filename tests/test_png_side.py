"""A PNG longer than cairo's largest side (32,767 px) is written as tiles even when its pixel count is small: a
10 m tape at 300 dpi is 78 megapixels but 118,000 px long."""

from washigen.output import too_large_for_one_png
from washigen.backends.png import MAX_SIDE, pixel_size, tile_windows
from washigen.scene import Rect, Scene


def test_a_long_thin_strip_is_cut_into_tiles_no_side_of_which_passes_cairos_limit():
    strip = Scene(3000.0, 10.0, bleed=2.0)
    strip.add(Rect(0, 0, 3000.0, 10.0))
    width, height = pixel_size(strip, 300)
    assert width > MAX_SIDE and width * height < 100_000_000
    assert too_large_for_one_png(strip, 300)
    tiles = tile_windows(strip, 300)
    sizes = [pixel_size(tile, 300) for tile in tiles]
    assert len(tiles) == 2 and all(w <= MAX_SIDE for w, _ in sizes)
    assert abs(sum(w for w, _ in sizes) - width) <= len(tiles)          # the tiles add up to the strip
