"""The lock files: every package pinned with its hashes, the app's set inside the test set,
Django never in them; and this environment holds exactly what the test lock says, each
package's own dependencies included (`pip check`)."""

from __future__ import annotations

import os
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


SERVICES = ROOT / "scripts" / "ci-services.sh"


def run_service_check(tmp_path: Path, ci: str | None, postgresql: int,
                      redis: int) -> subprocess.CompletedProcess:
    """scripts/ci-services.sh (what .ci/run sources before `make test`), with pg_isready and
    redis-cli replaced by scripts exiting with these codes (0: the service answers)."""
    fakes = tmp_path / "bin"
    fakes.mkdir()
    for tool, code in (("pg_isready", postgresql), ("redis-cli", redis)):
        fake = fakes / tool
        fake.write_text(f"#!/bin/sh\nexit {code}\n")
        fake.chmod(0o755)
    env = {name: value for name, value in os.environ.items()
           if name not in {"CI", "COMPANION_TEST_DATABASE_URL", "COMPANION_TEST_REDIS_URL"}}
    env["PATH"] = f"{fakes}{os.pathsep}{env['PATH']}"
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(["bash", str(SERVICES)], capture_output=True, text=True, env=env,
                          timeout=60, check=False)


NO_POSTGRESQL = ("CI cannot run the whole suite: PostgreSQL did not answer on 127.0.0.1:5432 "
                 "(pg_isready), and CI needs it to run every database test on PostgreSQL as "
                 "well as SQLite.")
NO_REDIS = ("CI cannot run the whole suite: Redis did not answer on 127.0.0.1:6379 (redis-cli "
            "ping), and CI needs it for the rate limits and live boards that workers share "
            "through it.")


# pg_isready's 2: no answer from the server; redis-cli's 1: no PONG.
@pytest.mark.parametrize(("ci", "postgresql", "redis", "sentence"), [
    ("true", 2, 0, NO_POSTGRESQL), ("1", 0, 1, NO_REDIS)], ids=["postgresql", "redis"])
def test_ci_stops_with_a_sentence_when_a_service_does_not_answer(tmp_path, ci, postgresql,
                                                                 redis, sentence):
    run = run_service_check(tmp_path, ci, postgresql=postgresql, redis=redis)
    assert run.returncode == 1
    assert run.stderr.strip() == sentence
    if not postgresql:
        assert "PostgreSQL answers" in run.stdout


@pytest.mark.parametrize("ci", [None, "", "false"], ids=["unset", "empty", "false"])
def test_outside_ci_a_missing_service_is_named_and_the_run_goes_on(tmp_path, ci):
    run = run_service_check(tmp_path, ci, postgresql=2, redis=1)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines() == [
        "PostgreSQL did not answer on 127.0.0.1:5432 (pg_isready): its tests will be skipped "
        "(CI would stop here).",
        "Redis did not answer on 127.0.0.1:6379 (redis-cli ping): its tests will be skipped "
        "(CI would stop here)."]
