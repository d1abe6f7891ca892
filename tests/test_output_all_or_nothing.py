"""A run that writes several files (the pages of a deck as SVGs) writes all of them or none: each is written whole
beside its place before any is renamed into it, so a failure while writing (here a file size limit, as a full disk
would) leaves the old files as they were, and the refusal names the file, exit 2."""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest

LIMIT_BYTES = 110 * 1024        # more than a small page, less than a deck's page of cards


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs a file size limit (RLIMIT_FSIZE)")
def test_a_failed_multi_page_write_leaves_every_old_page_as_it_was_and_names_the_file(tmp_path):
    old = {tmp_path / f"deck-0{i}.svg": f"old page {i}".encode() for i in range(1, 5)}
    for path, data in old.items():
        path.write_bytes(data)

    def limited():
        resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT_BYTES, LIMIT_BYTES))

    done = subprocess.run([sys.executable, "-m", "washigen", "cat-tree", "deck", "-o", "deck.svg"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, preexec_fn=limited)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "deck-0" in done.stderr and "cannot be written" in done.stderr and "standard output" not in done.stderr
    assert {path: path.read_bytes() for path in old} == old
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in old)      # no temporaries left

    again = subprocess.run([sys.executable, "-m", "washigen", "cat-tree", "deck", "-o", "deck.svg"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and all(path.read_bytes().startswith(b"<?xml") for path in old)
