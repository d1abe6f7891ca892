"""Writes that respect what is there (DESIGN 12): a file replaced keeps its permissions (and, as root, its owner),
a new one follows the umask, a symbolic link is written through, a named pipe or a character device is written
through and stays what it is, a folder, a block device or a socket is refused (exit 2) and left as it was, a
closed stdout is one line of error. Every command that writes goes through washigen.output; the commands here
reach it by each of its doors (a design, a printed document, pages, a rule sheet, a Tiled map and its image, a
game log, the printer profiles)."""

from __future__ import annotations

import os
import shlex
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from washigen import output
from washigen.errors import OutputError

from .limits import WASHIGEN, run_bounded

OLD = b"the old file\n"
ROOT = os.geteuid() == 0
NOT_ROOT = "making device nodes (and giving files away) needs root"


def listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


def no_trace(result) -> None:
    assert "Traceback" not in result.stderr + result.stdout, result.stderr


# -- permissions and owners ----------------------------------------------------------------------------------

# Each command writes OUT through another door of washigen.output.
WRITERS = [
    (["cats", "map", "--seed", "1", "-o", "OUT.json"], "OUT.json"),                    # design.render, JSON
    (["cats", "map", "--seed", "1", "-o", "OUT.pdf"], "OUT.pdf"),                      # write_printed
    (["rules", "trail-route", "-o", "OUT.pdf"], "OUT.pdf"),                            # a rule sheet's bytes
    (["trail-route", "setup", "--seed", "2", "-o", "OUT.tmj"], "OUT.tiles.png"),       # a map's tileset image
    (["cats", "play", "--seed", "3", "--games", "1", "-o", "OUT.txt"], "OUT.txt"),     # a game log
    (["calibrate", "-o", "OUT.svg"], "OUT-02.svg"),                                    # the second page of two
]


@pytest.mark.parametrize("args, target", WRITERS, ids=[" ".join(a[:2]) for a, _ in WRITERS])
def test_a_replaced_file_keeps_its_mode(tmp_path, args, target):
    kept = tmp_path / target
    kept.write_bytes(OLD)
    kept.chmod(0o640)
    result = run_bounded(*args, cwd=tmp_path, umask=0o077)
    assert result.code == 0, result.stderr
    assert kept.read_bytes() != OLD
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert not any(name.endswith(".part") for name in listing(tmp_path))


@pytest.mark.parametrize("umask, mode", [(0o077, 0o600), (0o002, 0o664), (0o022, 0o644)], ids=["077", "002", "022"])
def test_new_files_follow_the_umask(tmp_path, umask, mode):
    result = run_bounded("trail-route", "setup", "--seed", "2", "-o", "board.tmj", cwd=tmp_path, umask=umask)
    assert result.code == 0, result.stderr
    assert listing(tmp_path) == ["board.tiles.png", "board.tmj"]
    assert {stat.S_IMODE((tmp_path / name).stat().st_mode) for name in listing(tmp_path)} == {mode}


def test_the_profile_file_keeps_its_mode_when_a_profile_is_saved(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    profiles = config / "profiles.toml"
    profiles.write_text("[office]\ndpi = 150\n", encoding="utf-8")
    profiles.chmod(0o600)
    result = run_bounded("profile", "set", "--dpi", "600", cwd=tmp_path,
                         env={**os.environ, "WASHIGEN_CONFIG_DIR": str(config)})
    assert result.code == 0, result.stderr
    assert "[office]" in profiles.read_text() and "dpi = 600" in profiles.read_text()
    assert stat.S_IMODE(profiles.stat().st_mode) == 0o600


@pytest.mark.skipif(not ROOT, reason=NOT_ROOT)
def test_as_root_a_replaced_file_keeps_its_owner_and_group(tmp_path):
    target = tmp_path / "map.json"
    target.write_bytes(OLD)
    os.chown(target, 4321, 4322)
    result = run_bounded("cats", "map", "--seed", "1", "-o", target, cwd=tmp_path)
    assert result.code == 0, result.stderr
    found = target.stat()
    assert (found.st_uid, found.st_gid) == (4321, 4322) and target.read_bytes() != OLD


def test_an_api_save_keeps_the_mode_too(tmp_path):
    import washigen

    design = washigen.generate("cats", "map", seed=1)
    target = tmp_path / "map.json"
    target.write_bytes(OLD)
    target.chmod(0o604)
    washigen.save(design, target)
    assert washigen.load(target) == design and stat.S_IMODE(target.stat().st_mode) == 0o604


# -- what is there: links, pipes, devices, folders, sockets --------------------------------------------------

def test_a_symbolic_link_is_written_through_and_stays_a_link(tmp_path):
    real = tmp_path / "kept" / "map.json"
    real.parent.mkdir()
    real.write_bytes(OLD)
    real.chmod(0o600)
    link = tmp_path / "map.json"
    link.symlink_to(real)
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.json", cwd=tmp_path)
    assert result.code == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes().startswith(b"{") and stat.S_IMODE(real.stat().st_mode) == 0o600
    assert listing(tmp_path) == ["kept", "map.json"] and listing(real.parent) == ["map.json"]


def test_a_named_pipe_with_a_reader_is_written_through(tmp_path):
    pipe = tmp_path / "map.json"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()))
    reader.start()
    try:
        result = run_bounded("cats", "map", "--seed", "1", "-o", "map.json", cwd=tmp_path, timeout=60)
    finally:
        if reader.is_alive():                   # the run failed before opening it: let the reader go
            with open(pipe, "wb"):
                pass
        reader.join(10)
    assert result.code == 0, result.stderr
    assert received and received[0].startswith(b"{") and b'"game": "cats"' in received[0]
    assert stat.S_ISFIFO(pipe.stat().st_mode) and listing(tmp_path) == ["map.json"]


def test_a_named_pipe_nobody_reads_is_an_error_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "map.pdf")
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.pdf", cwd=tmp_path, timeout=60)
    assert result.code == 2
    assert "map.pdf: a named pipe that nobody reads" in result.stderr
    no_trace(result)
    assert stat.S_ISFIFO((tmp_path / "map.pdf").stat().st_mode) and listing(tmp_path) == ["map.pdf"]


@pytest.mark.skipif(not ROOT, reason=NOT_ROOT)
def test_as_root_a_character_device_is_written_through_and_stays_a_device(tmp_path):
    null = tmp_path / "map.pdf"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))        # what /dev/null is
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.pdf", cwd=tmp_path)
    assert result.code == 0, result.stderr
    found = null.stat()
    assert stat.S_ISCHR(found.st_mode) and found.st_rdev == os.makedev(1, 3)
    assert listing(tmp_path) == ["map.pdf"]


@pytest.mark.skipif(not ROOT, reason=NOT_ROOT)
def test_as_root_a_block_device_is_refused_and_left_as_it_was(tmp_path):
    disk = tmp_path / "map.pdf"
    os.mknod(disk, stat.S_IFBLK | 0o600, os.makedev(7, 200))      # a loop device's numbers; never opened
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.pdf", cwd=tmp_path)
    assert result.code == 2
    assert "map.pdf: is a block device" in result.stderr and len(result.stderr.strip().splitlines()) <= 4
    no_trace(result)
    found = disk.stat()
    assert stat.S_ISBLK(found.st_mode) and found.st_rdev == os.makedev(7, 200)
    assert listing(tmp_path) == ["map.pdf"]


def test_a_socket_is_refused_and_left_as_it_was(tmp_path):
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "map.json"))
        result = run_bounded("cats", "map", "--seed", "1", "-o", "map.json", cwd=tmp_path)
        assert result.code == 2
        assert "map.json: is a socket" in result.stderr
        no_trace(result)
        assert stat.S_ISSOCK((tmp_path / "map.json").stat().st_mode) and listing(tmp_path) == ["map.json"]


def test_a_folder_is_refused_and_left_as_it_was(tmp_path):
    (tmp_path / "map.pdf").mkdir()
    (tmp_path / "map.pdf" / "inside").write_bytes(OLD)
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.pdf", cwd=tmp_path)
    assert result.code == 2 and "map.pdf: is a folder" in result.stderr
    assert listing(tmp_path / "map.pdf") == ["inside"]


def test_a_read_only_file_is_refused_and_left_as_it_was(tmp_path):
    """A file with no write bit is left as it is by everyone, root included (root may write any file, but whoever
    took the bits away meant it kept)."""
    target = tmp_path / "map.json"
    target.write_bytes(OLD)
    target.chmod(0o444)
    result = run_bounded("cats", "map", "--seed", "1", "-o", "map.json", cwd=tmp_path)
    assert result.code == 2 and "map.json: the file is read-only" in result.stderr
    assert target.read_bytes() == OLD and stat.S_IMODE(target.stat().st_mode) == 0o444


def test_a_file_the_user_may_not_write_is_refused_before_any_work(tmp_path, monkeypatch):
    target = tmp_path / "map.json"
    target.write_bytes(OLD)
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False)      # as a read-only file is, to a user
    with pytest.raises(OutputError, match="map.json: the file is read-only"):
        output.check_target(target)


def test_in_a_shared_folder_a_link_someone_else_planted_is_not_followed(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    victim = tmp_path / "victim.pdf"
    victim.write_bytes(OLD)
    (shared / "out.pdf").symlink_to(victim)
    monkeypatch.setattr(os, "geteuid", lambda: os.lstat(shared / "out.pdf").st_uid + 1)   # we are someone else
    monkeypatch.setattr(os, "stat", _owned_by(shared, os.stat))
    with pytest.raises(OutputError, match="out.pdf: a symbolic link another user left in a shared folder"):
        output.check_target(shared / "out.pdf")
    assert victim.read_bytes() == OLD


def _owned_by(shared: Path, real_stat):
    """os.stat with `shared` owned by someone other than both us and the link's owner."""
    def fake(path, *args, **kwargs):
        found = real_stat(path, *args, **kwargs)
        if Path(path) == shared:
            return os.stat_result((found.st_mode, found.st_ino, found.st_dev, found.st_nlink, found.st_uid + 2,
                                   found.st_gid, found.st_size, found.st_atime, found.st_mtime, found.st_ctime))
        return found
    return fake


# -- stdout --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["-", "-.txt", "-.svg"])
def test_a_closed_stdout_is_one_line_of_error(tmp_path, target):
    command = " ".join(shlex.quote(part) for part in [*WASHIGEN, "cats", "map", "--seed", "1", "-o", target])
    done = subprocess.run(f"{command} >&-", shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: -o {target}: stdout is closed; give a file name instead " \
                                  f"(-o out{output.STDOUT_FORMATS[target]})"
    assert listing(tmp_path) == []


def test_printing_onto_a_stdout_closed_before_the_start_is_an_error_and_writing_a_file_is_not(tmp_path):
    """Python gives a process started with stdout closed None there, and click then printed nowhere: `washigen
    games >&-` ended 0 with its output lost. A command whose product is printed fails now; one that writes a file
    writes it, leaving its `wrote FILE` note unsaid."""
    def closed(*args: str) -> subprocess.CompletedProcess:
        command = " ".join(shlex.quote(part) for part in [*WASHIGEN, *args])
        return subprocess.run(f"{command} >&-", shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=60)

    for args in (["games"], ["--help"], ["cats", "play", "--seed", "1"]):
        done = closed(*args)
        assert done.returncode == 2 and done.stderr.strip() == "error: standard output: closed", (args, done.stderr)
    done = closed("cats", "map", "--seed", "1", "-o", "map.pdf")
    assert done.returncode == 0 and done.stderr == "" and (tmp_path / "map.pdf").stat().st_size > 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_full_stdout_is_named_in_its_one_line_of_error(tmp_path):
    """Text a command prints (a report, a game's moves) onto a full disk: the error names standard output (it
    said `error: : No space left on device`)."""
    for args in (["cats", "play", "--seed", "1"], ["games"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([*WASHIGEN, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
        assert done.returncode == 2, args
        assert done.stderr.strip().endswith("error: standard output: No space left on device"), done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_an_error_that_cannot_be_said_on_a_full_stderr_still_exits_2(tmp_path):
    """A bad option, a bad value, a missing file with stderr on a full disk: the message is lost, the exit code is
    not (it was 1, from the traceback that could not be printed either)."""
    for args in (["cats", "map", "--bogus"], ["cats", "map", "--players", "9", "-o", "x.json"],
                 ["validate", "missing.json"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([*WASHIGEN, *args], cwd=tmp_path, stderr=full, stdout=subprocess.PIPE, timeout=60)
        assert done.returncode == 2, args
    with open("/dev/full", "w") as full:                  # a run that says nothing on stderr is not touched
        done = subprocess.run([*WASHIGEN, "cats", "map", "--seed", "1", "-o", "ok.json"], cwd=tmp_path,
                              stderr=full, stdout=subprocess.PIPE, timeout=60)
    assert done.returncode == 0 and (tmp_path / "ok.json").stat().st_size > 0


def test_a_dash_name_that_no_format_sends_to_stdout_is_refused(tmp_path):
    """`-o -.png` wrote a file named `-.png` where `-o -.pdf` goes to standard output."""
    done = subprocess.run([*WASHIGEN, "cats", "map", "--seed", "1", "-o", "-.png"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "error: -o -.png: standard output takes -, -.json" in done.stderr
    assert listing(tmp_path) == []


def test_stdout_taken_by_a_text_stream_gets_the_text(monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdout", io.StringIO())
    output.write_bytes(Path("-.txt"), "Grüße\n".encode())
    assert sys.stdout.getvalue() == "Grüße\n"
