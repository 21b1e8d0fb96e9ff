"""The lock files: every package pinned with its hashes, the app's set inside the test set,
Django never in them; and this environment holds exactly what the test lock says, each
package's own dependencies included (`pip check`)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib import metadata, util
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from .helpers import ROOT

LOCK, TEST_LOCK = ROOT / "requirements.txt", ROOT / "requirements-test.txt"
PIN = re.compile(r"^([A-Za-z0-9._-]+)==(\S+?)(?: ; (.+?))?(?: \\)?$")


def pins(path: Path) -> dict[str, str]:
    """`name: version` for every requirement of a lock that applies to this Python."""
    found: dict[str, str] = {}
    requirements = re.split(r"\n(?=\S)", path.read_text())
    for requirement in requirements:
        if requirement.startswith("#") or not requirement.strip():
            continue
        match = PIN.match(requirement.splitlines()[0])
        assert match, f"not pinned with ==: {requirement.splitlines()[0]}"
        assert "--hash=sha256:" in requirement, f"no hash for {match[1]}"
        name, version, marker = match.groups()
        if marker is None or Marker(marker).evaluate():
            found[canonicalize_name(name)] = version
    return found


@pytest.mark.parametrize("lock", [LOCK, TEST_LOCK], ids=["app", "test"])
def test_every_package_is_pinned_with_hashes_and_django_is_left_out(lock):
    locked = pins(lock)
    assert "hedron-core" in locked and "flask" in locked
    assert not {name for name in locked if "django" in name}


def test_the_app_lock_is_the_test_lock_without_the_test_tools():
    app, test = pins(LOCK), pins(TEST_LOCK)
    assert {name: test.get(name) for name in app} == app
    assert {"pytest", "playwright", "ruff", "mypy"} <= test.keys() - app.keys()


def test_the_locks_hold_every_dependency_of_pyproject_at_a_version_it_allows():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for lock, wanted in ((LOCK, project["dependencies"]),
                         (TEST_LOCK, project["optional-dependencies"]["test"])):
        locked = pins(lock)
        for requirement in map(Requirement, wanted):
            name = canonicalize_name(requirement.name)
            assert requirement.specifier.contains(locked.get(name, "0"), prereleases=True), (
                f"{requirement} is not in {lock.name} as pyproject.toml asks: run `make lock`")


def test_this_environment_holds_exactly_the_locked_versions():
    wrong = {name: (version, _installed(name)) for name, version in pins(TEST_LOCK).items()
             if _installed(name) != version}
    assert wrong == {}, "run `make test` (it installs the lock) or `make lock` after a change"


def test_pip_check_finds_every_declared_dependency_installed():
    # make installs with --no-deps: a locked package whose own dependency the lock lacks (as
    # django-htmx's Django was) would only show here.
    checked = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True,
                             text=True, check=False)
    assert (checked.returncode, checked.stdout.strip()) == (0, "No broken requirements found.")


def test_django_is_not_installed():
    assert util.find_spec("django") is None


def _installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None
