"""Issue 15: a huge arena run streams its games, stops on one Ctrl-C and leaves nothing behind.

The subprocess test plays ``schock arena`` with a huge ``--games`` in its own
process group and sends SIGINT to the whole group, as a terminal's Ctrl-C does.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock.arena import MAX_GAMES, run_arena
from schock.cli import main

# A loaded two-core machine may be slow; the bugs these tests catch took tens of
# seconds and gigabytes, far beyond these bounds.
FIRST_OUTPUT_S = 10.0
HUGE = 10_000_000
EXIT_S = 15.0
RSS_LIMIT_KB = 250_000
RSS_GROWTH_KB = 40_000


def _state_and_group(pid: str) -> tuple[str, int] | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return fields[0], int(fields[2])


def _alive_in_group(group: int) -> list[str]:
    """The processes of a process group that still run (zombies are over)."""
    alive = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            found = _state_and_group(pid)
            if found is not None and found[1] == group and found[0] not in ("Z", "X"):
                alive.append(pid)
    return alive


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_huge_run_reports_at_once_stays_small_and_stops_on_one_interrupt(jobs: str) -> None:
    exe = shutil.which("schock", path=str(Path(sys.executable).parent)) or "schock"
    cmd = [exe, "arena", "--bot", "heuristic", "--bot", "random"]
    cmd += ["--games", str(HUGE), "--jobs", jobs, "--lang", "en"]
    started = time.monotonic()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        assert proc.stderr is not None
        first: list[str] = []
        reader = threading.Thread(target=lambda: first.append(proc.stderr.readline()))
        reader.start()
        reader.join(FIRST_OUTPUT_S)
        assert first and first[0].strip(), "no output from schock arena"
        assert f"{HUGE:,} games between heuristic, random" in first[0]
        assert time.monotonic() - started < FIRST_OUTPUT_S

        time.sleep(2.5)
        early = _rss_kb(proc.pid)
        time.sleep(2.5)
        late = _rss_kb(proc.pid)
        assert late < RSS_LIMIT_KB, f"RSS {late} kB"
        assert late - early < RSS_GROWTH_KB, f"RSS grew from {early} to {late} kB"
        assert proc.poll() is None

        interrupted = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
        out, err = proc.communicate(timeout=EXIT_S * 4)
        assert time.monotonic() - interrupted < EXIT_S
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Aborted" not in err
    stopped = re.search(r"Stopped after ([\d,]+) of ([\d,]+) games?\.", err)
    assert stopped is not None, err
    played = int(stopped.group(1).replace(",", ""))
    assert 0 < played < HUGE and int(stopped.group(2).replace(",", "")) == HUGE
    assert f"porz: {played:,} game{'' if played == 1 else 's'}, seed 0" in out
    heuristic = next(line for line in out.splitlines() if line.strip().startswith("heuristic "))
    assert heuristic.split()[1] == str(played)

    deadline = time.monotonic() + 10
    while _alive_in_group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _alive_in_group(proc.pid) == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupted_run_equals_the_shorter_run(jobs: int) -> None:
    def stop(done: int, total: int) -> None:
        if done >= 12:
            raise KeyboardInterrupt

    bots = ["heuristic", "random", "random"]
    part = run_arena(
        "mosel", bots, games=1000, seed=4, jobs=jobs, progress=stop, interruptible=True
    )
    assert part.stopped and part.requested == 1000 and 12 <= part.games < 1000
    assert part.to_dict()["stopped"] is True and part.to_dict()["requested"] == 1000
    whole = run_arena("mosel", bots, games=part.games, seed=4, jobs=1)
    assert not whole.stopped and "stopped" not in whole.to_dict()
    assert dataclasses.replace(part, requested=part.games) == whole


def test_records_can_be_dropped() -> None:
    kept = run_arena("porz", ["heuristic", "random"], games=8, seed=2, jobs=1)
    dropped = run_arena("porz", ["heuristic", "random"], games=8, seed=2, keep_records=False)
    assert len(kept.records) == 8 and dropped.records == ()
    assert dropped.to_dict() == kept.to_dict()


def test_games_limit() -> None:
    result = CliRunner().invoke(
        main, ["arena", "--bot", "heuristic", "--bot", "random", "--games", "9" * 26]
    )
    assert result.exit_code == 2
    assert f"games must be a whole number from 1 to {MAX_GAMES}, got {'9' * 26}" in result.stderr
    assert "Traceback" not in result.output
