"""A QuickForm member without its entry-form reader fails mypy, as the README promises."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORMS = "companion/pages/entry/forms.py"
SPEC = "companion/rules/spec.py"
LAST_MEMBER = '    SHELEM = "shelem"'


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The package and its mypy settings, copied where a member can be added."""
    where = tmp_path_factory.mktemp("typed")
    shutil.copytree(ROOT / "companion", where / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "translations", "static"))
    shutil.copy(ROOT / "pyproject.toml", where / "pyproject.toml")
    return where


def mypy(where: Path) -> subprocess.CompletedProcess[str]:
    """mypy, with the project's settings, on the readers' module (what it imports is read,
    and only this module's errors are shown); one cache for both runs."""
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(where / ".cache"),
                           FORMS], cwd=where, capture_output=True, text=True, timeout=300)


def test_the_readers_pass_mypy_and_a_new_quick_form_without_one_fails_it(copy):
    passed = mypy(copy)
    assert passed.returncode == 0, passed.stdout

    spec = copy / SPEC
    text = spec.read_text()
    assert text.count(LAST_MEMBER) == 1
    spec.write_text(text.replace(LAST_MEMBER, '    TALLY = "tally"\n' + LAST_MEMBER))
    failed = mypy(copy)

    assert failed.returncode == 1
    missing = [line for line in failed.stdout.splitlines() if "assert_never" in line]
    # Both the quick reader and the card reader ask what QuickForm.TALLY is read with.
    assert len(missing) == 2, failed.stdout
    assert all(line.startswith(FORMS) and "QuickForm.TALLY" in line for line in missing)
