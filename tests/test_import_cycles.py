"""No module of the package imports itself again through others: no import circle anywhere.

Every import counts, those only the type checker reads and those inside functions too, so a
circle cannot hide behind `TYPE_CHECKING` or a late import.
"""

from __future__ import annotations

from .helpers import package_imports, package_modules


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
    known = package_modules()
    graph = {name: package_imports(name, path, known) for name, path in known.items()}
    assert "companion.rules.messages" in graph["companion.rules.cards"]
    assert "companion.api.blueprint" in graph["companion.api.games"]  # `from .x import y`
    assert "companion.rules.scores" in graph["companion.rules.spec"]


def test_no_import_circle_anywhere_in_the_package():
    known = package_modules()
    graph = {name: package_imports(name, path, known) for name, path in known.items()}
    circles = [" -> ".join(found) for name in sorted(graph)
               if (found := circle_from(name, graph)) is not None]
    assert circles == []
