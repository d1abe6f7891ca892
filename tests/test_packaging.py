"""The package as users get it: an sdist built from this tree and one wheel built from it, installed into a fresh
virtual environment and into a `pip install --user` prefix, each run from an unrelated folder. Its data (fonts,
templates, rule texts, message catalogs, the studio's page) must come from the installed package, never from this
checkout."""

from __future__ import annotations

import email
import functools
import importlib.resources
import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "out",
                                 ".pytest_cache", ".hypothesis")
DATA_FOLDERS = {"assets": "washigen/assets", "templates": "washigen/templates", "seeds": "washigen/seeds"}


# `make install` puts uv into the venv: the builds' isolated environments and the fresh installs below take seconds
# with it where pip takes tens of seconds (the same setuptools build, the same wheels). Without it, pip.
UV = Path(sys.executable).with_name("uv")


def _uv() -> str | None:
    return str(UV) if UV.exists() else None


@pytest.fixture(scope="module")
def sdist(tmp_path_factory) -> Path:
    """Built from a copy of the tree, so the build leaves nothing in the checkout."""
    base = tmp_path_factory.mktemp("sdist")
    source = base / "source"
    shutil.copytree(ROOT, source, ignore=SKIPPED)
    installer = ["--installer", "uv"] if _uv() else []
    env = {**os.environ, "PATH": f"{UV.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    built = subprocess.run([sys.executable, "-m", "build", "--sdist", *installer, "-o", str(base / "dist"),
                            str(source)], capture_output=True, text=True, timeout=600, env=env)
    assert built.returncode == 0, built.stderr[-3000:]
    return next((base / "dist").glob("washigen-*.tar.gz"))


@pytest.fixture(scope="module")
def wheel(sdist, tmp_path_factory) -> Path:
    """Built from the sdist, as `python -m build` builds a release's wheel and as pip builds one when it installs the
    sdist: so what the wheel carries, and an install of it, speak for the sdist too."""
    dist = tmp_path_factory.mktemp("wheel")
    uv = _uv()
    command = ([uv, "build", "--quiet", "--wheel", "-o", str(dist), str(sdist)] if uv else
               [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dist), str(sdist)])
    built = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    return next(dist.glob("washigen-*.whl"))


def _data_files() -> dict[str, Path]:
    """Every data file the package needs, by its place in the wheel."""
    files = {}
    for folder, inside in DATA_FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                files[f"{inside}/{path.relative_to(ROOT / folder).as_posix()}"] = path
    for path in (ROOT / "washigen").rglob("*"):
        if path.is_file() and path.suffix not in (".py", ".pyc"):
            files[path.relative_to(ROOT).as_posix()] = path
    return files


def test_the_wheel_carries_every_data_file_the_licences_and_py_typed(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = _data_files()
    assert "washigen/py.typed" in wanted and "washigen/assets/fonts/DejaVuSans.ttf" in wanted
    if (ROOT / "washigen" / "studio" / "static").is_dir():
        assert any(name.startswith("washigen/studio/static/") for name in wanted)
    assert sorted(set(wanted) - names) == []
    licences = {name.split("/licenses/", 1)[1] for name in names if "/licenses/" in name}
    assert {"LICENSE", "NOTICE", "assets/fonts/LICENSE-DejaVu.txt"} <= licences
    assert not [name for name in names if "__pycache__" in name or name.startswith(("assets/", "seeds/"))]


def test_the_wheel_carries_compiled_catalogs_and_needs_no_babel(wheel):
    """babel compiles the catalogs when the wheel is built; the installed package reads the .mo with gettext."""
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    for po in (ROOT / "washigen" / "locale").glob("*/LC_MESSAGES/washigen.po"):
        mo = po.with_suffix(".mo").relative_to(ROOT).as_posix()
        assert mo in names, f"{mo} missing from the wheel"
        import gettext
        import io

        catalog = gettext.GNUTranslations(io.BytesIO(archive.read(mo)))
        assert catalog.gettext("fish") != "fish"          # translated, not an empty catalog
    metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
    requires = [line for line in archive.read(metadata).decode().splitlines() if line.startswith("Requires-Dist:")]
    runtime = [line for line in requires if "extra ==" not in line]
    assert runtime and not [line for line in runtime if "babel" in line.lower()], runtime
    assert not list((ROOT / "washigen" / "locale").rglob("*.mo")), "the build wrote a .mo into the checkout"


def test_an_editable_install_reads_the_folders_at_the_top_of_the_checkout():
    """`make install` is editable: the data packages are the checkout's own folders, found by importlib."""
    from washigen import paths

    assert paths.SEEDS == ROOT / "seeds" == Path(str(importlib.resources.files("washigen.seeds")))
    assert paths.TEMPLATES == ROOT / "templates" and paths.ASSETS == ROOT / "assets"


@functools.cache
def _read_back(map_pdf: bytes, rules_pdf: bytes, sheet_pdf: bytes) -> tuple[float, str, str, set[str]]:
    """The map's trim width, the rule sheet's text, the player sheet's text and the rule sheet's fonts. By the PDFs'
    bytes: both installs print the same bytes (invariant PDFs), and the second reads back the first one's parse."""
    rules = PdfReader(io.BytesIO(rules_pdf))
    return (float(PdfReader(io.BytesIO(map_pdf)).pages[0].trimbox.width),
            "".join(page.extract_text() for page in rules.pages),
            PdfReader(io.BytesIO(sheet_pdf)).pages[0].extract_text(),
            {str(font.get("/BaseFont")) for p in rules.pages for font in p["/Resources"]["/Font"].values()})


def _run_installed(washigen: Path, python: Path, env: dict[str, str], work: Path) -> None:
    """A map PDF, a German rule sheet and a German player sheet (the catalog) from `work`, with data found inside
    the installed package."""
    for args in (["cats", "map", "--seed", "1", "-o", "map.pdf"], ["rules", "cats", "--lang", "de", "-o", "regeln.pdf"],
                 ["cats", "sheet", "--lang", "de", "-o", "sheet.pdf"]):
        result = subprocess.run([str(washigen), *args], cwd=work, env=env, capture_output=True, text=True,
                                timeout=300)
        assert result.returncode == 0, (args, result.stderr[-2000:])
    width, text, sheet, fonts = _read_back(*((work / name).read_bytes() for name in ("map.pdf", "regeln.pdf",
                                                                                     "sheet.pdf")))
    assert width > 100
    assert "Katze" in text and "ü" in text
    assert "Spezialzüge" in sheet                                        # the German catalog came too
    assert any(font.endswith("+DejaVuSans") for font in fonts), fonts   # the bundled font, embedded

    shown = subprocess.run([str(python), "-c", "import washigen.paths as p; print(p.ASSETS, p.TEMPLATES, p.SEEDS, "
                            "sep='\\n')"], cwd=work, env=env, capture_output=True, text=True, check=True)
    folders = [Path(line) for line in shown.stdout.split()]
    assert len(folders) == 3
    for folder in folders:
        assert ROOT not in folder.parents and folder.parent.name == "washigen" and "site-packages" in folder.parts
    static = ROOT / "washigen" / "studio" / "static"
    if static.is_dir():
        page = subprocess.run([str(python), "-c", "import importlib.resources as r; "
                               "print(r.files('washigen.studio') / 'static')"], cwd=work, env=env,
                              capture_output=True, text=True, check=True).stdout.strip()
        expected = sorted(p.relative_to(static).as_posix() for p in static.rglob("*") if p.is_file())
        assert sorted(p.relative_to(page).as_posix() for p in Path(page).rglob("*") if p.is_file()) == expected


def _clean_env(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return {**env, **extra}


def _fresh_venv_with(package: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A new virtual environment with `package` installed (not byte-compiled: what is tested is where the package
    finds its data, and compiling every dependency only costs time), and an empty folder
    elsewhere."""
    venv = tmp_path / "venv"
    uv = _uv()
    without_pip = ["--without-pip"] if uv else []         # uv installs into it: pip's own install is 6 s of nothing
    subprocess.run([sys.executable, "-m", "venv", *without_pip, str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    command = ([uv, "pip", "install", "--quiet", "--python", python, str(package)] if uv else
               [python, "-m", "pip", "install", "--quiet", "--no-compile", str(package)])
    install = subprocess.run(command, capture_output=True, text=True, timeout=900, env=_clean_env())
    assert install.returncode == 0, install.stderr[-2000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    return venv, work


def test_a_wheel_in_a_fresh_virtual_environment_finds_its_data_from_another_folder(wheel, tmp_path):
    venv, work = _fresh_venv_with(wheel, tmp_path)
    _run_installed(venv / "bin" / "washigen", venv / "bin" / "python", _clean_env(), work)


def _runtime_requirements(wheel: Path) -> list[str]:
    """The wheel's Requires-Dist, less those of its extras."""
    archive = zipfile.ZipFile(wheel)
    metadata = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
    message = email.message_from_bytes(archive.read(metadata))
    return [line for line in message.get_all("Requires-Dist", []) if "extra ==" not in line]


def test_a_wheel_installed_with_pip_user_finds_its_data_from_another_folder(wheel, tmp_path):
    """pip install --user (and pipx, which installs into a venv of its own) put the package outside sys.prefix."""
    python = Path(sys._base_executable)  # a --user install needs an interpreter outside any virtual environment
    # The prefix is a temporary folder, so a distribution's "externally managed" guard has nothing to protect.
    env = _clean_env(PYTHONUSERBASE=str(tmp_path / "userbase"), PIP_BREAK_SYSTEM_PACKAGES="1")
    has_pip = "import importlib.util, sys; sys.exit(not importlib.util.find_spec('pip'))"   # `pip --version`: 0.4 s
    if subprocess.run([str(python), "-c", has_pip], capture_output=True, env=env).returncode != 0:
        pytest.skip(f"{python} has no pip")
    uv = _uv()
    if uv:
        # uv puts the wheel's dependencies into the user site from its cache, as it does for the fresh venv above:
        # pip spent 5 s (CPU) asking the index for them and unpacking them again, which tells nothing about washigen.
        # pip still installs washigen --user, and resolves every requirement of the wheel (and theirs) against what
        # the user site holds.
        site = subprocess.run([str(python), "-m", "site", "--user-site"], env=env, capture_output=True, text=True,
                              check=True).stdout.strip()
        placed = subprocess.run([uv, "pip", "install", "--quiet", "--python", str(python), "--target", site,
                                 *_runtime_requirements(wheel)], capture_output=True, text=True, timeout=900, env=env)
        assert placed.returncode == 0, placed.stderr[-2000:]
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--user", "--no-warn-script-location",
                              "--no-compile", str(wheel)], capture_output=True, text=True, timeout=900, env=env)
    assert install.returncode == 0, install.stderr[-2000:]
    work = tmp_path / "elsewhere"
    work.mkdir()
    _run_installed(tmp_path / "userbase" / "bin" / "washigen", python, env, work)


# Test files run from the unpacked sdist: units, the golden designs and the rule texts.
SDIST_TESTS = ("tests/test_units.py", "tests/test_golden.py", "tests/test_rulebook_seeds.py")


def _tracked_files() -> list[str] | None:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    return listed.stdout.split() if listed.returncode == 0 and listed.stdout else None


def test_the_sdist_carries_its_tests_and_they_pass_from_it(sdist, tmp_path):
    """It holds every file the repository tracks, and its own tests pass when run from the unpacked sdist (the
    wheel the tests above install is built from it)."""
    import tarfile

    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        archive.extractall(tmp_path / "unpacked", filter="data")
    tracked = _tracked_files()
    if tracked is not None:
        assert sorted(set(tracked) - names - {".gitignore"}) == []
    assert {"tests/conftest.py", "tests/readback.py", "CHANGELOG.md", "examples/cats-map-2p.json"} <= names

    unpacked = next((tmp_path / "unpacked").iterdir())
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", *SDIST_TESTS],
                           cwd=unpacked, env=_clean_env(), capture_output=True, text=True, timeout=600)
    assert tests.returncode == 0, tests.stdout[-3000:]
