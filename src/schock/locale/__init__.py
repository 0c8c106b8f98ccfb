"""The texts for people as data: one folder per language, one TOML file per catalog.

``schock/locale/<lang>/<part>.toml`` maps keys to texts in that language:

``engine``
    the engine's refusals (:data:`schock.messages.CATALOG`);
``input``
    messages of bad input (:data:`schock.messages.INPUT_CATALOG`);
``values``
    words for the values of the rules fields (:data:`schock.messages.VALUE_LABELS`);
``help``
    the help of every ``schock`` command (:data:`schock.cli.help_catalog.HELP`);
``web``
    the browser app's own words (:data:`schock.web.texts.TEXTS`);
``tui``
    the terminal game's words (:data:`schock.tui.texts.TEXTS`);
``rule_labels``
    German only: labels of the rule references (:data:`schock.messages.RULE_LABELS`).

A file is read on first use and kept: importing the engine reads none, and a
refusal in one language reads that language's ``engine`` file alone. Every part
but ``rule_labels`` exists in each language of :data:`LANGS` with the same keys and
the same placeholders, which :func:`problems` checks.

>>> texts("engine", "de")["do.throw"], texts("engine", "en")["do.throw"]
('Werfen', 'throw')
>>> problems()
[]
"""

from __future__ import annotations

import functools
import os
import string

LANGS = ("de", "en")
#: The parts every language has (``rule_labels`` is German only).
PARTS = ("engine", "input", "values", "help", "web", "tui")
#: Placeholders a language may leave out on purpose, by part and key: the terminal game's
#: German names a rule by its German label only, the English adds the field's id.
OPTIONAL = {("tui", "illegal.field"): frozenset({"field"})}
#: Where the language folders are.
ROOT = os.path.dirname(__file__)


@functools.cache
def texts(part: str, lang: str) -> dict[str, str]:
    """The texts of ``part`` in ``lang``, key -> text, in the file's order (read once)."""
    import tomllib  # here: importing schock (``schock --version``) needs no TOML parser

    path = os.path.join(ROOT, lang, f"{part}.toml")
    with open(path, "rb") as file:
        data = tomllib.load(file)
    return {str(key): str(value) for key, value in data.items()}


def _fields(text: str) -> set[str] | None:
    """The names of ``text``'s placeholders, None for a text that is not a template."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def problems(root: str = ROOT) -> list[str]:
    """What is wrong with the catalogs under ``root``: a part missing in a language, a key
    in one language only, a placeholder in one language only, a value that is not text.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     for lang, body in (("de", 'a = "{n} Würfe"\\nb = "x"'), ("en", 'a = "{count} throws"')):
    ...         _ = pathlib.Path(tmp, lang).mkdir()
    ...         _ = pathlib.Path(tmp, lang, "engine.toml").write_text(body, "utf-8")
    ...     print("\\n".join(problems(tmp)[:3]))
    de/engine.toml: b is not in en/engine.toml
    de/engine.toml: a: placeholders {n} but en/engine.toml has {count}
    de/input.toml: missing
    """
    import tomllib

    found: list[str] = []
    for part in PARTS:
        tables: dict[str, dict[str, object]] = {}
        for lang in LANGS:
            path = os.path.join(root, lang, f"{part}.toml")
            try:
                with open(path, "rb") as file:
                    tables[lang] = tomllib.load(file)
            except FileNotFoundError:
                found.append(f"{lang}/{part}.toml: missing")
            except tomllib.TOMLDecodeError as exc:
                found.append(f"{lang}/{part}.toml: not TOML ({exc})")
        for lang, table in tables.items():
            for key, value in table.items():
                if not isinstance(value, str):
                    found.append(f"{lang}/{part}.toml: {key}: not a string")
                elif not value.strip() and part != "help":  # help: "" is the key itself
                    found.append(f"{lang}/{part}.toml: {key}: empty")
            for other, theirs in tables.items():
                if other == lang:
                    continue
                for key in sorted(table.keys() - theirs.keys()):
                    found.append(f"{lang}/{part}.toml: {key} is not in {other}/{part}.toml")
                if lang > other:
                    continue
                for key in sorted(table.keys() & theirs.keys()):
                    # a help text "" is the key itself (written in that language)
                    if not table[key] and not theirs[key]:
                        found.append(f"{part}.toml: {key}: in no language (every value \"\")")
                    mine = _fields(str(table[key]) or key)
                    their = _fields(str(theirs[key]) or key)
                    optional = OPTIONAL.get((part, key), frozenset())
                    if mine is not None and their is not None:
                        mine, their = mine - optional, their - optional
                    if mine != their:
                        found.append(
                            f"{lang}/{part}.toml: {key}: placeholders {_show(mine)} but "
                            f"{other}/{part}.toml has {_show(their)}"
                        )
    return found


def _show(fields: set[str] | None) -> str:
    if fields is None:
        return "a stray brace"
    return " ".join("{" + name + "}" for name in sorted(fields)) or "none"


__all__ = ["LANGS", "OPTIONAL", "PARTS", "ROOT", "problems", "texts"]
