"""Ctrl-C, a reader that goes away, and a run killed mid-write: each with real signals and pipes, in subprocesses."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from washigen.output import STALE_PART_SECONDS, sweep_stale_parts

from .limits import WASHIGEN

# Tens of seconds of cut-ups tried before anything is written (near the minute a run may take): interrupted well
# before its end.
LONG_RUN = ["cats", "variants", "--count", "5", "--tries", "25000", "--games", "0", "--seed", "1", "-o", "maps"]


def interruptible() -> None:
    """Ctrl-C reaches the child whichever way the suite was started: a shell's background job (`make test &`)
    starts with SIGINT ignored, and its children inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("signum, code, line", [
    (signal.SIGINT, 130, "interrupted\n"),           # Ctrl-C
    (signal.SIGTERM, 143, "terminated\n"),           # `timeout`, a CI's cancel, systemd: cleaned up the same way
], ids=["SIGINT", "SIGTERM"])
def test_ctrl_c_or_sigterm_exits_with_one_line_and_leaves_the_old_file(tmp_path, signum, code, line):
    (tmp_path / "roll.pdf").write_bytes(b"the old roll")
    run = subprocess.Popen([*WASHIGEN, *LONG_RUN], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, preexec_fn=interruptible)
    time.sleep(2.5)
    assert run.poll() is None, "the run ended before it could be interrupted"
    run.send_signal(signum)
    stdout, stderr = run.communicate(timeout=30)
    assert run.returncode == code
    assert stderr.endswith(line) and "Traceback" not in stderr
    assert (tmp_path / "roll.pdf").read_bytes() == b"the old roll"
    assert sorted(os.listdir(tmp_path)) == ["roll.pdf"]


# Put on PYTHONPATH as sitecustomize: holds the import of one of washigen's modules for a minute, after saying so on
# stdout, so that the test's Ctrl-C lands while washigen is being imported.
SLOW_IMPORT = """
import os, sys, time

class Slow:
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.write(1, b"importing {module}\\n")
            time.sleep(60)
        return None

sys.meta_path.insert(0, Slow())
"""
CONSOLE_SCRIPT = [str(Path(sys.executable).parent / "washigen")]


@pytest.mark.parametrize("entry, args, module", [
    (CONSOLE_SCRIPT, ["games"], "washigen.cli"),                  # the command line not yet imported
    (WASHIGEN, ["games"], "washigen.cli"),
    (WASHIGEN, ["--help"], "washigen.games.cats"),                # --help loading the games, before any command
], ids=["console-script", "python-m", "help"])
def test_ctrl_c_while_washigen_is_imported_exits_130_with_one_line(tmp_path, entry, args, module):
    (tmp_path / "sitecustomize.py").write_text(SLOW_IMPORT.format(module=module))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    run = subprocess.Popen([*entry, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           preexec_fn=interruptible)
    assert run.stdout.readline() == f"importing {module}\n"
    time.sleep(0.2)                                      # inside the held import, not on the way to it
    run.send_signal(signal.SIGINT)
    try:
        stdout, stderr = run.communicate(timeout=20)    # well before the minute the import was held for
    except subprocess.TimeoutExpired:                    # once seen on a loaded CI machine: a second Ctrl-C, as a
        run.send_signal(signal.SIGINT)                   # user would press it, must end it the same way
        stdout, stderr = run.communicate(timeout=20)
    assert run.returncode == 130
    assert stderr == "interrupted\n"                     # no traceback, and not click's "Aborted!"
    assert stdout == ""


def test_sigterm_while_washigen_is_imported_exits_143_with_one_line(tmp_path):
    (tmp_path / "sitecustomize.py").write_text(SLOW_IMPORT.format(module="washigen.cli"))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))}
    run = subprocess.Popen([*WASHIGEN, "games"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert run.stdout.readline() == "importing washigen.cli\n"
    run.send_signal(signal.SIGTERM)
    stdout, stderr = run.communicate(timeout=30)
    assert (run.returncode, stderr, stdout) == (143, "terminated\n", "")


def test_a_reader_that_has_gone_ends_the_run_quietly_with_141():
    read_end, write_end = os.pipe()
    os.close(read_end)                                      # every write now meets EPIPE
    try:
        done = subprocess.run([*WASHIGEN, "games", "--json"], stdout=write_end, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(write_end)
    assert done.returncode == 141
    assert done.stderr == b""


def test_games_into_head_prints_no_error():
    done = subprocess.run(f"{sys.executable} -m washigen games | head -1", shell=True, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.count("\n") == 1 and done.stderr == ""


def test_a_killed_runs_temporary_is_swept_by_the_next_write_to_the_same_place(tmp_path):
    # what SIGKILL during a write leaves (no handler can run): the temporary beside the target
    left = [tmp_path / ".roll.pdf.x1y2z3.part", tmp_path / ".roll.pdf.fresh.part", tmp_path / ".other.pdf.a.part"]
    for path in left:
        path.write_bytes(b"half a roll")
    old = time.time() - STALE_PART_SECONDS - 5
    os.utime(left[0], (old, old))
    os.utime(left[2], (old, old))
    done = subprocess.run([*WASHIGEN, "cats", "map", "--seed", "1", "-o", "roll.pdf"], cwd=tmp_path,
                          capture_output=True, timeout=60)
    assert done.returncode == 0
    names = sorted(os.listdir(tmp_path))
    assert names == [".other.pdf.a.part", ".roll.pdf.fresh.part", "roll.pdf"]   # a run writing now keeps its own


def test_sweep_leaves_folders_and_names_that_only_look_alike(tmp_path):
    target = tmp_path / "out[1].pdf"
    stale = tmp_path / ".out[1].pdf.k.part"
    lookalike = tmp_path / ".out1.pdf.k.part"
    folder = tmp_path / ".out[1].pdf.d.part"
    for path in (stale, lookalike):
        path.write_bytes(b"x")
    folder.mkdir()
    later = time.time() + STALE_PART_SECONDS + 5
    assert sweep_stale_parts(target, now=later) == [stale]
    assert lookalike.exists() and folder.is_dir()


POOL_SCRIPT = """
import sys, time
from functools import partial
from washigen.cli import main
from washigen.arena import GameRecord, run_games

def slow_game(delay, seed, first):
    time.sleep(delay)
    return GameRecord(seed=seed, winners=(first,), turns=1, end="win", specials_used=(0, 0))

@main.command("slow-games")
def slow_games():
    print("started", flush=True)
    run_games(partial(slow_game, 0.2), seed=1, games=400, players=2, jobs=2)

main(["slow-games"])
"""


def test_ctrl_c_during_games_in_a_process_pool_exits_130_with_one_line(tmp_path):
    script = tmp_path / "pool.py"
    script.write_text(POOL_SCRIPT)
    run = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=interruptible)
    assert run.stdout.readline() == "started\n"
    time.sleep(1.0)
    os.killpg(run.pid, signal.SIGINT)                 # as a terminal's Ctrl-C: the parent and every worker
    started = time.monotonic()
    stdout, stderr = run.communicate(timeout=30)
    assert run.returncode == 130, stderr
    assert stderr == "interrupted\n"                  # no worker's traceback
    assert time.monotonic() - started < 10            # the games not yet started are dropped, not played


def test_a_worker_terminated_while_it_forks_ends_quietly(tmp_path):
    """A pool worker forked from washigen has washigen's SIGTERM handler until it sets its own; terminated in
    between (while Python runs its after-fork hooks: a sweep refusing a bad --bots stopped its workers there), the
    handler raised in the hook, which Python printed as "Exception ignored" with a traceback. The worker now ends at
    once with 143 and says nothing; the parent's own SIGTERM still raises Terminated."""
    import subprocess
    import sys

    script = tmp_path / "fork.py"
    script.write_text(
        "import os, signal, sys, time\n"
        "from washigen import console\n"
        "console._INSTALLED_BY = os.getpid()\n"
        "signal.signal(signal.SIGTERM, console.on_sigterm)\n"
        "os.register_at_fork(after_in_child=lambda: (os.kill(os.getpid(), signal.SIGTERM), time.sleep(2)))\n"
        "child = os.fork()\n"
        "if child == 0:\n"
        "    os._exit(0)\n"
        "print(os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]))\n"
        "try:\n"
        "    os.kill(os.getpid(), signal.SIGTERM); time.sleep(2)\n"
        "except console.Terminated as stopped:\n"
        "    print('parent', stopped.code)\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["143", "parent", "143"], (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
