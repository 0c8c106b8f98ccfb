"""``schock rules``: list the presets, show a rule set, check a house-rules file."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich import box
from rich.table import Table

from schock.cli.common import (
    PLAIN_WIDTH,
    SafePath,
    SchockGroup,
    complete_rules,
    lang_option,
    make_console,
)
from schock.errors import InvalidInputError
from schock.i18n import plural
from schock.messages import Msg
from schock.rules import (
    FIELD_NAMES,
    PRESETS,
    Rules,
    allowed_values,
    example_files,
    example_path,
    field_label,
    load_example,
    load_rules,
    preset_id,
)
from schock.rules.loader import load_rules_file, path_is_file

#: Fields that name a rule set rather than change how it is played.
IDENTITY_FIELDS = ("id", "name", "source", "base")

_YES_NO = {"de": ("ja", "nein"), "en": ("yes", "no")}
_HEADINGS = {
    "de": ("Regel", "Schlüssel", "Wert", "Erlaubt (TOML)", "English"),
    "en": ("Rule", "Key", "Value", "Allowed (TOML)", "Deutsch"),
}


def display_value(value: object, lang: str = "de") -> str:
    """A field value for people: enums as their string, booleans as ja/nein (yes/no).

    >>> display_value(True), display_value(False, "en"), display_value(13)
    ('ja', 'no', '13')
    """
    if isinstance(value, bool):
        yes, no = _YES_NO[lang]
        return yes if value else no
    text = str(value)
    return text.replace(">", " > ") if isinstance(value, str) else text  # a ladder wraps


def toml_value(value: object) -> str:
    """A field value as it is written in a rules TOML file.

    >>> toml_value(False), toml_value(13), toml_value("one_half")
    ('false', '13', '"one_half"')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def differences(rules: Rules, base: Rules) -> list[str]:
    """The playing fields of ``rules`` that differ from ``base``, in field order."""
    return [
        name
        for name in FIELD_NAMES
        if name not in IDENTITY_FIELDS and getattr(rules, name) != getattr(base, name)
    ]


#: Below this width the label in the other language is left out; below
#: :data:`COMPACT_WIDTH` the allowed values stand under each value (every column keeps
#: whole words at 80 columns).
BOTH_LABELS_WIDTH = 110
COMPACT_WIDTH = 100


def rules_table(rules: Rules, lang: str = "de", width: int = PLAIN_WIDTH) -> Table:
    """Every field of ``rules``: label (in ``lang``), key, value, the values a rules
    file may give it (in ``lang``) and, from :data:`BOTH_LABELS_WIDTH` columns on, the
    label in the other language. Long cells wrap at spaces, none is cut (on a terminal
    at its ``width``, else at :data:`PLAIN_WIDTH`)."""
    from rich.text import Text

    other = "en" if lang == "de" else "de"
    label, key, value, allowed, description = _HEADINGS[lang]
    both, compact = width >= BOTH_LABELS_WIDTH, width < COMPACT_WIDTH
    table = Table(title=f"{rules.id}: {rules.name}", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column(label, ratio=1, overflow="fold", min_width=16)
    table.add_column(key, no_wrap=True)
    if compact:
        table.add_column(f"{value} / {allowed}", ratio=1, overflow="fold", min_width=20)
    else:
        table.add_column(value, min_width=22, max_width=32, overflow="fold")
        table.add_column(allowed, ratio=1, overflow="fold", min_width=12)
    if both:
        table.add_column(description, ratio=1, overflow="fold")
    for name in FIELD_NAMES:
        shown = display_value(getattr(rules, name), lang)
        what = allowed_values(name, lang)
        if compact:
            cells: list[str | Text] = [Text(shown) + Text("\n" + what, style="dim")]
        else:
            cells = [shown, what]
        table.add_row(field_label(name, lang), name, *cells,
                      *([field_label(name, other)] if both else []))
    return table


@click.group(cls=SchockGroup)
def rules() -> None:
    """The rule sets: the five presets and house-rules TOML files."""


@rules.command("list")
@click.option(
    "--examples",
    is_flag=True,
    help="List the shipped house-rules example files instead (id, name, file).",
)
def list_presets(examples: bool) -> None:
    """One line per preset: id, name, game structure."""
    if examples:
        shown = [(load_example(n), example_path(n)) for n in example_files()]
        width = max(len(r.id) for r, _ in shown)
        for r, path in shown:
            click.echo(f"{r.id:<{width}}  {r.name}  ({path})")
        return
    loaded = [load_rules(pid) for pid in PRESETS]
    id_width = max(len(r.id) for r in loaded)
    name_width = max(len(r.name) for r in loaded)
    for r in loaded:
        click.echo(f"{r.id:<{id_width}}  {r.name:<{name_width}}  {r.structure}")


@rules.command("show")
@click.argument("name_or_file", metavar="NAME|FILE", shell_complete=complete_rules)
@lang_option("Language of the label column and of yes/no values.")
@click.option("--json", "as_json", is_flag=True, help="Print the rules as JSON.")
def show(name_or_file: str, lang: str, as_json: bool) -> None:
    """Print every field of a preset (by id or alias) or of a rules TOML file."""
    loaded = load_rules(name_or_file)
    if as_json:
        click.echo(json.dumps(loaded.to_dict(), ensure_ascii=False, indent=2))
        return
    out = make_console()
    out.print(rules_table(loaded, lang, out.width))


_CHECK = {
    "de": {
        "preset": "ok: {id} ({name}) ist ein Preset",
        "complete": "ok: {id} ({name}), erweitert kein Preset (ein vollständiger Regelsatz)",
        "extends": "ok: {id} ({name}), erweitert {base}",
        "same": "in jeder Regel gleich wie {base}",
        "differs": "weicht in {n} von {base} ab:",
    },
    "en": {
        "preset": "ok: {id} ({name}) is a preset",
        "complete": "ok: {id} ({name}), extends no preset (a complete rule set)",
        "extends": "ok: {id} ({name}), extends {base}",
        "same": "same as {base} in every rule",
        "differs": "differs from {base} in {n}:",
    },
}


@rules.command("check")
@click.argument(
    "file", metavar="FILE|NAME", type=SafePath(dir_okay=False, path_type=Path),
    shell_complete=complete_rules,
)
@lang_option("Language of the report.")
def check(file: Path, lang: str) -> None:
    """Load a house-rules TOML file and say how it differs from its preset
    (a preset's id or alias is accepted too: it is checked as it is).

    A bad file prints what is wrong (file, key, value, what is allowed) and
    exits with 2.
    """
    say = _CHECK[lang]
    exists = path_is_file(file)
    if not exists and preset_id(str(file)) is not None:
        preset = load_rules(str(file))
        click.echo(say["preset"].format(id=preset.id, name=preset.name))
        return
    if not exists:
        raise InvalidInputError(
            Msg("rules.no_file_or_preset", {"file": str(file)[:200], "presets": ", ".join(PRESETS)})
        )
    loaded = load_rules_file(file)
    base_id = preset_id(loaded.base)
    if base_id is None:
        click.echo(say["complete"].format(id=loaded.id, name=loaded.name))
        return
    click.echo(say["extends"].format(id=loaded.id, name=loaded.name, base=base_id))
    base = load_rules(base_id)
    changed = differences(loaded, base)
    if not changed:
        click.echo(say["same"].format(base=base_id))
        return
    click.echo(say["differs"].format(base=base_id, n=plural("rules", len(changed), lang)))
    width = max(len(name) for name in changed)
    for name in changed:
        new, old = toml_value(getattr(loaded, name)), toml_value(getattr(base, name))
        click.echo(f"  {name:<{width}} = {new}  ({base_id}: {old})")
