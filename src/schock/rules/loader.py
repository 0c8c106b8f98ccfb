"""Loading rule sets: the shipped presets and users' house-rules files.

A house-rules file is TOML. It ``extends`` a preset (or another rules file,
by a path relative to itself) and overrides fields::

    extends = "porz"
    id = "zum-goldenen-becher"
    name = "Zum Goldenen Becher"
    einkaufen = false
    fewer_throws_better = false

A file without ``extends`` must give every field.

>>> load_rules("Mosel").opening
<Opening.ONE_DIE_LOW: 'one_die_low'>
>>> load_rules("skat")
Traceback (most recent call last):
...
schock.errors.RulesError: unknown rule set 'skat'; allowed: a preset (ferschweiler, porz, mosel, irmgarteich, niederrhein) or the path of a rules TOML file
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

from schock.errors import RulesError
from schock.loading import MAX_EXTENDS_DEPTH, MAX_PATH, DataFiles, path_is_file
from schock.messages import Msg
from schock.rules.model import FIELDS, Rules, rules_msg

__all__ = [
    "MAX_EXTENDS_DEPTH",
    "MAX_PATH",
    "PRESETS",
    "example_files",
    "example_path",
    "load_example",
    "load_rules",
    "load_rules_file",
    "loads_rules",
    "path_is_file",
    "preset_id",
]

#: The shipped presets, in the order of docs/rules.md.
PRESETS: tuple[str, ...] = ("ferschweiler", "porz", "mosel", "irmgarteich", "niederrhein")

_ALIASES = {
    "plateau": "ferschweiler",
    "plateau-schocken": "ferschweiler",
    "porzer": "porz",
    "moselschock": "mosel",
    "irmgarteicher": "irmgarteich",
    "nrw": "niederrhein",
}

#: Errors in plain English (the rest are catalog messages: :func:`~schock.rules.model.rules_msg`).
_PLAIN = {"no_extends": "neither a preset nor an existing rules file"}


def _say(key: str, **params: Any) -> str | Msg:
    if key in _PLAIN:
        return _PLAIN[key].format(**params)
    if key == "allowed_names":
        params["presets"] = ", ".join(PRESETS)
    return rules_msg(key, **params)


def _extend(parent: Rules, values: dict[str, Any], label: str) -> Rules:
    """A house-rules file: the fields it gives on the rules it extends."""
    values.setdefault("id", _default_id(label, parent))
    if "name" not in values:
        values["name"] = f"{_FILES.preset(parent.base).name} ({values['id']})"
    values["base"] = parent.base
    if "source" not in values:
        values["source"] = ""  # a house rule is not the rulebook it extends
    return parent.replace(**values)


_FILES: DataFiles[Rules] = DataFiles(
    noun="rules",
    error=RulesError,
    presets=PRESETS,
    aliases=_ALIASES,
    package="schock.rules",
    preset_label="<preset {}>",
    fields=FIELDS,
    make=lambda values: Rules(**values),
    extend=_extend,
    say=_say,
)


def preset_id(name: str) -> str | None:
    """The preset id for a name or alias (any case), or None."""
    return _FILES.preset_id(name)


def load_rules(name_or_path: str | Path) -> Rules:
    """A preset by id or alias, or a rules TOML file by path.

    >>> load_rules(5)
    Traceback (most recent call last):
    ...
    schock.errors.RulesError: unknown rule set 5; allowed: a preset (ferschweiler, porz, mosel, irmgarteich, niederrhein) or the path of a rules TOML file
    """
    return _FILES.load(name_or_path)


def example_files() -> dict[str, str]:
    """The shipped house-rules examples (issue 16): file stem -> TOML text, by name.

    >>> sorted(example_files())[:2]
    ['app-standard', 'jule-unter-schock']
    """
    folder = resources.files("schock.rules").joinpath("examples")
    return {
        f.name.removesuffix(".toml"): f.read_text("utf-8")
        for f in sorted(folder.iterdir(), key=lambda f: f.name)
        if f.name.endswith(".toml")
    }


def example_path(name: str) -> str:
    """Where an example file lies (to pass to ``--rules`` or ``schock rules show``)."""
    return str(resources.files("schock.rules").joinpath("examples", f"{name}.toml"))


def load_example(name: str) -> Rules:
    """A shipped house-rules example by its file stem.

    >>> load_example("mit-jule").jule
    True
    """
    texts = example_files()
    if name not in texts:
        raise RulesError(f"unknown example {name!r}", allowed=", ".join(texts))
    return loads_rules(texts[name], name=f"<example {name}>")


def load_rules_file(path: Path) -> Rules:
    """Load a rules TOML file (which may extend a preset or another file)."""
    return _FILES.load_file(path)


def loads_rules(
    text: str, *, name: str = "<string>", base_dir: Path | None = None, presets_only: bool = False
) -> Rules:
    """Load rules from TOML text (``extends`` paths relative to ``base_dir``).

    ``presets_only``: the text may extend only a preset, never a file (rules
    uploaded to a server must not read the server's files).
    """
    return _FILES.loads(text, name=name, base_dir=base_dir, presets_only=presets_only)


def _default_id(label: str, parent: Rules) -> str:
    """The id of a file that gives none: its name as a slug (``My House.toml``: my-house)."""
    stem = Path(label).stem if not label.startswith("<") else ""
    slug = "-".join(re.findall(r"[^\W_][\w.]*", stem.lower()))[:64].strip(".-")
    return slug or f"{parent.id}-custom"
