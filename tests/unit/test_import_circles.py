"""No import circles in src/schock: every module is imported one way only.

An import circle is a set of modules that import each other, directly or round
a loop, at the top or inside a function (a lazy import still ties the two
together); imports under ``if TYPE_CHECKING:`` are for the type checker only
and do not count. The circles that remain are listed in :data:`KNOWN`, with
why; a new one fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

#: Circles still in the house (issue 29), each with why it is left.
KNOWN: set[frozenset[str]] = set()  # none left


def _name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules under ``root`` it imports (outside ``TYPE_CHECKING``)."""
    files = {_name(root, p): p for p in root.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        typing_only = {
            id(n)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for stmt in node.body
            for n in ast.walk(stmt)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                # ``from pkg import mod`` imports the module, ``from mod import name`` the module
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            else:
                continue
            edges[mod].update(t for t in targets if t in files and t != mod)
    return edges


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = {stack.pop()}
            while v not in comp:
                comp.add(stack.pop())
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_new_import_circles() -> None:
    found = circles(import_graph(SRC))
    new = [sorted(c) for c in found if c not in KNOWN]
    assert not new, f"import circles: {new}"


def test_the_checker_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from p import b\n")
    (pkg / "b.py").write_text("def f():\n    from .c import g\n")
    (pkg / "c.py").write_text("from p.a import x\n")
    (pkg / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.e import y\n"
    )
    (pkg / "e.py").write_text("import p.d\n")
    assert circles(import_graph(tmp_path)) == [frozenset({"p.a", "p.b", "p.c"})]
