"""No module of the package imports itself again through others: no import circle anywhere.

Every import counts, those only the type checker reads and those inside functions too, so a
circle cannot hide behind `TYPE_CHECKING` or a late import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import companion

ROOT = Path(companion.__file__).parent


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in ROOT.rglob("*.py"):
        if "migrations" in path.parts:  # Alembic loads these files by path, never by import
            continue
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports, wherever in the file the import is."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                found |= {target} if target in known else {base} & known.keys()
    return found - {name}


def circle_from(start: str, graph: dict[str, set[str]]) -> list[str] | None:
    """A path of imports from `start` back to itself, if there is one."""
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop()
        for following in graph[path[-1]]:
            if following == start:
                return [*path, start]
            if following not in seen:
                seen.add(following)
                paths.append([*path, following])
    return None


def test_the_graph_sees_the_imports_it_should():
    known = modules()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert "companion.rules.messages" in graph["companion.rules.cards"]
    assert "companion.api.blueprint" in graph["companion.api.games"]  # `from .x import y`
    assert "companion.rules.scores" in graph["companion.rules.spec"]


def test_no_import_circle_anywhere_in_the_package():
    known = modules()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    circles = [" -> ".join(found) for name in sorted(graph)
               if (found := circle_from(name, graph)) is not None]
    assert circles == []
