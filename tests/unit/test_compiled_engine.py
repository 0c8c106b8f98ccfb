"""The optional compiled engine (scripts/build_engine.py, schock.engine.compiled).

One build (mypyc, about 13 s) into a copy of the package; then, in fresh
processes, the compiled game must play the very same games as the pure one
(records, events, views), refuse bad input with the same errors, pass the
engine's own tests, and step aside when it is stale or turned off.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from schock.engine import compiled

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

#: The tests of the compiled modules (engine/game.py, actions.py, dice.py, results.py)
#: that run again against the build: the engine's state machine, copies, the trusted
#: path, bad input, house rules, results and ranking, the rules that bite, the
#: narration of its events, the golden records and the engine fuzzers. Not the docs,
#: CLI or solver tests of tests/unit and tests/fuzz: they exercise the same engine
#: calls through other code at many times the cost.
ENGINE_TESTS = [
    "tests/unit/test_dice.py",
    "tests/unit/test_engine.py",
    "tests/unit/test_engine_copy.py",
    "tests/unit/test_engine_offered.py",
    "tests/unit/test_hardening.py",
    "tests/unit/test_house_rules.py",
    "tests/unit/test_results.py",
    "tests/unit/test_rules_that_bite.py",
    "tests/unit/test_narrate_chronicle.py",
    "tests/unit/test_narrate_viewer.py",
    "tests/golden",
    "tests/fuzz/test_fuzz_engine.py",
    "tests/fuzz/test_fuzz_records.py",
    "tests/fuzz/test_fuzz_house_rules.py",
]

PLAY = r"""
import hashlib, json, random
from schock import PRESETS, load_rules
from schock.engine import Game, SeededDice, compiled
from schock.engine.record import dumps

out = {"active": compiled.active()}
for preset in PRESETS:
    rules = load_rules(preset)
    digest = hashlib.sha256()
    for g in range(GAMES):
        pick = random.Random(g).random
        game = Game(rules, seats=("Anna", "Ben", "Cem"), dice=SeededDice(g))
        while not game.over:
            legal = game.legal_actions()
            game.apply(game.actor, legal[int(pick() * len(legal))])
        digest.update(dumps(game).encode())
        digest.update(repr(game.log).encode())
        digest.update(repr([game.view(s).to_dict() for s in (None, 0, 1, 2)]).encode())
    out[preset] = digest.hexdigest()

game = Game(load_rules("porz"), seats=("Anna", "Ben", "Cem"), dice=SeededDice(1), starter=0)
calls = [
    lambda: game.apply("0", None),
    lambda: game.apply(0, "throw"),
    lambda: game.throw((7, 1, 1), seat=0),
    lambda: game.lift(seat=1.5),
    lambda: game.set_aside("1", seat=0),
    lambda: game.turn_sixes("2"),
    lambda: game.einkaufen(1),
    lambda: game.strafdeckel(None, 2),
    lambda: game.view("x"),
    lambda: game.in_half(True),
    lambda: Game(load_rules("porz"), seats=["Anna", 3]),
    lambda: Game("porz", seats=["Anna", "Ben"]),
    lambda: Game(load_rules("porz"), seats=["Anna", "Ben"], starter="0"),
]
errors = []
for call in calls:
    try:
        call()
        errors.append("no error")
    except Exception as e:
        errors.append(f"{type(e).__name__}: {e}")
out["errors"] = errors
out["log"] = len(game.log)
print(json.dumps(out))
"""


def _run(tree: Path, code: str, *, pure: bool = False) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop(compiled.PURE_ENV, None)
    if pure:
        env[compiled.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the compiled game built into it."""
    tree = tmp_path_factory.mktemp("compiled")
    shutil.copytree(
        ROOT / "src" / "schock",
        tree / "schock",
        ignore=shutil.ignore_patterns("*.so", "game.build", "__pycache__"),
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_engine.py"), "--into", str(tree)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "compiled engine built" in done.stdout
    assert compiled.extensions(tree / "schock" / "engine")
    return tree


def test_compiled_and_pure_play_the_same_games(built: Path) -> None:
    code = PLAY.replace("GAMES", "40")
    fast = _run(built, code)
    pure = _run(built, code, pure=True)
    assert fast["active"] == "compiled" and pure["active"] == "pure"
    del fast["active"], pure["active"]
    assert fast == pure
    errors = fast["errors"]
    assert isinstance(errors, list) and len(errors) == 13
    # every bad call is refused by the engine's own checks, never a bare TypeError
    assert all(e.startswith(("InvalidInputError", "IllegalActionError")) for e in errors), errors


def test_the_engine_tests_pass_compiled(built: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(built)}
    env.pop(compiled.PURE_ENV, None)
    # -n 0: in this one process (this test already has a worker of its own)
    args = ["-q", "-n", "0", "-p", "no:cacheprovider", *ENGINE_TESTS]
    code = (
        "import sys, pytest\n"
        "from schock.engine import compiled\n"
        "assert compiled.active() == 'compiled', compiled.active()\n"
        f"sys.exit(pytest.main({args!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = re.search(r"(\d+) passed", done.stdout)
    assert passed and int(passed.group(1)) >= 600, done.stdout[-3000:]


def test_a_stale_build_is_never_used(built: Path, tmp_path: Path) -> None:
    tree = tmp_path / "stale"
    shutil.copytree(built, tree)
    game = tree / "schock" / "engine" / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")
    code = "import json; from schock.engine import compiled; print(json.dumps(compiled.active()))"
    assert _run(tree, code) == "pure"  # type: ignore[comparison-overlap]
    (tree / "schock" / "engine" / "game.build").unlink()
    assert _run(tree, code) == "pure"  # type: ignore[comparison-overlap]


def test_build_script_cleans_up(built: Path, tmp_path: Path) -> None:
    tree = tmp_path / "clean"
    shutil.copytree(built, tree)
    built_files = len(compiled.extensions(tree / "schock" / "engine")) + 1  # and the stamp
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_engine.py"), "--into", str(tree), "--clean"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"removed {built_files} file(s)" in done.stdout
    assert not compiled.extensions(tree / "schock" / "engine")
    assert not (tree / "schock" / "engine" / "game.build").exists()


def test_this_process_runs_what_the_checkout_holds() -> None:
    """Pure without a build (as in CI); compiled where a current build is here."""
    off = os.environ.get(compiled.PURE_ENV, "") not in ("", "0")
    expected = "compiled" if compiled.usable() and not off else "pure"
    assert compiled.active() == expected
