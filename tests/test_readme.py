"""README's "Where things live" names every module at the top of companion/ and each package."""

from __future__ import annotations

import re

from .helpers import ROOT


def test_where_things_live_names_every_top_level_module_and_package():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Where things live", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(companion/(?:\w+\.py|\w+/))`", section))
    package = ROOT / "companion"
    present = {f"companion/{path.name}" for path in package.glob("*.py")}
    present |= {f"companion/{path.name}/" for path in package.iterdir()
                if path.is_dir() and path.name != "__pycache__"}
    assert sorted(present - named) == [], "give each a line in README's Where things live"
    assert sorted(named - present) == [], "README's Where things live names what is gone"
