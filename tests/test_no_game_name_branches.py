"""Outside companion/rules/, nothing branches on a game's name: the game's spec answers."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = r"""["'](basra|shelem|shllaat|gharat)["']"""
COMPARISON = re.compile(rf"(==|!=) *{GAME}|{GAME} *(==|!=)")
# Migrations are frozen history: they rewrite stored rows of one game on purpose.
EXEMPT = ("companion/rules/", "companion/migrations/")


def _sources() -> list[Path]:
    files = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    return [path for path in files
            if not str(path.relative_to(ROOT)).startswith(EXEMPT)]


def test_no_service_view_or_template_compares_a_game_name() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in _sources()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if COMPARISON.search(line)]
    assert found == []
