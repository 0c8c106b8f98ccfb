"""Issue 27 item 7: shell completion (click's) as the README documents it: the script
for bash, zsh and fish, and completion of subcommands, presets, bots and files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from schock.cli import main

README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")


def complete(words: str, shell: str = "bash") -> list[str]:
    """What click answers the shell for the last word of ``words`` (bash's protocol)."""
    args = words.split()
    cword = len(args) if words.endswith(" ") else len(args) - 1
    env = {"COMP_WORDS": words, "COMP_CWORD": str(cword), "_SCHOCK_COMPLETE": f"{shell}_complete"}
    result = CliRunner().invoke(main, [], env=env, prog_name="schock")
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_documented_script_is_produced(shell: str) -> None:
    assert f"_SCHOCK_COMPLETE={shell}_source schock" in README
    result = CliRunner().invoke(main, [], env={"_SCHOCK_COMPLETE": f"{shell}_source"},
                                prog_name="schock")
    assert result.exit_code == 0 and "_SCHOCK_COMPLETE" in result.output, result.output
    assert {"bash": "complete -o nosort -F", "zsh": "compdef", "fish": "complete --no-files"}[
        shell
    ] in result.output


def test_subcommands_presets_bots_and_files_complete() -> None:
    assert complete("schock tur") == ["plain,turnier"]
    assert complete("schock turnier tab") == ["plain,tabelle"]
    assert complete("schock rules ") == ["plain,check", "plain,list", "plain,show"]
    assert complete("schock arena --rules m") == ["plain,mosel", "file,m"]
    assert complete("schock rules show p") == ["plain,porz", "file,p"]
    assert complete("schock sim --bot ") == [
        "plain,heuristic", "plain,cautious", "plain,bold", "plain,optimal", "plain,equilibrium"
    ]
    bots = complete("schock arena --bot ")
    assert {"plain,optimal", "plain,random", "plain,heuristic"} <= set(bots)
    assert complete("schock play --bot r") == ["plain,random"]
    assert "plain,--rules" in complete("schock odds --")
    assert complete("schock replay ") == ["file,"]  # the shell lists the files


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_a_subcommand_through_the_script(tmp_path: Path) -> None:
    """The real round trip: bash sources the script and asks it, as at a prompt."""
    schock = shutil.which("schock", path=os.path.dirname(sys.executable))
    if schock is None:
        pytest.skip("the schock console script is not installed next to this Python")
    script = (
        'eval "$(_SCHOCK_COMPLETE=bash_source schock)"\n'
        "COMP_WORDS=(schock tur); COMP_CWORD=1; _schock_completion schock\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    env = {**os.environ, "PATH": os.path.dirname(schock) + os.pathsep + os.environ["PATH"]}
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env,
                         timeout=120, check=True)
    assert out.stdout.split() == ["turnier"], out
