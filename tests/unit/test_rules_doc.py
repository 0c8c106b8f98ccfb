"""docs/rules.md, the project's own rules document, is what schock cites.

Every rule a refusal names ("rule: docs/rules.md, A turn 2: setting dice aside",
"Regeln: Ein Zug, 2. Herauslegen") must be a heading of that page, in both
languages; its links must resolve; its table of fields must say what the presets hold.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from schock import load_rules
from schock.messages import RULE_LABELS, rule_label
from schock.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"
PREFIX = "docs/rules.md, "
PRESETS = ("ferschweiler", "porz", "mosel", "irmgarteich", "niederrhein")


def headings() -> dict[str, str]:
    """English part -> German part of every heading ``## English — Deutsch``."""
    found: dict[str, str] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^#{1,4} (.+?) — (.+)$", line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


def slug(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's rules) makes of a heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def cited_in_sources() -> set[str]:
    """Every ``docs/rules.md, SECTION`` string literal in the package's sources."""
    cites: set[str] = set()
    for path in (ROOT / "src" / "schock").rglob("*.py"):
        for m in re.finditer(r'"(docs/rules\.md, [^"]+)"', path.read_text("utf-8")):
            cites.add(m.group(1))
    return cites


def test_every_citation_is_a_heading_in_both_languages() -> None:
    heads = headings()
    cites = cited_in_sources() | set(RULE_LABELS)
    assert len(cites) >= 12  # the engine's and the scorekeeper's rules at least
    for cite in sorted(cites):
        assert cite.startswith(PREFIX), cite
        english = cite.removeprefix(PREFIX)
        assert english in heads, f"{cite!r} is no heading of docs/rules.md"
        german = rule_label(cite, "de")
        assert german == "Regeln: " + heads[english], (cite, german, heads[english])
        assert rule_label(cite, "en") == cite


def test_the_engine_cites_the_page() -> None:
    """A refusal of the engine names a section of docs/rules.md (and its German label)."""
    from schock.engine import Game, TableDice
    from schock.errors import IllegalActionError

    game = Game(load_rules("porz"), seats=["Anna", "Ben"], dice=TableDice(), starter=0)
    game.throw((1, 1, 4))
    game.lift()
    with pytest.raises(IllegalActionError) as info:
        game.set_aside([4])
    assert info.value.rule == PREFIX + "A turn 2: setting dice aside"
    assert rule_label(info.value.rule, "de") == "Regeln: Ein Zug, 2. Herauslegen"


def test_quoted_sections_exist() -> None:
    """``docs/rules.md ("What each player may see")`` in sources and docs names a heading."""
    heads = headings()
    names = set(heads) | set(heads.values())
    files = [*(ROOT / "src" / "schock").rglob("*.py"), *(ROOT / "docs").glob("*.md"),
             ROOT / "README.md"]
    seen = 0
    for path in files:
        text = path.read_text("utf-8")
        for m in re.finditer(r'docs/rules\.md,? \(?"([^"]+)"', text):
            seen += 1
            quoted = " ".join(m.group(1).split())
            assert any(n.startswith(quoted) for n in names), (path.name, quoted)
    assert seen >= 3


def test_no_citation_of_a_file_users_do_not_have() -> None:
    """The contract behind the presets is not shipped: nothing may cite a bare RULES.md."""
    files = [*(ROOT / "src" / "schock").rglob("*.py"), *(ROOT / "src" / "schock").rglob("*.toml"),
             *(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
    for path in files:
        for line in path.read_text("utf-8").splitlines():
            assert "RULES.md" not in line.replace("docs/rules.md", ""), (path, line)


def test_links_resolve() -> None:
    text = DOC.read_text(encoding="utf-8")
    anchors = {slug(m.group(1)) for m in re.finditer(r"^#{1,4} (.+)$", text, re.M)}
    links = re.findall(r"\]\(([^)]+)\)", text)
    assert links
    for link in links:
        page, _, anchor = link.partition("#")
        if page:
            assert (DOC.parent / page).exists(), link
        else:
            assert anchor in anchors, link


def _cell(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def test_fields_table_matches_the_presets() -> None:
    rows: dict[str, list[str]] = {}
    table = DOC.read_text(encoding="utf-8").split("## Rules fields", 1)[1].split("\n## ", 1)[0]
    for line in table.splitlines():
        m = re.match(r"^\| `(\w+)` \|(.*)\|$", line)
        if m:
            rows[m.group(1)] = [c.strip() for c in m.group(2).split("|")]
    presets = [load_rules(p) for p in PRESETS]
    checked = 0
    for name, cells in rows.items():
        for preset, cell in zip(presets, cells[: len(PRESETS)], strict=True):
            assert cell == _cell(getattr(preset, name)), (name, preset.id, cell)
        checked += 1
    own = {"id", "name", "source", "base", "general", "jule", "jule_deckel", "jule_on_hand",
           "ladder"}
    fields = {f.name for f in dataclasses.fields(Rules)} - own
    assert fields <= set(rows), sorted(fields - set(rows))
    assert checked == len(fields)
    # the house-rules row names the remaining fields
    assert all(f"`{f}`" in DOC.read_text("utf-8") for f in own - {"id", "name", "source", "base"})
