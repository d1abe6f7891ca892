"""Round Cops locations and areas: the drawing draws a circle in the box, the validator and the engine measure the
disc the box holds, so a box that is not square is refused by name (cops.location.not-round), and every check
measures a round area as that same disc, centred in its box."""

from dataclasses import replace

import pytest

from washigen.games.cops.generate import generate_map
from washigen.games.cops.geometry import area_inside, shape_of
from washigen.games.cops.model import Area
from washigen.games.cops.rules import validate


def _round_location(design):
    """(segment index, zone index, location index, location) of the first round location of the map."""
    for s, segment in enumerate(design.segments):
        for z, zone in enumerate(segment.zones):
            for k, location in enumerate(zone.locations):
                if location.shape == "circle":
                    return s, z, k, location
    raise AssertionError("the map has no round location")


def _with_location(design, place, new):
    s, z, k = place
    segment = design.segments[s]
    zone = segment.zones[z]
    zones = list(segment.zones)
    zones[z] = replace(zone, locations=zone.locations[:k] + (new,) + zone.locations[k + 1:])
    segments = list(design.segments)
    segments[s] = replace(segment, zones=tuple(zones))
    return replace(design, segments=tuple(segments))


def _not_round(report):
    return [v for v in report.violations if v.rule == "cops.location.not-round"]


@pytest.fixture(scope="module")
def design():
    return generate_map(players=2, seed=1)


def test_generated_maps_have_round_locations_and_none_is_refused():
    seen = 0
    for players, seed, width in ((2, 1, 50.0), (3, 4, 30.0), (4, 9, 100.0), (6, 2, 50.0)):
        design = generate_map(players=players, seed=seed, tape_width=width)
        seen += sum(location.shape == "circle" for segment in design.segments for location in segment.locations)
        assert _not_round(validate(design)) == []
    assert seen > 0


def test_a_round_location_whose_box_is_not_square_is_refused_by_name(design):
    s, z, k, location = _round_location(design)
    report = validate(_with_location(design, (s, z, k), replace(location, h=location.h - 2.0)))
    (hit,) = _not_round(report)
    assert hit.severity == "error"
    assert hit.where["segment"] == s + 1 and hit.where["location"] == location.id and "area" not in hit.where
    assert f"{location.w:g} mm wide and {location.h - 2.0:g} mm high" in hit.message
    assert not report.ok


def test_a_round_area_whose_box_is_not_square_is_refused_by_name(design):
    s, z, k, location = _round_location(design)
    areas = list(location.areas)
    assert areas[1].shape == "circle"
    areas[1] = replace(areas[1], w=areas[1].w - 0.5)
    (hit,) = _not_round(validate(_with_location(design, (s, z, k), replace(location, areas=tuple(areas)))))
    assert hit.where["location"] == location.id and hit.where["area"] == 2


def test_a_box_square_to_a_hundredth_of_a_millimetre_is_round(design):
    s, z, k, location = _round_location(design)
    assert _not_round(validate(_with_location(design, (s, z, k), replace(location, h=location.h + 0.01)))) == []


def test_the_refusal_is_said_in_german(design):
    s, z, k, location = _round_location(design)
    report = validate(_with_location(design, (s, z, k), replace(location, w=location.w + 3.0)))
    english, german = (next(v["message"] for v in report.to_dict(lang)["violations"]
                            if v["rule"] == "cops.location.not-round") for lang in ("en", "de"))
    assert "round" in english and "rund" in german and "round" not in german and "wide" not in german


def test_a_round_area_is_judged_inside_as_the_disc_centred_in_its_box():
    # A round location of 20 mm at (0, 0); an area box 4 mm wide and 8 mm high whose centred disc (radius 2 at
    # (10, 16)) lies inside, while a disc drawn from the box's top left corner (at (10, 14)) would lie inside too
    # and one at its foot would not: only the centred reading agrees with shape_of.
    location = ("circle", 10.0, 10.0, 10.0)
    area = Area(shape="circle", x=8.0, y=12.0, w=4.0, h=8.0)
    assert shape_of(area) == ("circle", 10.0, 16.0, 2.0)
    assert area_inside(area, location)
    lower = Area(shape="circle", x=8.0, y=14.5, w=4.0, h=8.0)          # centred disc at (10, 18.5): past the rim
    assert not area_inside(lower, location)
