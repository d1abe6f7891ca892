"""Nothing from the home folder unless asked (DESIGN 12): the printer profiles are read only when a profile is named,
shown or saved, or when the default profile is there to read; an unreadable home (as `sudo -u` leaves it), a home
that is not a folder (HOME=/dev/null) or one holding reportlab's hooks (`~/.reportlab_mods`, run as Python code
on import, and `~/.reportlab_settings`) changes nothing for a run that needs no profile. The profile file is read
like any input: bounded, a folder in its place named as the mistake."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from washigen import profiles
from washigen.errors import InputError

from .limits import run_bounded

ROOT = os.geteuid() == 0
TRAP = "open({marker!r}, 'w').write('ran')\n"


def home_env(home: Path | str) -> dict[str, str]:
    """The environment of a user whose home is `home`: no config folder named apart from it."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("WASHIGEN_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    return {**env, "HOME": str(home)}


def unreachable_home(tmp_path: Path, kind: str) -> Path:
    if kind == "unreadable":
        if ROOT:
            pytest.skip("root reads every folder; the symbolic-link loop stands in for it")
        home = tmp_path / "home"
        (home / ".config" / "washigen").mkdir(parents=True)
        (home / ".config" / "washigen" / "profiles.toml").write_text("[default]\ndpi = 150\n")
        home.chmod(0)
        return home
    loop = tmp_path / "loop"
    loop.symlink_to(loop)                      # any path through it fails with ELOOP, as root too
    return loop


@pytest.fixture
def work(tmp_path):
    folder = tmp_path / "work"
    folder.mkdir()
    yield folder
    for path in tmp_path.iterdir():            # let pytest remove what the test locked
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)


@pytest.mark.parametrize("kind", ["unreadable", "a symbolic-link loop"])
def test_a_run_that_needs_no_profile_does_not_mind_an_unreachable_home(tmp_path, work, kind):
    home = unreachable_home(tmp_path, kind)
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.pdf", cwd=work, env=home_env(home))
    assert result.code == 0, result.stderr
    assert (work / "map.pdf").read_bytes().startswith(b"%PDF") and "profiles.toml" not in result.stderr


@pytest.mark.parametrize("kind", ["unreadable", "a symbolic-link loop"])
@pytest.mark.parametrize("args", [["cats", "map", "--profile", "office", "-o", "map.pdf"], ["profile", "show"]],
                         ids=["--profile", "profile show"])
def test_a_run_that_asks_for_profiles_names_the_file_it_cannot_read(tmp_path, work, kind, args):
    home = unreachable_home(tmp_path, kind)
    result = run_bounded(*args, cwd=work, env=home_env(home))
    assert result.code == 2
    assert f"error: {home}/.config/washigen/profiles.toml: cannot be read (" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert os.listdir(work) == []


@pytest.mark.parametrize("args, made", [
    (["cats", "map", "--seed", "1", "-o", "map.pdf"], "map.pdf"),
    (["rules", "trail-route", "-o", "rules.pdf"], "rules.pdf"),
    (["profile", "show"], None),
])
def test_a_home_that_is_not_a_folder_changes_nothing(work, args, made):
    result = run_bounded(*args, cwd=work, env=home_env("/dev/null"))
    assert result.code == 0, result.stderr
    assert "Traceback" not in result.stderr and "/dev/null/" not in result.stderr
    if made:
        assert (work / made).read_bytes().startswith(b"%PDF")


# Every module that imports reportlab first, by what the command draws: fonts (a map's words), the rule sheet's
# typesetter, the kit, the PDF backend (the calibration sheet).
FIRST_TO_IMPORT_REPORTLAB = [
    ["cats", "map", "--seed", "1", "-o", "out.pdf"],
    ["rules", "trail-route", "-o", "out.pdf"],
    ["kit", "cat-tree", "-o", "out.pdf"],
    ["calibrate", "-o", "out.pdf"],
]


@pytest.mark.parametrize("args", FIRST_TO_IMPORT_REPORTLAB, ids=[" ".join(a[:2]) for a in FIRST_TO_IMPORT_REPORTLAB])
def test_reportlabs_hooks_in_the_home_and_working_folders_never_run(tmp_path, work, args):
    home = tmp_path / "home"
    home.mkdir()
    markers = {name: tmp_path / f"ran-{name.strip('.')}" for name in
               (".reportlab_mods", ".reportlab_settings", "reportlab_mods.py", "reportlab_settings.py")}
    for name, marker in markers.items():
        (home if name.startswith(".") else work).joinpath(name).write_text(TRAP.format(marker=str(marker)))
    result = run_bounded(*args, cwd=work, env=home_env(home))
    assert result.code == 0, result.stderr
    assert [marker.name for marker in markers.values() if marker.exists()] == []


def test_a_folder_where_the_profiles_file_belongs_is_named(tmp_path, work):
    home = tmp_path / "home"
    (home / ".config" / "washigen" / "profiles.toml").mkdir(parents=True)
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.json", cwd=work, env=home_env(home))
    assert result.code == 2
    assert f"error: {home}/.config/washigen/profiles.toml: is a folder where the printer profiles file belongs" \
        in result.stderr
    assert os.listdir(work) == []


@pytest.mark.parametrize("text, says", [
    ("[default]\ndpi = 1" + "0" * 5000 + "\n", "profiles.toml:2: a number with thousands of digits"),
    ("[default]\nback_offset = " + "[" * 5000 + "]" * 5000 + "\n", "profiles.toml: profile file nested deeper"),
    ("[default]\nback_offset = [1e400, 0]\n", "profiles.toml, default.back_offset[0]: inf is not a finite number"),
    ("[default]\npaper = \"a4\\u0007\"\n", "profiles.toml, default.paper: control character U+0007"),
    # past --bleed's 20 mm: a command dropped it without a word, printing the default 3 mm
    ("[default]\nbleed = \"25mm\"\n", "profiles.toml:2: default.bleed: must be at most 20mm, got '25mm'"),
])
def test_an_unbounded_profile_value_is_refused_naming_the_file(tmp_path, work, text, says):
    config = tmp_path / "config"
    config.mkdir()
    (config / "profiles.toml").write_text(text, encoding="utf-8")
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.pdf", cwd=work,
                         env={**os.environ, "WASHIGEN_CONFIG_DIR": str(config)})
    assert result.code == 2 and says in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert os.listdir(work) == []


def test_the_default_profile_out_of_reach_is_no_profile_and_a_named_one_an_error(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    path = loop / "profiles.toml"
    assert profiles.find(None, path) is None and profiles.load_all(path, needed=False) == {}
    with pytest.raises(InputError, match="profiles.toml: cannot be read"):
        profiles.find("office", path)


@pytest.mark.skipif(ROOT, reason="root reads every file")
def test_an_unreadable_profiles_file_is_no_default_profile(tmp_path):
    path = tmp_path / "profiles.toml"
    path.write_text("[default]\ndpi = 150\n")
    path.chmod(stat.S_IWUSR)
    assert profiles.find(None, path) is None
    with pytest.raises(InputError, match="cannot be read"):
        profiles.find("default", path)
