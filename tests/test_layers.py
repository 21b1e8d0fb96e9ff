"""The floors import downward only: the API imports no page blueprint (`companion/views/`),
not even through another module, and the app's error handlers (`companion/errors.py`) nothing
of the API, whose own richer refusals it registers on its blueprint (`api/refusals.py`).
Links both hand out live in `companion/links.py`.

Every import counts, those inside functions and those only the type checker reads too.
"""

from __future__ import annotations

from .helpers import import_graph, reached


def under(modules: set[str], prefix: str) -> set[str]:
    return {name for name in modules if name == prefix or name.startswith(prefix + ".")}


def test_the_walk_sees_imports_made_inside_a_function():
    # create_app imports the API's blueprint and its JSON provider inside itself.
    graph = import_graph()
    assert {"companion.api", "companion.api.body"} <= graph["companion"]
    assert "companion.views.games" in reached("companion", graph)


def test_no_api_module_reaches_a_view():
    graph = import_graph()
    found = {name: sorted(under(reached(name, graph), "companion.views"))
             for name in under(set(graph), "companion.api")}
    assert {name: views for name, views in found.items() if views} == {}


def test_the_error_handlers_reach_nothing_of_the_api():
    assert under(reached("companion.errors", import_graph()), "companion.api") == set()


def test_links_are_reached_by_pages_templates_and_api():
    users = {name for name, modules in import_graph().items() if "companion.links" in modules}
    assert {"companion.templating", "companion.api.serialize",
            "companion.api.serialize_tournaments", "companion.views.share",
            "companion.views.tournament_extras"} <= users
