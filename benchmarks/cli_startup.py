"""Start-up time of the ``schock`` command against a bare ``import click``.

Runs each command line ``--runs`` times in a fresh process and prints the median
wall-clock time of each, then ``cli_startup_ratio R``: the slower of
``schock --help`` and ``schock --version`` divided by ``python -c "import click"``
(the target is at most 3). CPU time of the child processes is printed beside it,
which other work on a shared machine does not inflate.

Run: ``python benchmarks/cli_startup.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def measure(cmd: list[str], runs: int) -> tuple[float, float]:
    """Median wall-clock seconds and median child CPU seconds of ``cmd``."""
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    exe = shutil.which("schock", path=str(Path(sys.executable).parent)) or "schock"
    env_note = " (SCHOCK from PYTHONPATH)" if os.environ.get("PYTHONPATH") else ""
    cases = {
        "import click": [sys.executable, "-c", "import click"],
        "schock --version": [exe, "--version"],
        "schock --help": [exe, "--help"],
        "schock hint --help": [exe, "hint", "--help"],
        "schock odds --rules porz": [exe, "odds", "--rules", "porz"],
    }
    figures = {}
    print(f"{'command':28} {'wall s':>8} {'cpu s':>8}{env_note}")
    for name, cmd in cases.items():
        wall, cpu = measure(cmd, args.runs)
        figures[name] = (wall, cpu)
        print(f"{name:28} {wall:8.3f} {cpu:8.3f}")
    base_wall, base_cpu = figures["import click"]
    worst = max(figures["schock --help"][0], figures["schock --version"][0])
    worst_cpu = max(figures["schock --help"][1], figures["schock --version"][1])
    print(f"cpu ratio {worst_cpu / base_cpu:.2f}")
    print(f"cli_startup_ratio {worst / base_wall:.2f}")


if __name__ == "__main__":
    main()
