"""`make preflight`: every output of tests/print_matrix.py through every check of tests/outside.py, in a process
per core, then a summary: outputs, pages, faults per check (with the first few sentences), pages per second.

    python -m tests.preflight_sweep [--dpi N] [--jobs N] [--json FILE] [NAME-PART ...]

Exit status 1 when any output has a fault. --dpi raises the renderers' comparison resolution (default 24, as in
the suite); --json writes every fault, by output and check; NAME-PART keeps the outputs whose name contains one of
them."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

from tests import outside
from tests.print_matrix import OUTPUTS, generate

SHOWN = 3                  # fault sentences shown per check


def check_one(name: str, dpi: float) -> tuple[str, int, dict[str, list[str]], float]:
    """(name, pages, faults by check, CPU seconds) of one output."""
    outside.DPI = dpi
    start = time.process_time()
    with tempfile.TemporaryDirectory(prefix="washigen-preflight-") as folder:
        pdf = outside.Pdf(generate(name, folder))
        faults = outside.outside_checks(pdf)
    return name, len(pdf.pages), faults, time.process_time() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="make preflight", description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=float, default=outside.DPI)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("parts", nargs="*")
    options = parser.parse_args(argv)
    if outside.missing_tools():
        print(f"preflight: needs {' and '.join(outside.missing_tools())} (apt-get install qpdf poppler-utils)",
              file=sys.stderr)
        return 2
    names = [name for name in OUTPUTS if not options.parts or any(part in name for part in options.parts)]
    start = time.perf_counter()
    with ProcessPoolExecutor(options.jobs) as pool:
        results = list(pool.map(check_one, names, [options.dpi] * len(names)))
    elapsed = time.perf_counter() - start
    pages = sum(result[1] for result in results)
    print(f"{len(results)} outputs, {pages} pages, {pages / elapsed:.1f} pages/s on {options.jobs} processes "
          f"({elapsed:.0f} s; {sum(result[3] for result in results):.0f} s CPU without the outside programs), "
          f"renderers compared at {options.dpi:g} dpi")
    if options.json:
        with open(options.json, "w", encoding="utf-8") as file:
            json.dump({name: faults for name, _, faults, _ in results}, file, indent=1)
    failed = False
    for check in outside.CHECKS:
        faulty = [(name, faults[check]) for name, _, faults, _ in results if faults[check]]
        failed |= bool(faulty)
        print(f"{check:10} {len(faulty):4} outputs with {sum(len(found) for _, found in faulty):5} faults")
        for name, found in faulty[:SHOWN]:
            print(f"           {name}: {found[0]}" + (f" (and {len(found) - 1} more)" if len(found) > 1 else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
