"""`schock rules list/show/check`, the error edge of the CLI, and loading house-rules files."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

import schock
from schock.cli import main
from schock.cli.common import PLAIN_WIDTH, SchockGroup, make_console
from schock.errors import IllegalActionError, NotationError
from schock.rules import FIELD_NAMES, PRESETS, Rules, load_rules
from schock.rules.model import coerce_field


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def table_row(output: str, key: str) -> str:
    """The first line of the `rules show` table that holds field ``key`` in the key column."""
    lines = output.splitlines()
    header = next(line for line in lines if "Schlüssel" in line or " Key " in line)
    column = header.index("Schlüssel") if "Schlüssel" in header else header.index(" Key ") + 1
    for line in lines:
        if line[column:].startswith(key + " "):
            return line
    raise AssertionError(f"no row for {key!r} in:\n{output}")


def assert_clean_failure(result: Result, *parts: str) -> None:
    """Exit 2, nothing on stdout, every part in the message on stderr, no traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert result.stderr.startswith(("Fehler: ", "Error: "))  # German unless --lang en
    assert "Traceback" not in result.stderr
    for part in parts:
        assert part in result.stderr, f"{part!r} not in {result.stderr!r}"


# --- the group ------------------------------------------------------------------


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"schock, version {schock.__version__}"


def test_main_lists_rules_subcommand() -> None:
    result = run("--help")
    assert result.exit_code == 0
    assert "rules" in result.output


def test_bad_input_error_exits_2_and_illegal_action_exits_1() -> None:
    @click.group(cls=SchockGroup)
    def cli() -> None:
        pass

    @cli.command()
    def notation() -> None:
        raise NotationError("bad die '7'", text="1-7-2", position=2)

    @cli.command()
    def illegal() -> None:
        raise IllegalActionError("may set aside only 1s", field="set_aside")

    bad = CliRunner().invoke(cli, ["notation"])
    assert_clean_failure(bad, "bad die '7' in '1-7-2' at position 2")
    forbidden = CliRunner().invoke(cli, ["illegal"])
    assert forbidden.exit_code == 1
    assert forbidden.stderr == "Fehler: may set aside only 1s (rules field: set_aside)\n"


def test_console_is_plain_and_fixed_width_off_a_terminal() -> None:
    out = io.StringIO()
    console = make_console(out)
    assert console.width == PLAIN_WIDTH
    assert not console.is_terminal
    console.print("[bold red]Schock Aus[/]")
    assert out.getvalue() == "Schock Aus\n"


def test_console_on_a_terminal_lets_rich_decide() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    console = make_console(Tty())
    assert console.is_terminal


# --- rules list ----------------------------------------------------------------


def test_list_shows_every_preset_with_name_and_structure() -> None:
    result = run("rules", "list")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(PRESETS) == 5
    for pid, line in zip(PRESETS, lines, strict=True):
        r = load_rules(pid)
        assert line.split()[0] == pid
        assert r.name in line
        assert line.split()[-1] == str(r.structure)


# --- rules show ----------------------------------------------------------------


@pytest.mark.parametrize("pid", PRESETS)
def test_show_prints_every_field(pid: str) -> None:
    result = run("rules", "show", pid)
    assert result.exit_code == 0
    assert "\x1b[" not in result.output
    assert all(len(line) <= PLAIN_WIDTH for line in result.output.splitlines())
    r = load_rules(pid)
    for name in FIELD_NAMES:
        row = table_row(result.output, name)
        assert schock.rules.field_label(name, "de").split()[0] in row
        value = getattr(r, name)
        if isinstance(value, bool):
            words = row.split()
            assert ("ja" if value else "nein") in words
            assert ("nein" if value else "ja") not in words
        elif name == "ladder":  # wraps after its first names
            assert str(value).split(">")[0] in row
        elif name not in ("name", "source"):  # long texts may wrap
            assert str(value) in row.split()


def test_show_labels_in_english_with_lang_en() -> None:
    de = run("rules", "show", "porz").output
    en = run("rules", "show", "porz", "--lang", "en").output
    row_de, row_en = table_row(de, "einkaufen"), table_row(en, "einkaufen")
    assert row_de.split()[:3] == ["Einkaufen", "einkaufen", "ja"]
    assert row_en.split()[:3] == ["once", "the", "Stock"]
    assert row_en.split()[-1] == "Einkaufen"  # the other language goes last
    assert "once the Stock" in row_de
    assert "yes" in row_en.split() and "ja" not in row_en.split()
    assert "Regel" in de and "Rule" in en


def test_show_rejects_unknown_lang() -> None:
    result = run("rules", "show", "porz", "--lang", "fr")
    assert result.exit_code == 2
    assert "Ungültiger Wert für '--lang': 'fr' ist nicht erlaubt; erlaubt: 'de', 'en'." in result.stderr


@pytest.mark.parametrize("pid", PRESETS)
def test_show_json_round_trips(pid: str) -> None:
    result = run("rules", "show", pid, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    expected = load_rules(pid)
    assert data == expected.to_dict()
    assert list(data) == list(FIELD_NAMES)
    rebuilt = Rules(**{key: coerce_field(key, value) for key, value in data.items()})
    assert rebuilt == expected


def test_show_accepts_alias_and_file(tmp_path: Path) -> None:
    assert json.loads(run("rules", "show", "NRW", "--json").output)["id"] == "niederrhein"
    house = write(tmp_path / "becher.toml", 'extends = "porz"\neinkaufen = false\n')
    data = json.loads(run("rules", "show", str(house), "--json").output)
    assert data["id"] == "becher"
    assert data["einkaufen"] is False
    assert data["base"] == "porz"


def test_show_unknown_rule_set_is_a_clean_error() -> None:
    result = run("rules", "show", "skat", "--lang", "en")
    assert_clean_failure(result, "unknown rule set 'skat'", "porz", "rules TOML file")


# --- rules check: success ----------------------------------------------------------


def test_check_ok_lists_the_differences(tmp_path: Path) -> None:
    house = write(
        tmp_path / "house.toml",
        'extends = "porz"\nid = "zum-becher"\nname = "Zum Goldenen Becher"\n'
        "einkaufen = false\nfewer_throws_better = false\n",
    )
    result = run("rules", "check", str(house), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "ok: zum-becher (Zum Goldenen Becher), extends porz",
        "differs from porz in 2 rules:",
        "  fewer_throws_better = false  (porz: true)",
        "  einkaufen           = false  (porz: true)",
    ]


def test_check_ok_without_differences(tmp_path: Path) -> None:
    house = write(tmp_path / "plain.toml", 'extends = "mosel"\nname = "Mosel at home"\n')
    result = run("rules", "check", str(house), "--lang", "en")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "ok: plain (Mosel at home), extends mosel",
        "same as mosel in every rule",
    ]


def test_check_ok_reports_the_root_preset_through_a_file_chain(tmp_path: Path) -> None:
    write(tmp_path / "club.toml", 'extends = "niederrhein"\nblind = true\n')
    house = write(tmp_path / "house.toml", 'extends = "club.toml"\ndeckel = 15\n')
    result = run("rules", "check", str(house), "--lang", "en")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "ok: house (Niederrhein-Schockmeisterschaft (house)), extends niederrhein",
        "differs from niederrhein in 2 rules:",
        "  deckel = 15  (niederrhein: 13)",
        "  blind  = true  (niederrhein: false)",
    ]


def test_check_complete_file_without_extends(tmp_path: Path) -> None:
    values = dataclasses.replace(load_rules("mosel"), id="eigen", name="Eigene Regeln").to_dict()
    values["base"] = ""
    lines = [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    house = write(tmp_path / "eigen.toml", "\n".join(lines) + "\n")
    result = run("rules", "check", str(house), "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.output == "ok: eigen (Eigene Regeln), extends no preset (a complete rule set)\n"


# --- rules check: failures ---------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "parts"),
    [
        pytest.param(
            'extends = "porz"\nbogus = 1\n',
            ["bogus = 1", "unknown key", "allowed: id, name", "einkaufen"],
            id="unknown-key",
        ),
        pytest.param(
            'extends = "porz"\neinkaufen = "yes"\n',
            ["einkaufen = 'yes'", "wrong type", "allowed: true or false"],
            id="wrong-type",
        ),
        pytest.param(
            'extends = "porz"\nopening = "coin"\n',
            ["opening = 'coin'", "bad value", "'one_die_high'", "'opening_round_youngest'"],
            id="bad-enum",
        ),
        pytest.param(
            'extends = "porz"\ndeckel = 0\n',
            ["deckel = 0", "bad value", "a whole number from 1 to 99"],
            id="out-of-range",
        ),
        pytest.param(
            'extends = "porz"\nstructure = "one_half"\nfinal_starter = "random"\n',
            ["final_starter = random", "structure = 'one_half'", "allowed: 'first_half_loser'"],
            id="impossible-combination",
        ),
        pytest.param(
            'extends = "skat"\n',
            ["extends = 'skat'", "neither a preset nor an existing rules file", "ferschweiler"],
            id="unknown-preset",
        ),
        pytest.param(
            'extends = "porz"\neinkaufen = \n',
            ["not valid TOML", "line 2"],
            id="toml-syntax",
        ),
    ],
)
def test_check_bad_file(tmp_path: Path, body: str, parts: list[str]) -> None:
    house = write(tmp_path / "house.toml", body)
    result = run("rules", "check", str(house), "--lang", "en")
    assert_clean_failure(result, f"{house.resolve()}: ", *parts)


def test_check_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    result = run("rules", "check", str(missing), "--lang", "en")
    assert_clean_failure(result, str(missing.resolve()), "no such rules file")


def test_check_extends_cycle(tmp_path: Path) -> None:
    a = write(tmp_path / "a.toml", 'extends = "b.toml"\n')
    b = write(tmp_path / "b.toml", 'extends = "a.toml"\n')
    result = run("rules", "check", str(a))
    a_, b_ = a.resolve(), b.resolve()
    assert_clean_failure(result, "'extends' goes round in a circle", f"{a_} -> {b_} -> {a_}")


# --- loading a file that extends another file --------------------------------------


def test_load_rules_extends_a_file_relative_to_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "club" / "base.toml", 'extends = "porz"\neinkaufen = false\ndeckel = 11\n')
    house = write(
        tmp_path / "club" / "tables" / "house.toml",
        'extends = "../base.toml"\nblind = true\ndeckel = 15\n',
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    rules = load_rules(str(house))
    porz = load_rules("porz")
    assert rules.id == "house"
    assert rules.base == "porz"
    assert rules.einkaufen is False  # from base.toml
    assert rules.blind is True  # from house.toml
    assert rules.deckel == 15  # house.toml overrides base.toml
    assert rules.opening == porz.opening  # from the preset
    renamed = rules.replace(id="porz", name=porz.name, source=porz.source)
    assert renamed == porz.replace(einkaufen=False, blind=True, deckel=15)


@pytest.mark.parametrize("name", ["porz", "Mosel"])
def test_check_accepts_a_preset_name(name: str) -> None:
    """Issue 15: ``schock rules check porz`` checks the preset instead of looking for a file."""
    result = run("rules", "check", name, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: ") and "is a preset" in result.output


def test_check_unknown_name_lists_the_presets() -> None:
    result = run("rules", "check", "no-such-preset", "--lang", "en")
    assert_clean_failure(result, "no such rules file", "allowed: a rules TOML file or a preset: ")


def test_show_lists_the_allowed_values_of_every_field() -> None:
    """Issue 15: ``schock rules show`` says what each field accepts."""
    out = run("rules", "show", "porz", "--lang", "en").output
    assert "Allowed (TOML)" in out
    assert "'ones'" in table_row(out, "set_aside") and "'any'" in table_row(out, "set_aside")
    assert "true or false" in table_row(out, "einkaufen")
    assert "a whole number from" in table_row(out, "deckel")


def test_check_speaks_german_first_and_english_with_lang(tmp_path: Path) -> None:
    """Issue 17 item 3: ``rules check`` has ``--lang`` like every command."""
    house = write(tmp_path / "house.toml", 'extends = "porz"\neinkaufen = false\n')
    de = run("rules", "check", str(house)).output.splitlines()
    assert de[0] == "ok: house (1. Porzer Schockmeisterschaft (house)), erweitert porz"
    assert de[1] == "weicht in 1 Regel von porz ab:"
    en = run("rules", "check", str(house), "--lang", "en").output.splitlines()
    assert en[1] == "differs from porz in 1 rule:"
    assert (
        run("rules", "check", "porz").output
        == "ok: porz (1. Porzer Schockmeisterschaft) ist ein Preset\n"
    )
    bad = run("rules", "check", "porz", "--lang", "fr")
    assert bad.exit_code == 2 and "fr" in bad.output


@pytest.mark.parametrize("width", [80, 100, PLAIN_WIDTH])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_show_cuts_no_cell_at_any_width(width: int, lang: str) -> None:
    """Issue 27 items 5 and 7: long cells wrap at spaces, none ends in '…' or loses a
    column (piped: PLAIN_WIDTH; a terminal: its width, 80 columns too), and the allowed
    values are in the table's language."""
    import io

    from rich.console import Console

    from schock.cli.rules import display_value, rules_table

    for pid in PRESETS:
        console = Console(file=io.StringIO(), width=width, no_color=True)
        rules = load_rules(pid)
        console.print(rules_table(rules, lang, width))
        out = console.file.getvalue()  # type: ignore[attr-defined]
        assert "…" not in out and max(len(line) for line in out.splitlines()) <= width
        words = set(out.split())
        for name in FIELD_NAMES:
            assert name in words, name
            label = schock.rules.field_label(name, lang)
            whole = {w for w in label.split() if len(w) <= 16}  # not an example of 40 letters
            assert whole <= words, label  # no word of a label is broken
            value = display_value(getattr(rules, name), lang)
            if name not in ("name", "source", "ladder"):
                assert value in words, (name, value)
    wide = Console(file=io.StringIO(), width=400, no_color=True)
    wide.print(rules_table(load_rules("porz"), lang))
    allowed = "eine ganze Zahl von 1 bis 99" if lang == "de" else "a whole number from 1 to 99"
    assert allowed in wide.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("content", "de", "en"),
    [
        ('id = "x"\n', "Eine Regeldatei ohne 'extends' muss jedes Feld angeben; es fehlen: name",
         "a rules file without 'extends' must give every field; missing: name"),
        ('extends = "porz"\nid = "bad id!"\n', "ungültige Kennung; erlaubt: 1 bis 64 Buchstaben",
         "bad id; allowed: 1 to 64 letters"),
        ('extends = "porz"\n[x]\ny = 1\n', "Tabellen gibt es in Regeldateien nicht",
         "tables are not used in rules files"),
        ("extends = 3\n", "falscher Typ; erlaubt: die Kennung eines Presets oder ein Pfad",
         "wrong type; allowed: a preset id or a path"),
        ('extends = "porz"\nname = "a\\nb"\n', "ungültiger Text; erlaubt: höchstens 100 druckbare",
         "bad text; allowed: at most 100 printable"),
        ("extends = porz\n", "kein gültiges TOML: Zeile 1, Spalte 11: Invalid value",
         "not valid TOML: line 1, column 11: Invalid value"),
        ('extends = "porz"\nsets = [1, 2', "kein gültiges TOML: am Ende der Datei: Unclosed array",
         "not valid TOML: at the end of the file: Unclosed array"),
    ],
)
def test_a_bad_rules_file_is_told_in_the_commands_language(
    tmp_path: Path, content: str, de: str, en: str
) -> None:
    """Issue 27 item 6: no English inside a German refusal of a rules file (and back)."""
    bad = tmp_path / "bad.toml"
    bad.write_text(content, encoding="utf-8")
    for lang, words in (("de", de), ("en", en)):
        result = run("rules", "check", str(bad), "--lang", lang)
        assert result.exit_code == 2 and words in result.output, result.output
    assert bad.read_text(encoding="utf-8") == content
    raw = tmp_path / "raw.toml"
    raw.write_bytes(b"id = '\xff'\n")
    result = run("rules", "check", str(raw))
    assert result.exit_code == 2 and "kein UTF-8-Text (Byte 6)" in result.output


def test_a_toml_reason_without_a_place_is_kept_whole() -> None:
    """A parser message that names no place (as tomllib may write) is shown as it is."""
    import tomllib

    from schock.loading import toml_reason

    assert toml_reason(tomllib.TOMLDecodeError("Something odd")) == "Something odd"
