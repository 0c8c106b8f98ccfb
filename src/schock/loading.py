"""One loader for data files with presets and ``extends``: rule sets and tournament formats.

A rule set (:mod:`schock.rules.loader`) and a tournament format
(:mod:`schock.tournament.format`) are each a frozen record that checks its own
fields, shipped as TOML presets, and written by users as TOML files that
``extends`` a preset (or another file, by a path relative to itself) and give
the fields they change. :class:`FieldTypes` says once what each field of such a
record accepts and turns a raw value into the field's type; :class:`DataFiles`
is the rest of that mechanism once: finding a
preset by name or alias, reading a file (names no file can have, unreadable
files, text that is not UTF-8, not TOML, nested too deeply), following an
``extends`` chain (no circles, at most :data:`MAX_EXTENDS_DEPTH` files), and
turning every value into its field's type. Each kind of file brings its record,
its field check, its words for the errors (``say``) and what a file that extends
another takes over from it (``extend``); every error is the kind's own
:class:`~schock.errors.DataFileError` naming the file, the field and what is
allowed.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from schock.errors import DataFileError, short_repr
from schock.messages import Msg

#: How many files an ``extends`` chain may pass through (presets end every chain).
MAX_EXTENDS_DEPTH = 16

#: The longest path or name read as a data file.
MAX_PATH = 1024

#: Keys of a file that are not fields of its record.
META_KEYS = ("extends",)

R = TypeVar("R")


def path_is_file(path: Path) -> bool:
    """``path.is_file()``, False for a name no file can have (NUL, too long).

    >>> path_is_file(Path("x" * 5000)), path_is_file(Path(__file__))
    (False, True)
    """
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, say
        return False


def _keep(values: dict[str, Any], base_dir: Path | None) -> None:
    """The default ``prepare``: the values as they are."""


#: Where Python's TOML parser says it stopped, at the end of its message (3.11 to 3.13
#: write it only there; 3.14 also gives ``lineno``, ``colno`` and ``msg``).
_TOML_AT = re.compile(
    r"^(?P<msg>.*) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$", re.S
)


def toml_reason(exc: tomllib.TOMLDecodeError) -> Msg | str:
    """Why TOML text is refused: the parser's detail and where it stopped, the place in
    the reader's language (``Zeile 1, Spalte 5`` / ``line 1, column 5``).

    >>> try:
    ...     tomllib.loads("a = \\n")
    ... except tomllib.TOMLDecodeError as exc:
    ...     reason = toml_reason(exc)
    >>> reason.text("de"), reason.text("en")
    ('Zeile 1, Spalte 5: Invalid value', 'line 1, column 5: Invalid value')
    >>> try:
    ...     tomllib.loads("a = [1")
    ... except tomllib.TOMLDecodeError as exc:
    ...     toml_reason(exc).text("de")
    'am Ende der Datei: Unclosed array'
    """
    line, col, msg = (getattr(exc, name, None) for name in ("lineno", "colno", "msg"))
    if not (isinstance(line, int) and isinstance(col, int) and isinstance(msg, str)):
        m = _TOML_AT.match(str(exc))
        if m is None:  # a message without a place: as the parser wrote it
            return str(exc)
        if m["line"] is None:
            return Msg("parse.at_end", {"reason": m["msg"]})
        line, col, msg = int(m["line"]), int(m["col"]), m["msg"]
    return Msg("parse.at", {"line": line, "col": col, "reason": msg})


def labels(de: str, en: str) -> dict[str, str]:
    """A field's German and English labels, as its ``metadata`` (read by :meth:`FieldTypes.label`).

    >>> labels("Deckel je Hälfte", "Deckel in play per half")["de"]
    'Deckel je Hälfte'
    """
    return {"de": de, "en": en}


def _any_text(name: str, value: str) -> None:
    """The default ``check_text``: every text is allowed."""


@dataclass(frozen=True, eq=False, kw_only=True)
class FieldTypes:
    """What each field of a record accepts, and the one check of a raw value against it.

    The fields are those of the dataclass ``record`` (each with a German and an
    English label in its metadata, :func:`labels`); a field of type ``bool`` takes true or false,
    one named in ``enums`` a member's value, in ``enum_lists`` a list of them, in
    ``int_ranges`` a whole number in the range, in ``int_lists`` a list of them,
    and every other field a text (which ``check_text`` may refuse). ``say(key,
    **params)`` gives the kind's words: ``unknown_key``, ``bad_value``,
    ``wrong_type`` for the error, and ``one_of`` (values), ``list_of`` (values),
    ``bool``, ``int_range`` (lo, hi), ``int_list`` (lo, hi), ``text`` for what
    is allowed; ``show`` how a refused value is written.

    >>> from schock.errors import RulesError
    >>> @dataclass
    ... class Pub:
    ...     name: str = field(metadata=labels("Name", "name"))
    ...     seats: int = field(metadata=labels("Plätze", "seats"))
    ...     open: bool = field(metadata=labels("Offen", "open"))
    >>> pub = FieldTypes(record=Pub, error=RulesError, int_ranges={"seats": (1, 9)},
    ...                  say=lambda key, **p: key + str(sorted(p.values())))
    >>> pub.names, pub.coerce("seats", 4), pub.label("seats", "de")
    (('name', 'seats', 'open'), 4, 'Plätze')
    >>> pub.coerce("open", "yes")
    Traceback (most recent call last):
    ...
    schock.errors.RulesError: open = 'yes': wrong_type[]; allowed: bool[]
    """

    record: type
    error: type[DataFileError]
    say: Callable[..., str | Msg]
    enums: Mapping[str, type[StrEnum]] = field(default_factory=dict)
    enum_lists: Mapping[str, type[StrEnum]] = field(default_factory=dict)
    int_ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    int_lists: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    allowed_texts: Mapping[str, str | Msg] = field(default_factory=dict)
    """What a text field accepts, where ``say("text")`` says too little."""
    check_text: Callable[[str, str], None] = _any_text
    """Raises ``error`` for a text a field does not take (name, text)."""
    show: Callable[[Any], str] = short_repr

    names: tuple[str, ...] = field(init=False)
    """Every field, in the record's order."""
    bools: frozenset[str] = field(init=False)
    """The fields that take true or false."""
    _texts: frozenset[str] = field(init=False, repr=False)
    """The fields that take a text (every field of no other kind)."""

    def __post_init__(self) -> None:
        fields = dataclasses.fields(self.record)
        object.__setattr__(self, "names", tuple(f.name for f in fields))
        object.__setattr__(self, "bools", frozenset(f.name for f in fields if f.type in ("bool", bool)))
        kinds = (self.bools, self.int_ranges, self.enums, self.enum_lists, self.int_lists)
        texts = frozenset(n for n in self.names if not any(n in kind for kind in kinds))
        object.__setattr__(self, "_texts", texts)

    def label(self, name: str, lang: str = "de") -> str:
        """The German (or English) label of a field; KeyError for no field."""
        for f in dataclasses.fields(self.record):
            if f.name == name:
                return str(f.metadata[lang])
        raise KeyError(name)

    def allowed(self, name: str) -> str | Msg:
        """What a field accepts, in the kind's words."""
        if name in self.enums:
            return self.say("one_of", values=", ".join(repr(str(m)) for m in self.enums[name]))
        if name in self.enum_lists:
            return self.say("list_of", values=", ".join(repr(str(m)) for m in self.enum_lists[name]))
        if name in self.bools:
            return self.say("bool")
        if name in self.int_ranges:
            lo, hi = self.int_ranges[name]
            return self.say("int_range", lo=lo, hi=hi)
        if name in self.int_lists:
            lo, hi = self.int_lists[name]
            return self.say("int_list", lo=lo, hi=hi)
        return self.allowed_texts.get(name) or self.say("text")

    def unknown(self, name: str, value: object, why: str | Msg | None = None) -> DataFileError:
        """The error for a key that is no field (``why``: the kind's words for it)."""
        return self.error(
            why or self.say("unknown_key"), key=name, value=self.show(value), allowed=", ".join(self.names)
        )

    def coerce(self, name: str, value: Any) -> Any:
        """A raw (TOML or JSON) value turned into the field's type, or ``error``."""
        if name in self.bools:
            if value.__class__ is not bool:
                raise self._bad(name, value, "wrong_type")
            return value
        if name in self.int_ranges:
            lo, hi = self.int_ranges[name]
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._bad(name, value, "wrong_type")
            if not lo <= value <= hi:
                raise self._bad(name, value)
            return value
        if name in self.enums:
            enum = self.enums[name]
            if isinstance(value, enum):
                return value
            if isinstance(value, str):
                try:
                    return enum(value)
                except ValueError:
                    pass
            raise self._bad(name, value)
        if name in self.enum_lists:
            if not isinstance(value, list | tuple):
                raise self._bad(name, value, "wrong_type")
            try:
                return tuple(self.enum_lists[name](v) for v in value)
            except ValueError:
                raise self._bad(name, value) from None
        if name in self.int_lists:
            lo, hi = self.int_lists[name]
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value
            ):
                raise self._bad(name, value, "wrong_type")
            if not all(lo <= v <= hi for v in value):
                raise self._bad(name, value)
            return tuple(value)
        if name not in self._texts:
            raise self.unknown(name, value)
        if not isinstance(value, str):
            raise self._bad(name, value, "wrong_type")
        self.check_text(name, value)
        return value

    def _bad(self, name: str, value: object, why: str = "bad_value") -> DataFileError:
        return self.error(self.say(why), key=name, value=self.show(value), allowed=self.allowed(name))


@dataclass(frozen=True, eq=False, kw_only=True)
class DataFiles(Generic[R]):
    """How one kind of data file is found, read and checked.

    ``say(key, **params)`` gives the kind's text (or catalog message) for each
    of the errors: ``unknown`` (name), ``allowed_names``, ``no_file``,
    ``not_utf8`` (byte), ``cannot_read`` (reason), ``not_toml`` (reason),
    ``too_deep``, ``huge_number``, ``tables``, ``need_all`` (missing),
    ``need_all_allowed``, ``wrong_type``, ``preset_or_path`` and
    ``no_extends``.
    """

    noun: str
    """What a file holds, in English (``rules``, ``format``)."""
    error: type[DataFileError]
    presets: tuple[str, ...]
    aliases: Mapping[str, str]
    package: str
    """The package whose ``presets/<id>.toml`` are the presets."""
    preset_label: str
    """How a preset is named in errors, with ``{}`` for its id."""
    fields: FieldTypes
    """The record's fields and what each accepts."""
    make: Callable[[dict[str, Any]], R]
    """The record from every field (a file without ``extends``)."""
    extend: Callable[[R, dict[str, Any], str], R]
    """The record of a file from its parent, the fields it gives and its label."""
    say: Callable[..., str | Msg]
    prepare: Callable[[dict[str, Any], Path | None], None] = _keep
    """Changes the values read from a file in ``base_dir`` (None: a preset) in place."""
    _cache: dict[str, R] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ by name
    def preset_id(self, name: str) -> str | None:
        """The preset id for a name or alias (any case), or None."""
        key = name.strip().lower()
        key = self.aliases.get(key, key)
        return key if key in self.presets else None

    def preset(self, pid: str) -> R:
        """A shipped preset by its id (read once)."""
        record = self._cache.get(pid)
        if record is None:
            text = resources.files(self.package).joinpath("presets", f"{pid}.toml").read_text("utf-8")
            label = self.preset_label.format(pid)
            record = self._cache[pid] = self._build(self._parse(text, label), label, chain=())
        return record

    def load(self, name_or_path: object) -> R:
        """A preset by id or alias, or a file by path."""
        if not isinstance(name_or_path, str | Path):
            raise self._unknown(name_or_path)
        if isinstance(name_or_path, str):
            pid = self.preset_id(name_or_path)
            if pid is not None:
                return self.preset(pid)
            self.check_path_text(name_or_path)
            looks_like_path = (
                name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path
            )
            if not looks_like_path and not path_is_file(Path(name_or_path)):
                raise self._unknown(name_or_path)
        return self.load_file(Path(name_or_path))

    def _unknown(self, name_or_path: object) -> DataFileError:
        return self.error(
            self.say("unknown", name=repr(name_or_path)[:183]), allowed=self.say("allowed_names")
        )

    def check_path_text(self, text: str, **where: str) -> None:
        """Refuse a name that no file can have (a NUL character, thousands of characters)."""
        if "\x00" in text:
            raise self.error(
                "a file name cannot hold a NUL character", allowed=self.say("allowed_names"), **where
            )
        if len(text) > MAX_PATH:
            raise self.error(f"a name of {len(text)} characters; allowed: at most {MAX_PATH}", **where)

    # ------------------------------------------------------------------ files and text
    def load_file(self, path: Path) -> R:
        """A file (which may extend a preset or another file)."""
        self.check_path_text(str(path))
        return self._load_file(self._resolve(path), chain=())

    def loads(
        self,
        text: object,
        *,
        name: str = "<string>",
        base_dir: Path | None = None,
        presets_only: bool = False,
    ) -> R:
        """A record from TOML text (``extends`` paths relative to ``base_dir``, default:
        the working directory); ``presets_only``: it may extend a preset only, never a file."""
        if not isinstance(text, str):
            raise self.error(
                f"{self.noun} text must be a string, got {type(text).__name__}", file=name
            )
        data = self._parse(text, name)
        return self._build(
            data, name, chain=(), base_dir=None if presets_only else base_dir or Path.cwd()
        )

    def _resolve(self, path: Path, **where: str) -> Path:
        try:
            return path.resolve()
        except (OSError, ValueError, RuntimeError) as exc:
            raise self.error(f"not a usable file name: {exc}", **where) from None

    def _load_file(self, path: Path, chain: tuple[Path, ...]) -> R:
        label = str(path)
        if path in chain:
            cycle = " -> ".join(str(p) for p in (*chain, path))
            raise self.error(f"'extends' goes round in a circle: {cycle}", key="extends", file=label)
        if len(chain) >= MAX_EXTENDS_DEPTH:
            raise self.error(
                f"'extends' goes through more than {MAX_EXTENDS_DEPTH} files",
                key="extends",
                allowed=f"a chain of at most {MAX_EXTENDS_DEPTH} files ending in a preset",
                file=label,
            )
        try:
            text = path.read_text("utf-8")
        except FileNotFoundError:
            raise self.error(self.say("no_file"), file=label) from None
        except UnicodeDecodeError as exc:
            raise self.error(self.say("not_utf8", byte=exc.start), file=label) from None
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise self.error(self.say("cannot_read", reason=reason), file=label) from None
        return self._build(self._parse(text, label), label, chain=(*chain, path), base_dir=path.parent)

    def _parse(self, text: str, label: str) -> dict[str, Any]:
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise self.error(self.say("not_toml", reason=toml_reason(exc)), file=label) from None
        except RecursionError:
            raise self.error(self.say("too_deep"), file=label) from None
        except ValueError:  # tomllib's int() of a number with thousands of digits
            raise self.error(self.say("huge_number"), file=label) from None

    # ------------------------------------------------------------------ fields and extends
    def _build(
        self,
        data: dict[str, Any],
        label: str,
        *,
        chain: tuple[Path, ...],
        base_dir: Path | None = None,
    ) -> R:
        try:
            values: dict[str, Any] = {}
            for key, raw in data.items():
                if key in META_KEYS:
                    continue
                if isinstance(raw, dict):
                    raise self.error(
                        self.say("tables"),
                        key=key,
                        value="[table]",
                        allowed=", ".join(self.fields.names),
                    )
                values[key] = self.fields.coerce(key, raw)
            self.prepare(values, base_dir)
            extends = data.get("extends")
            if extends is None:
                need = [f for f in self.fields.names if f not in values and f not in ("source", "base")]
                if need:
                    raise self.error(
                        self.say("need_all", missing=", ".join(need)),
                        allowed=self.say("need_all_allowed"),
                    )
                return self.make(values)
            if not isinstance(extends, str):
                raise self.error(
                    self.say("wrong_type"),
                    key="extends",
                    value=repr(extends),
                    allowed=self.say("preset_or_path"),
                )
            parent = self._resolve_extends(extends, chain, base_dir)
            return self.extend(parent, values, label)
        except self.error as exc:
            raise exc.in_file(label) if exc.file is None else exc from None

    def _resolve_extends(self, extends: str, chain: tuple[Path, ...], base_dir: Path | None) -> R:
        pid = self.preset_id(extends)
        if pid is not None:
            return self.preset(pid)
        if base_dir is None:
            raise self.error(
                f"unknown preset {extends!r}",
                key="extends",
                value=repr(extends),
                allowed=", ".join(self.presets),
            )
        self.check_path_text(extends, key="extends")
        path = self._resolve(base_dir / extends, key="extends")
        if not path_is_file(path):
            raise self.error(
                self.say("no_extends"),
                key="extends",
                value=repr(extends),
                allowed=f"a preset ({', '.join(self.presets)}) or a path relative to this file",
            )
        return self._load_file(path, chain)
