"""Issue 27 item 7: every command's ``--help`` in one language: ``--lang``'s, else the
locale's (German or English), else German; no German help with English descriptions or
click words, and no English help with German ones."""

from __future__ import annotations

import inspect
import re

import click
import pytest
from click.testing import CliRunner

from schock.cli import COMMANDS, main
from schock.cli.common import help_lang
from schock.cli.help_catalog import HELP

#: Words that give the other language away (grammar words, click's headings).
MARKERS = {
    "de": re.compile(r"\b(the|and|of|with|to|is|are|for|from|this|each|every|Show|Usage|"
                     r"Options|Commands|default|env var|Language)\b"),
    "en": re.compile(r"\b(der|das|und|mit|oder|ein|eine|nicht|für|von|ist|zeigen|"
                     r"Aufruf|Optionen|Befehle|Standard|Sprache)\b"),
}
#: Option names (``--to``, ``--nicht``) are what is typed, in whichever language.
OPTION = re.compile(r"(?<!\w)--?[\w-]+")


def command_paths() -> list[tuple[str, ...]]:
    """Every command and group of ``schock``, as the words that call it."""
    ctx = click.Context(main)
    found: list[tuple[str, ...]] = [()]

    def walk(cmd: click.Command, path: tuple[str, ...]) -> None:
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None and sub.name == name:
                    found.append((*path, name))
                    walk(sub, (*path, name))

    walk(main, ())
    return found


PATHS = command_paths()


def help_of(path: tuple[str, ...], *extra: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(main, [*path, "--help", *extra], env=env or {"LC_ALL": "C"},
                                terminal_width=80, prog_name="schock")
    assert result.exit_code == 0, result.output
    return result.output


def test_every_help_text_is_in_the_catalog_in_both_languages() -> None:
    ctx = click.Context(main)
    texts = {COMMANDS[name][2] for name in COMMANDS}
    for path in PATHS:
        cmd: click.Command = main
        for word in path:
            found = cmd.get_command(ctx, word) if isinstance(cmd, click.Group) else None
            assert found is not None
            cmd = found
        if cmd.help:
            texts.add(inspect.cleandoc(cmd.help).partition("\f")[0])
        texts |= {p.help for p in cmd.params if isinstance(p, click.Option) and p.help}
    missing = sorted(t[:60] for t in texts if t not in HELP)
    assert not missing, missing
    for source, (de, en) in HELP.items():
        assert (de is None) != (en is None) or (de and en), source[:60]
        assert (de or source).strip() and (en or source).strip()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "schock")
def test_every_help_is_in_one_language(path: tuple[str, ...], lang: str) -> None:
    text = help_of(path, "--lang", lang)
    words = OPTION.sub(" ", text)
    leak = MARKERS[lang].findall(words)
    assert not leak, (leak, text)
    heading = {"de": "Aufruf: schock", "en": "Usage: schock"}[lang]
    assert text.startswith(heading) and ("Optionen:" in text) == (lang == "de")


def test_the_locale_decides_without_lang() -> None:
    assert help_of(("turnier",), env={"LC_ALL": "", "LANG": "en_US.UTF-8"}).startswith("Usage:")
    assert help_of(("turnier",), env={"LC_ALL": "de_DE.UTF-8"}).startswith("Aufruf:")
    assert help_of(("turnier",), env={"LC_ALL": "", "LANG": "fr_FR.UTF-8"}).startswith("Aufruf:")
    # --lang wins, wherever it stands, also on a group that has no --lang of its own
    assert help_of(("turnier",), "--lang", "en", env={"LC_ALL": "de_DE"}).startswith("Usage:")
    assert help_of(("abend", "list"), "--lang", "de", env={"LANG": "en_US"}).startswith("Aufruf:")
    assert help_lang(["-h"], {"LC_ALL": "C"}) == "de"


def test_the_command_list_is_translated_line_by_line() -> None:
    de, en = help_of((), "--lang", "de"), help_of((), "--lang", "en")
    assert "Die beste Wahl nach einem Wurf und der genaue Wert jeder Wahl." in de
    assert "The best choice after a throw, and the exact worth of every choice." in en
    assert "Stammtisch-Abend: Spiele, Runden/Schulden, Statistik." in de
    assert "The Stammtisch evening: games, rounds and debts, statistics." in en
    keep = help_of(("keep",), "--lang", "de")
    assert "--resume DATEI" in keep and "[Standard: porz]" in keep


def test_no_locale_at_all_is_german() -> None:
    assert help_lang(["-h"], {}) == "de" and help_lang(["-h"], {"LANG": ""}) == "de"
    assert help_lang(["-h", "--lang=en"], {"LANG": "de_DE"}) == "en"
