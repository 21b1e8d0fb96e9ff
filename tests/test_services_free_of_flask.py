"""`companion/services/` is free of Flask: no module there imports Flask, Werkzeug or a Flask
extension, nor any module of the package that does. Requests, cookies and the app's secret
are read on the page side (`companion/pages/`, `companion/views/`, `companion/api/`), which
hands services plain values.

Every import counts, those inside functions and those only the type checker reads too.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .helpers import PACKAGE, import_graph, package_modules, reached


def web_imports(path: Path) -> set[str]:
    """The Flask, Werkzeug and Flask extension modules this file imports, wherever it does."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module)
    return {name for name in names
            if name.split(".")[0] in {"flask", "werkzeug"} or name.startswith("flask_")}


def test_the_walk_sees_flask_where_it_is_imported():
    assert web_imports(PACKAGE / "pages" / "access.py") >= {"flask", "werkzeug.exceptions"}
    assert "flask_babel" in web_imports(PACKAGE / "i18n.py")
    assert "companion.db" in reached("companion.pages.access", import_graph())


def test_no_service_imports_flask_or_werkzeug_even_through_another_module():
    known, graph = package_modules(), import_graph()
    services = sorted(name for name in known if name.startswith("companion.services"))
    assert "companion.services.games.changing" in services
    found = {name: sorted(module for module in reached(name, graph)
                          if web_imports(known[module]))
             for name in services}
    assert {name: modules for name, modules in found.items() if modules} == {}, (
        "read the request on the page side and pass services plain values")
