"""The floors import downward only: the API imports no page blueprint (`companion/views/`),
and the app's error handlers (`companion/errors.py`) nothing of the API, whose own richer
refusals it registers on its blueprint. Links both hand out live in `companion/links.py`.

Every import counts, those inside functions and those only the type checker reads too.
"""

from __future__ import annotations

from .helpers import package_imports, package_modules


def imports_of(prefix: str) -> dict[str, set[str]]:
    """Each module at or under `prefix`, with the package's modules it imports."""
    known = package_modules()
    return {name: package_imports(name, path, known) for name, path in known.items()
            if name == prefix or name.startswith(prefix + ".")}


def below(modules: set[str], prefix: str) -> set[str]:
    return {name for name in modules if name == prefix or name.startswith(prefix + ".")}


def test_the_walk_sees_imports_made_inside_a_function():
    # create_app imports the API's blueprint and its JSON provider inside itself.
    assert {"companion.api", "companion.api.body"} <= imports_of("companion")["companion"]


def test_no_api_module_imports_a_view():
    found = {name: sorted(below(modules, "companion.views"))
             for name, modules in imports_of("companion.api").items()}
    assert {name: views for name, views in found.items() if views} == {}


def test_the_error_handlers_import_nothing_of_the_api():
    assert below(imports_of("companion.errors")["companion.errors"], "companion.api") == set()


def test_links_are_reached_by_pages_templates_and_api():
    users = {name for name, modules in imports_of("companion").items()
             if "companion.links" in modules}
    assert {"companion.templating", "companion.api.serialize",
            "companion.api.serialize_tournaments", "companion.views.share",
            "companion.views.tournament_extras"} <= users
