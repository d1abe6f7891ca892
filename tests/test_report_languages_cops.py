"""The Cops report in German (DESIGN 11): every sentence its validator writes is a words.Says, so `validate --lang
de` and the studio's German page give it whole in German, with the words the code chooses (an edge, an end, an
area's rank, a reason) and the decimal comma, while the rule ids, the places and the English stay as they are."""

from __future__ import annotations

import json
from dataclasses import replace

from click.testing import CliRunner

from washigen.cli import main
from washigen.design import save
from washigen.games.cops.model import End, Path, Road, RoadEnd
from washigen.games.cops.rules import validate

from .test_cops_rules import L, W, areas_swapped, centre, hand_map, joint_moved, link, with_paths


def _one(design, rule: str) -> tuple[dict, dict]:
    """The first violation of `rule`, in English and in German (to_dict: rule, severity, where, message)."""
    report = validate(design)
    english, german = report.to_dict()["violations"], report.to_dict("de")["violations"]
    index = next(i for i, v in enumerate(english) if v["rule"] == rule)
    assert german[index]["rule"] == english[index]["rule"] == rule
    assert german[index]["where"] == english[index]["where"]
    assert german[index]["severity"] == english[index]["severity"]
    assert german[index]["message"] != english[index]["message"]
    return english[index], german[index]


def test_crossing_paths_in_german():
    design = hand_map()
    paths = list(design.segments[0].paths) + [link(1, "a", "d"), link(1, "b", "c")]
    english, german = _one(with_paths(design, 0, paths), "cops.path.crossing")
    assert english["message"] == "Paths #11 and #12 of segment 1 cross."
    assert german["message"] == "Die Wege #11 und #12 in Segment 1 kreuzen sich."


def test_a_path_passing_a_location_in_german_keeps_its_decimals_with_a_comma():
    design = hand_map()
    detour = Path(a=End(location="1b"), b=End(location="1c"),
                  points=((74.0, 11.0), (74.0, 31.5), (46.0, 31.5), (46.0, 39.0)))
    english, german = _one(with_paths(design, 0, list(design.segments[0].paths) + [detour]), "cops.path.clearance")
    assert english["message"] == ("Path #11 of segment 1 passes 1.5 mm from location 1d, which it does not join "
                                  "(keep 1.6 mm clear).")
    assert german["message"] == ("Weg #11 in Segment 1 kommt Tatort 1d, zu dem er nicht führt, bis auf 1,5 mm nahe "
                                 "(mindestens 1,6 mm Abstand halten).")


def test_areas_out_of_order_name_their_ranks_in_german():
    a = hand_map().segments[0].zones[0].locations[0]
    english, german = _one(areas_swapped(hand_map()), "cops.location.areas-order")
    assert (a.areas[1].size, a.areas[0].size) == (25.0, 51.84)
    assert english["message"] == ("In location 1a the largest area (25.0 mm²) is not larger than the middle "
                                  "(51.8 mm²): the three areas must differ in size, largest first.")
    assert german["message"] == ("Bei Tatort 1a ist der größte Bereich (25,0 mm²) nicht größer als der mittlere "
                                 "(51,8 mm²): Die drei Bereiche müssen verschieden groß sein, der größte zuerst.")


def test_an_unmatched_port_names_its_edges_in_german():
    design = hand_map()
    paths = list(design.segments[1].paths)
    paths[9] = Path(a=End(location="2d"), b=End(port="bottom", at=85.5), points=((85.5, 39.0), (85.5, W)))
    english, german = _one(with_paths(design, 1, paths), "cops.port.unmatched")
    assert english["message"] == ("Path #8 of segment 2 leaves the top edge at x 80 mm, but no path meets it on the "
                                  "bottom edge.")
    assert german["message"] == ("Weg #8 in Segment 2 verlässt die Oberkante bei x 80 mm, aber an der Unterkante "
                                 "setzt ihn kein Weg fort.")
    report = validate(with_paths(design, 1, paths))
    bottom = [v for v in report.violations if v.rule == "cops.port.unmatched" and v.where["path"] == 9]
    assert bottom[0].text("de") == ("Weg #9 in Segment 2 verlässt die Unterkante bei x 85,5 mm, aber an der "
                                    "Oberkante setzt ihn kein Weg fort.")
    assert bottom[0].message.startswith("Path #9 of segment 2 leaves the bottom edge at x 85.5 mm")


def test_an_unmatched_joint_gives_its_reason_in_german():
    design = hand_map()
    report = validate(joint_moved(design))
    joints = {v.where["segment"]: v for v in report.violations if v.rule == "cops.joint.unmatched"}
    assert joints[2].message == ("The left joint of segment 2 at y 30 mm meets nothing: segment 1 has no joint at "
                                 "that height and no new road completes it.")
    assert joints[2].text("de") == ("Der Weg am linken Ende von Segment 2 bei y 30 mm führt ins Leere: Segment 1 hat "
                                    "auf dieser Höhe kein passendes Wegende, und keine neue Straße schließt ihn an.")
    assert joints[1].text("de").startswith("Der Weg am rechten Ende von Segment 1 bei y 25 mm führt ins Leere")
    extra = Path(a=End(location="1c"), b=End(joint="left", at=25.0), points=((24.0, 39.0), (24.0, 25.0),
                                                                             (0.0, 25.0)))
    english, german = _one(with_paths(design, 0, list(design.segments[0].paths) + [extra]), "cops.joint.unmatched")
    assert english["message"].endswith("meets nothing: it leads off the end of the map.")
    assert german["message"] == "Der Weg am linken Ende von Segment 1 bei y 25 mm führt ins Leere: Dort endet das " \
                                "Spielfeld."


def test_a_detached_path_end_says_what_is_wrong_in_german():
    design = hand_map()
    paths = list(design.segments[0].paths)
    paths[8] = replace(paths[8], b=End(port="top", at=82.5))
    english, german = _one(with_paths(design, 0, paths), "cops.path.detached")
    assert english["message"] == ("Path #8 of segment 1: its top port at 82.5 mm is 2.5 mm away from where the path "
                                  "ends.")
    assert german["message"] == ("Weg #8 in Segment 1: Sein Wegende an der Oberkante bei x 82,5 mm liegt 2,5 mm von "
                                 "der Stelle entfernt, an der seine Linie endet.")
    paths[8] = replace(paths[8], b=End(location="9z"))
    english, german = _one(with_paths(design, 0, paths), "cops.path.detached")
    assert english["message"] == "Path #8 of segment 1: names location '9z', which is not on this segment."
    assert german["message"] == "Weg #8 in Segment 1: Das Ende nennt Tatort '9z', den es auf diesem Segment nicht gibt."


def test_a_road_that_misses_its_joint_in_german():
    shifted = hand_map(offset=6.0)
    road = Road(a=RoadEnd(segment=0, joint="right", at=25.0), b=RoadEnd(segment=1, joint="left", at=25.0),
                points=((L, 25.0), (L, 29.0)))
    english, german = _one(replace(shifted, roads=(road,)), "cops.road.detached")
    assert english["message"] == "New road #0: does not reach the path of the left joint of segment 2."
    assert german["message"] == "Neue Straße #0: Das Ende reicht nicht bis zum Weg am linken Ende von Segment 2."
    assert english["where"] == {"road": 0, "end": "b", "position": [L, 29.0]}


def test_an_unsolvable_zone_and_a_path_off_the_tape_in_german():
    design = hand_map()
    keep = [p for p in design.segments[1].paths if {p.a.location, p.b.location} not in ({"2d", "2g"}, {"2e", "2f"})]
    english, german = _one(with_paths(design, 1, keep), "cops.zone.unsolvable")
    assert english["message"].startswith("The crime of zone 2 of segment 2 cannot be solved: it needs a largest")
    assert german["message"].startswith("Das Verbrechen in Zone 2 von Segment 2 kann nicht aufgeklärt werden")
    assert german["message"].endswith("nur 1 erreichbarer Tatort hat drei verschieden große Bereiche.")
    paths = list(design.segments[0].paths)
    paths[2] = replace(paths[2], points=(centre("a"), (34.0, 60.0), centre("c")))
    english, german = _one(with_paths(design, 0, paths), "cops.path.off-tape")
    assert (english["message"], german["message"]) == (
        "Path #2 of segment 1 runs off the tape.", "Weg #2 in Segment 1 läuft über den Rand des Tapes hinaus.")


def test_validate_lang_de_prints_a_cops_report_in_german(tmp_path):
    design = hand_map()
    paths = list(design.segments[0].paths) + [link(1, "a", "d"), link(1, "b", "c")]
    path = tmp_path / "map.json"
    save(with_paths(design, 0, paths), path)
    runner = CliRunner()
    german = runner.invoke(main, ["validate", str(path), "--lang", "de"])
    assert german.exit_code == 1, german.output
    assert "Fehler: cops.path.crossing bei Segment 1" in german.output
    assert "Die Wege #11 und #12 in Segment 1 kreuzen sich." in german.output
    english = runner.invoke(main, ["validate", str(path), "--json"])
    assert json.loads(english.output)["violations"][0]["message"] == "Paths #11 and #12 of segment 1 cross."


def test_the_reasons_of_the_helpers_are_says_too():
    design = hand_map()
    paths = list(design.segments[0].paths)
    paths[0] = replace(paths[0], points=((10.0, 25.0), centre("b")))
    report = validate(with_paths(design, 0, paths))
    assert report.violations and all(v.says is not None for v in report.violations)
    (hit,) = [v for v in report.violations if v.rule == "cops.path.detached"]
    assert hit.message == "Path #0 of segment 1: an end lies outside location 1a, at (10, 25) mm."
    assert hit.text("de") == "Weg #0 in Segment 1: Ein Ende liegt außerhalb von Tatort 1a, bei (10; 25) mm."
    assert validate("not a design").violations[0].text("de") == "kein Cops-Entwurf: str"
