"""Every `make bench` script runs to the end in its short mode and prints the figures a reader
looks for, so none stops the others again (issue 32: one import error hid every figure)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .helpers import ROOT

SCRIPTS = sorted((ROOT / "benchmarks").glob("bench_*.py"))
# What each script prints that the README and docs/ quote; a new benchmark gets a line here.
FIGURES = {
    "bench_basra": ["whole deck but its sweeping cards on the floor", "random floors of 16-51",
                    "checks/s"],
    "bench_games": ["add a hand + fetch the board", "game page first load, gzipped"],
    "bench_live": ["save -> change event", "save -> new board", "missed 0", "MB RSS",
                   "server CPU per save"],
    "bench_polling": ["poll latency", "scorer saves", "errors: 0"],
    "bench_reads": ["static file (app.css)", "game JSON, 40 hands", "board fragment, 40 hands",
                    "first load of a game page, gzipped"],
    "bench_seats": ["last seat's send -> saved hand on a watching phone", "doubled 0"],
    "bench_save": ["quick-form save + board", "API save + board", "SQL statements per save"],
    "bench_ratings": ["Spearman with the hidden skill, ratings page", "win rate",
                      "full recomputation of", "(no recomputation)"],
    "bench_referee": ["htmx fragment", "full page", "JSON API"],
    "bench_tournament": ["standings, 16 entrants", "next Swiss round", "pair a Swiss round"],
}


def test_every_benchmark_says_what_it_prints():
    assert sorted(FIGURES) == [script.stem for script in SCRIPTS]


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.stem for script in SCRIPTS])
def test_benchmark_runs_in_its_short_mode(script):
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "BENCH_SHORT": "1"})
    assert done.returncode == 0, done.stderr[-3000:]
    missing = [label for label in FIGURES[script.stem] if label not in done.stdout]
    assert missing == [], done.stdout
