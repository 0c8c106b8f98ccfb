"""``schock --help`` and ``--version`` start fast: no command module is imported
until its command runs (issue 27 item 1); arena workers ignore Ctrl-C from their start."""

from __future__ import annotations

import multiprocessing
import signal
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import click
import pytest
from click.testing import CliRunner

from schock.arena import spawning_without_interrupts
from schock.cli import COMMANDS, main

PROBE = """
import sys
from schock.cli import main
try:
    main([{args}])
except SystemExit:
    pass
heavy = ("sqlalchemy", "rich", "fastapi", "textual", "numpy", "schock.engine", "schock.rules")
print(sorted(m for m in sys.modules if m.startswith(heavy) or m.startswith("schock.cli.")))
"""


@pytest.mark.parametrize("args", ['"--help"', '"--version"'])
def test_help_and_version_import_no_command(args: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, check=True
    ).stdout
    # the help's catalog and formatter are plain text and click (schock.cli.helptext)
    expected = ["schock.cli.click_lang", "schock.cli.common"] + (
        ["schock.cli.help_catalog", "schock.cli.helptext"] if "help" in args else ["schock.cli.helptext"]
    )
    assert out.strip().splitlines()[-1] == str(expected)


def test_the_help_table_is_each_commands_own() -> None:
    ctx = click.Context(main)
    for name, (_module, _attribute, short) in COMMANDS.items():
        command = main.get_command(ctx, name)
        assert command is not None
        assert command.get_short_help_str(limit=500) == short, name
        # an alias is the same command object under another name
        assert command.name in COMMANDS


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert f"\n  {name} " in result.output
    unknown = CliRunner().invoke(main, ["nosuch"])
    assert unknown.exit_code == 2 and "Unbekannter Befehl 'nosuch'" in unknown.output


def _sigint_handler() -> object:
    return signal.getsignal(signal.SIGINT)


def test_workers_ignore_ctrl_c_from_their_start() -> None:
    """No initializer: the worker ignores SIGINT because it was spawned so."""
    before = signal.getsignal(signal.SIGINT)
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    try:
        with spawning_without_interrupts():
            future = pool.submit(_sigint_handler)
        assert signal.getsignal(signal.SIGINT) == before  # the parent's handler is back
        assert future.result(timeout=120) == signal.SIG_IGN
    finally:
        pool.shutdown()


def test_play_without_a_terminal_says_so() -> None:
    """Issue 27 item 7: ``schock play </dev/null`` refuses at once instead of hanging."""
    import shutil
    from pathlib import Path

    exe = shutil.which("schock", path=str(Path(sys.executable).parent)) or "schock"
    for lang, text in (("de", "braucht ein Terminal"), ("en", "needs a terminal")):
        done = subprocess.run([exe, "play", "--lang", lang], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and text in done.stderr, done.stderr
        assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["arena", "sim"])
def test_seed_is_bounded(command: str) -> None:
    result = CliRunner().invoke(main, [command, "--bot", "heuristic", "--bot", "random",
                                       "--seed", "-1"])
    assert result.exit_code == 2 and "-1" in result.output and "0<=x" in result.output
