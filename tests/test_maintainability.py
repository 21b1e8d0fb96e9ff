"""No module of the package is ranked C by its maintainability index (radon's `mi` rank).

The index is radon's, computed as `radon mi` does (docstrings and other multi-line strings
count as comments): A from 20 to 100, B from 10 to 20, C below 10. A module that sinks to C
is split by job, as companion/services/games/ and companion/services/tournaments/ were.
"""

from __future__ import annotations

from pathlib import Path

from radon.metrics import mi_rank, mi_visit

import companion

PACKAGE = Path(companion.__file__).parent


def rank(source: str) -> tuple[str, float]:
    """The module's rank and index, as `radon mi` shows them."""
    index = mi_visit(source, multi=True)
    return mi_rank(index), index


def test_no_module_of_the_package_is_ranked_c():
    modules = sorted(PACKAGE.rglob("*.py"))
    assert PACKAGE / "services" / "games" / "changing.py" in modules
    ranked = {str(path.relative_to(PACKAGE.parent)): rank(path.read_text(encoding="utf-8"))
              for path in modules}
    worst = {name: f"{letter} ({index:.1f})" for name, (letter, index) in ranked.items()
             if letter == "C"}
    assert worst == {}, "split these modules by job: each should rank A or B"


def test_a_long_tangled_module_is_ranked_c():
    # 60 functions of nested branches and arithmetic, no comment: what the rank must catch.
    branch = ("def f{n}(a, b, c):\n"
              "    if a > b and b > c or a == c:\n"
              "        return a * b - c / (a + {n})\n"
              "    elif a < b:\n"
              "        return (a - b) * c + b ** {n}\n"
              "    return c % (b + 1) if c else a // (b + {n})\n")
    tangled = "\n".join(branch.format(n=n) for n in range(60))
    assert rank(tangled)[0] == "C"
    assert rank(branch.format(n=1))[0] == "A"
