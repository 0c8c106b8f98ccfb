"""click's own usage errors in the command's language (issue 27): German unless
``--lang en``, for every command; exit 2, naming what is wrong and what is allowed."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from tests.cli.test_help_language import PATHS

from schock.cli import main
from schock.cli.click_lang import ERRORS, MODULES, PLURALS


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), prog_name="schock", env={"LC_ALL": "C"})
    return result.exit_code, result.stderr


def click_messages() -> set[str | tuple[str, str]]:
    """Every message click passes to gettext/ngettext in the modules :func:`install` hooks."""
    import importlib

    found: set[str | tuple[str, str]] = set()
    for name in MODULES:
        tree = ast.parse(Path(inspect.getfile(importlib.import_module(name))).read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
                if node.func.id == "_" and len(texts) == 1:
                    found.add(texts[0])
                elif node.func.id == "ngettext" and len(texts) == 2:
                    found.add((texts[0], texts[1]))
    return found


def test_every_german_message_is_one_click_writes_with_the_same_placeholders() -> None:
    import string

    def fields(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    known = click_messages()
    for source, german in ERRORS.items():
        assert source in known, source
        assert fields(german) == fields(source), source
    for (one, many), (de_one, de_many) in PLURALS.items():
        assert (one, many) in known, one
        assert fields(de_one) <= fields(one) | fields(many) and fields(de_many) == fields(many)
    # every usage error click raises while parsing a command line is in German
    usage = {m for m in known if isinstance(m, str) and m.startswith(("Missing", "No such", "Try"))}
    assert usage <= set(ERRORS)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "schock")
def test_an_unknown_option_in_every_command(path: tuple[str, ...]) -> None:
    called = " ".join(("schock", *path))
    code, err = run(*path, "--no-such-option")
    assert code == 2
    assert err.startswith("Aufruf: " + called)
    assert f"Hilfe: '{called} --help'." in err
    assert "Fehler: Unbekannte Option '--no-such-option'." in err
    assert "Usage" not in err and "Error" not in err and "Try" not in err
    code, err = run(*path, "--no-such-option", "--lang", "en")
    assert code == 2
    assert err.startswith("Usage: " + called)
    assert f"Try '{called} --help' for help." in err
    assert "Error: No such option '--no-such-option'." in err


@pytest.mark.parametrize(
    ("args", "de", "en"),
    [
        (("nosuch",), "Fehler: Unbekannter Befehl 'nosuch'.", "Error: No such command 'nosuch'."),
        (("play", "--bots", "x"), "Unbekannte Option '--bots'. Gemeint: '--bot'?",
         "No such option '--bots'. Did you mean '--bot'?"),
        (("hint",), "Fehler: Es fehlt das Argument 'ZUG'.", "Error: Missing argument 'STATE'."),
        (("tables", "purge"), "Fehler: Es fehlt die Option '--older-than'.",
         "Error: Missing option '--older-than'."),
        (("hint", "a", "b", "c"), "Fehler: Unerwartete zusätzliche Argumente (b c)",
         "Error: Got unexpected extra arguments (b c)"),
        (("odds", "x"), "Fehler: Unerwartetes zusätzliches Argument (x)",
         "Error: Got unexpected extra argument (x)"),
        (("odds", "--rules"), "Fehler: Die Option '--rules' braucht einen Wert.",
         "Error: Option '--rules' requires an argument."),
        (("replay", "--json=1", "--example", "porz"),
         "Fehler: Die Option '--json' nimmt keinen Wert.",
         "Error: Option '--json' does not take a value."),
        (("arena", "--seed", "-1"),
         "Ungültiger Wert für '--seed': -1 liegt nicht im Bereich 0<=x<=9223372036854775807.",
         "Invalid value for '--seed': -1 is not in the range 0<=x<=9223372036854775807."),
        (("sim", "--games", "viele"),
         "Ungültiger Wert für '--games': 'viele' ist keine gültige ganze Zahl.",
         "Invalid value for '--games': 'viele' is not a valid integer."),
        (("hint", "x", "--objective", "nope"),
         "'--objective': 'nope' ist nicht erlaubt; erlaubt: 'loss', 'deckel', 'net', 'half'.",
         "'--objective': 'nope' is not one of 'loss', 'deckel', 'net', 'half'."),
        (("play", "--delay", "nan"),
         "Ungültiger Wert für '--delay': 'nan' ist keine endliche Zahl; erlaubt: 0 bis 10.",
         "Invalid value for '--delay': 'nan' is not a finite number; allowed: 0 to 10."),
        (("keep", "--seat", "A", "--seat", "B", "--resume", "/no/such.json"),
         "Ungültiger Wert für '--resume': Die Datei '/no/such.json' gibt es nicht.",
         "Invalid value for '--resume': File '/no/such.json' does not exist."),
        (("analyse", "a\x00b"),
         "Ungültiger Wert für 'AUFZEICHNUNG': 'a\\x00b' ist kein brauchbarer Dateiname (er "
         "enthält ein NUL-Zeichen).",
         "Invalid value for 'RECORD': 'a\\x00b' is not a usable file name (it holds a NUL "
         "character)."),
        (("replay",), "Fehler: gib genau eins an: DATEI oder --example PRESET",
         "Error: give exactly one of FILE or --example PRESET"),
    ],
)
def test_usage_errors_in_both_languages(args: tuple[str, ...], de: str, en: str) -> None:
    code, err = run(*args)
    assert code == 2 and de in err and "Traceback" not in err, err
    # --lang en before an option that takes a value (which would take "--lang")
    at = len(args) - 1 if args[-1].startswith("--") else len(args)
    code, err = run(*args[:at], "--lang", "en", *args[at:])
    assert code == 2 and en in err and "Traceback" not in err, err


def test_outside_a_schock_command_line_click_stays_english() -> None:
    @click.command()
    @click.option("--n", type=int)
    def plain(n: int) -> None:
        """A click command that is not schock's."""

    run("odds", "--nope")  # a German schock command line before it changes nothing after it
    result = CliRunner().invoke(plain, ["--n", "x"])
    assert result.exit_code == 2 and "Error: Invalid value for '--n': 'x' is not a valid integer." in (
        result.stderr
    )
