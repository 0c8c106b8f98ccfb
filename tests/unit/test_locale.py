"""The texts for people as data (schock/locale/<lang>/<part>.toml): both languages with the
same keys and placeholders, shipped in the package, read only when used."""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from schock.locale import LANGS, PARTS, ROOT, problems, texts

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_every_part_has_both_languages_with_the_same_keys_and_placeholders() -> None:
    assert problems() == []
    for part in PARTS:
        assert texts(part, "de") and list(texts(part, "de")) == list(texts(part, "en"))


def _edit(root: Path, lang: str, part: str, old: str, new: str) -> None:
    path = root / lang / f"{part}.toml"
    text = path.read_text("utf-8")
    assert old in text, (lang, part, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_the_check_finds_a_key_in_one_language_a_placeholder_mismatch_and_more(
    tmp_path: Path,
) -> None:
    root = tmp_path / "locale"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    assert problems(str(root)) == []
    _edit(root, "en", "input", '"input.bot" =', '"input.bot_renamed" =')
    _edit(root, "de", "engine", "({used} von höchstens {cap} geworfen)", "({used} geworfen)")
    _edit(root, "en", "values", '"set_aside.any" = "any dice"', '"set_aside.any" = ""')
    _edit(root, "de", "help", '"Who lost the game." = "Wer das Spiel verloren hat."',
          '"Who lost the game." = ""')
    _edit(root, "de", "help", '"Show the version and exit." = "Die Version zeigen und beenden."',
          '"Show the version and exit." = "Die {Version} zeigen."')
    _edit(root, "de", "tui", '"Hier gilt: {label}: {value}"', '"Hier gilt: {value}"')
    (root / "de" / "values.toml").write_text(
        (root / "de" / "values.toml").read_text("utf-8") + '"deckel.13" = 13\n', "utf-8"
    )
    found = problems(str(root))
    assert "de/input.toml: input.bot is not in en/input.toml" in found
    assert "en/input.toml: input.bot_renamed is not in de/input.toml" in found
    assert (
        "de/engine.toml: throw_left.first: placeholders {used} {what} but en/engine.toml has "
        "{cap} {used} {what}"
    ) in found
    assert "en/values.toml: set_aside.any: empty" in found
    assert "help.toml: Who lost the game.: in no language (every value \"\")" in found
    assert (
        "de/help.toml: Show the version and exit.: placeholders {Version} but en/help.toml "
        "has none"
    ) in found
    assert "de/values.toml: deckel.13: not a string" in found
    # German may leave out the field's id there (schock.locale.OPTIONAL), not the label
    assert (
        "de/tui.toml: illegal.field: placeholders {value} but en/tui.toml has {label} {value}"
    ) in found
    assert len(found) == 9, found  # deckel.13 is also in German only
    (root / "en" / "engine.toml").write_text('"do.throw" = "throw', "utf-8")
    assert any(p.startswith("en/engine.toml: not TOML") for p in problems(str(root)))
    (root / "en" / "help.toml").unlink()
    assert "en/help.toml: missing" in problems(str(root))


def test_every_catalog_file_is_package_data() -> None:
    """An installed wheel has the texts: pyproject's package-data names every file."""
    config = tomllib.loads(PYPROJECT.read_text("utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["schock"]
    package = Path(ROOT).parent
    files = sorted(Path(ROOT).rglob("*.toml"))
    assert len(files) == len(LANGS) * len(PARTS) + 1  # and the German rule labels
    for path in files:
        name = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(name, p) for p in patterns), name


@pytest.mark.parametrize(
    ("lang", "parts"),
    [("en", "[('engine', 'en')]"), ("de", "[('engine', 'de'), ('engine', 'en')]")],
)
def test_importing_the_engine_reads_no_catalog_and_a_refusal_only_its_own(
    lang: str, parts: str
) -> None:
    probe = f"""
import functools, schock.locale
read = []
cached = schock.locale.texts
plain = cached.__wrapped__
@functools.cache
def spy(part, lang):
    read.append((part, lang))
    return plain(part, lang)
schock.locale.texts = spy
import schock.messages
schock.messages.texts = spy
from schock import IllegalActionError, load_rules
from schock.engine import Game, TableDice, parse_action
game = Game(load_rules("porz"), seats=["Anna", "Ben"], dice=TableDice(), starter=0)
print(read)
try:
    game.apply(*parse_action("1 throw"))
except IllegalActionError as exc:
    print(exc.message({lang!r}))
print(sorted(read))
print(cached.cache_info().currsize)  # nothing was read before the spy
"""
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0] == "[]"
    assert out[1] in ("cannot throw: it is Anna's turn (seat 0), not seat 1",
                      "Werfen geht nicht: Anna ist am Zug (Platz 0), nicht Platz 1")
    assert out[2] == parts
    assert out[3] == "0"
