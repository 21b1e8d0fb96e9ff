"""A browser test that stalls becomes a failure that says where it stood, instead of a hang.

Playwright bounds waits and actions, but not every call: creating or closing a context, say,
waits as long as Chromium takes to answer. If Chromium never answers, the test would hang the
whole run. The watchdog notices a test running far longer than any browser test takes, writes
where each greenlet of the test stood (the Playwright call it waits on), and kills this
worker's Chromium: the waiting call then fails, the test fails saying where it stood, and the
next test gets a new browser. A stall is a bug to find, not to retry: so the closing of a
phone while its offline page reloaded itself through the service worker was found.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
import time
import traceback
from pathlib import Path

# No browser test takes a minute, even on a busy machine; three are a stall.
STALL_SECONDS = 180.0


def greenlet_stacks() -> str:
    """Where each greenlet stands: the sync Playwright API runs the test in one of them, so a
    plain thread dump shows only the event loop waiting."""
    import greenlet

    stacks = [
        "".join(traceback.format_stack(each.gr_frame))
        for each in gc.get_objects()
        if isinstance(each, greenlet.greenlet) and each.gr_frame is not None
    ]
    return "\n".join(stacks)


def chromium_processes(root: int) -> list[int]:
    """Chromium processes started, through Playwright's driver, under the process `root`."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        name, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:]
        parents[int(entry.name)], names[int(entry.name)] = int(rest.split()[1]), name
    return [pid for pid, name in names.items()
            if name.startswith("chrom") and _descends(pid, root, parents)]


def _descends(pid: int, root: int, parents: dict[int, int]) -> bool:
    while pid > 1:
        pid = parents.get(pid, 0)
        if pid == root:
            return True
    return False


class Watchdog:
    """Watches the browser test under way; one per test process."""

    def __init__(self, stall: float = STALL_SECONDS) -> None:
        self.stall, self.test, self.started = stall, "", 0.0
        self.lock = threading.Lock()
        threading.Thread(target=self._watch, daemon=True, name="browser-watchdog").start()

    def begin(self, test: str) -> None:
        with self.lock:
            self.test, self.started = test, time.monotonic()

    def end(self) -> None:
        with self.lock:
            self.test = ""

    def _watch(self) -> None:
        while True:
            time.sleep(5)
            with self.lock:
                late = bool(self.test) and time.monotonic() - self.started > self.stall
                test = self.test if late else ""
                if late:
                    self.test = ""  # broken once, not every five seconds
            if test:
                self._break(test)

    def _break(self, test: str) -> None:
        sys.stderr.write(f"\n{test} stalled for {self.stall:.0f} s; where it stood:\n"
                         f"{greenlet_stacks()}\nKilling this worker's Chromium.\n")
        sys.stderr.flush()
        for pid in chromium_processes(os.getpid()):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
