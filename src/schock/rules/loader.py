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

import functools
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from schock.errors import RulesError
from schock.messages import Msg
from schock.rules.model import FIELD_NAMES, Rules, coerce_field

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

_META_KEYS = ("extends",)


def preset_id(name: str) -> str | None:
    """The preset id for a name or alias (any case), or None."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    return key if key in PRESETS else None


_ALLOWED_NAMES = f"a preset ({', '.join(PRESETS)}) or the path of a rules TOML file"
_ALLOWED_MSG = Msg("rules.allowed_names", {"presets": ", ".join(PRESETS)})


def _unknown(name_or_path: object) -> Msg:
    return Msg("rules.unknown", {"name": repr(name_or_path)[:183]})


#: How many files an ``extends`` chain may pass through (presets end every chain).
MAX_EXTENDS_DEPTH = 16

#: The longest path or name read as a rules file.
MAX_PATH = 1024


def load_rules(name_or_path: str | Path) -> Rules:
    """A preset by id or alias, or a rules TOML file by path.

    >>> load_rules(5)
    Traceback (most recent call last):
    ...
    schock.errors.RulesError: unknown rule set 5; allowed: a preset (ferschweiler, porz, mosel, irmgarteich, niederrhein) or the path of a rules TOML file
    """
    if not isinstance(name_or_path, str | Path):
        raise RulesError(_unknown(name_or_path), allowed=_ALLOWED_MSG)
    if isinstance(name_or_path, str):
        pid = preset_id(name_or_path)
        if pid is not None:
            return _load_preset(pid)
        _check_path_text(name_or_path)
        looks_like_path = (
            name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path
        )
        if not looks_like_path and not path_is_file(Path(name_or_path)):
            raise RulesError(_unknown(name_or_path), allowed=_ALLOWED_MSG)
    return load_rules_file(Path(name_or_path))


def _check_path_text(text: str, **where: str) -> None:
    """Refuse a name that no file can have (a NUL character, thousands of characters)."""
    if "\x00" in text:
        raise RulesError("a file name cannot hold a NUL character", allowed=_ALLOWED_NAMES, **where)
    if len(text) > MAX_PATH:
        raise RulesError(f"a name of {len(text)} characters; allowed: at most {MAX_PATH}", **where)


def path_is_file(path: Path) -> bool:
    """``path.is_file()``, False for a name no file can have (NUL, too long)."""
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, say
        return False


@functools.cache
def _load_preset(pid: str) -> Rules:
    text = resources.files("schock.rules").joinpath("presets", f"{pid}.toml").read_text("utf-8")
    return _build(_parse(text, f"<preset {pid}>"), f"<preset {pid}>", chain=())


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
    _check_path_text(str(path))
    return _load_file(_resolve(path), chain=())


def _resolve(path: Path, **where: str) -> Path:
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError) as exc:
        raise RulesError(f"not a usable file name: {exc}", **where) from None


def loads_rules(
    text: str, *, name: str = "<string>", base_dir: Path | None = None, presets_only: bool = False
) -> Rules:
    """Load rules from TOML text (``extends`` paths relative to ``base_dir``).

    ``presets_only``: the text may extend only a preset, never a file (rules
    uploaded to a server must not read the server's files).
    """
    if not isinstance(text, str):
        raise RulesError(f"rules text must be a string, got {type(text).__name__}", file=name)
    data = _parse(text, name)
    return _build(data, name, chain=(), base_dir=None if presets_only else base_dir or Path.cwd())


def _load_file(path: Path, chain: tuple[Path, ...]) -> Rules:
    label = str(path)
    if path in chain:
        cycle = " -> ".join(str(p) for p in (*chain, path))
        raise RulesError(f"'extends' goes round in a circle: {cycle}", key="extends", file=label)
    if len(chain) >= MAX_EXTENDS_DEPTH:
        raise RulesError(
            f"'extends' goes through more than {MAX_EXTENDS_DEPTH} files",
            key="extends",
            allowed=f"a chain of at most {MAX_EXTENDS_DEPTH} files ending in a preset",
            file=label,
        )
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise RulesError(Msg("rules.no_file"), file=label) from None
    except UnicodeDecodeError as exc:
        raise RulesError(Msg("rules.not_utf8", {"byte": exc.start}), file=label) from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise RulesError(Msg("rules.cannot_read", {"reason": reason}), file=label) from None
    return _build(_parse(text, label), label, chain=(*chain, path), base_dir=path.parent)


def _parse(text: str, label: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(Msg("rules.not_toml", {"reason": str(exc)}), file=label) from None
    except RecursionError:
        raise RulesError(Msg("rules.too_deep"), file=label) from None
    except ValueError:  # tomllib's int() of a number with thousands of digits
        raise RulesError(Msg("rules.huge_number"), file=label) from None


def _build(
    data: dict[str, Any],
    label: str,
    *,
    chain: tuple[Path, ...],
    base_dir: Path | None = None,
) -> Rules:
    try:
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key in _META_KEYS:
                continue
            if isinstance(raw, dict):
                raise RulesError(
                    Msg("rules.tables"),
                    key=key,
                    value="[table]",
                    allowed=", ".join(FIELD_NAMES),
                )
            values[key] = coerce_field(key, raw)
        extends = data.get("extends")
        if extends is None:
            missing = [f for f in FIELD_NAMES if f not in values and f not in ("source", "base")]
            if missing:
                raise RulesError(
                    Msg("rules.need_all", {"missing": ", ".join(missing)}),
                    allowed=Msg("rules.need_all_allowed"),
                )
            return Rules(**values)
        if not isinstance(extends, str):
            raise RulesError(
                Msg("rules.wrong_type"), key="extends", value=repr(extends),
                allowed=Msg("rules.preset_or_path"),
            )
        parent = _resolve_extends(extends, chain, base_dir)
        values.setdefault("id", _default_id(label, parent))
        if "name" not in values:
            values["name"] = f"{_load_preset(parent.base).name} ({values['id']})"
        values["base"] = parent.base
        if "source" not in values:
            values["source"] = ""  # a house rule is not the rulebook it extends
        return parent.replace(**values)
    except RulesError as exc:
        raise exc.in_file(label) if exc.file is None else exc from None


def _resolve_extends(extends: str, chain: tuple[Path, ...], base_dir: Path | None) -> Rules:
    pid = preset_id(extends)
    if pid is not None:
        return _load_preset(pid)
    if base_dir is None:
        raise RulesError(
            f"unknown preset {extends!r}",
            key="extends",
            value=repr(extends),
            allowed=", ".join(PRESETS),
        )
    _check_path_text(extends, key="extends")
    path = _resolve(base_dir / extends, key="extends")
    if not path_is_file(path):
        raise RulesError(
            "neither a preset nor an existing rules file",
            key="extends",
            value=repr(extends),
            allowed=f"a preset ({', '.join(PRESETS)}) or a path relative to this file",
        )
    return _load_file(path, chain)


def _default_id(label: str, parent: Rules) -> str:
    """The id of a file that gives none: its name as a slug (``My House.toml``: my-house)."""
    stem = Path(label).stem if not label.startswith("<") else ""
    slug = "-".join(re.findall(r"[^\W_][\w.]*", stem.lower()))[:64].strip(".-")
    return slug or f"{parent.id}-custom"
