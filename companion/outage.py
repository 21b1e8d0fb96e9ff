"""Redis away, said once: how long a call to it may take, and what to do while it is gone.

Redis is a helper (shared rate limits, news of saves for other processes' live boards):
while it is gone, dead or hanging, each part carries on alone in this process and says so
once in the log, and once again when Redis is back. Every call has TIMEOUT seconds to connect
and to answer; after a failure nothing calls Redis for PAUSE seconds (then one call tries),
so a hanging Redis costs one request its timeout every few seconds, not every request.
"""

from __future__ import annotations

import logging
import threading
import time

TIMEOUT = 0.5  # seconds to connect to Redis, and for it to answer a call
PAUSE = 5.0  # seconds without a call to Redis after one failed
RETRY_FIRST, RETRY_MOST = 1.0, 30.0  # the pub/sub listener's pause after a failure, doubled


class Outage:
    """Whether Redis answers, as one part of Companion (`log`) sees it."""

    def __init__(self, log: logging.Logger, away: str, back: str):
        self._log, self._away_text, self._back_text = log, away, back
        self._lock = threading.Lock()  # never held across a call to Redis
        self._away = False
        self._next_try = 0.0

    def worth_trying(self) -> bool:
        """Whether to call Redis now: yes unless it failed less than PAUSE seconds ago (then
        the first caller after the pause tries, the others carry on without it)."""
        with self._lock:
            now = time.monotonic()
            if not self._away:
                return True
            if now < self._next_try:
                return False
            self._next_try = now + PAUSE
            return True

    def failed(self, error: BaseException) -> None:
        """A call failed: one warning for the outage, no traceback (it is Redis's, not ours)."""
        with self._lock:
            first, self._away = not self._away, True
            self._next_try = time.monotonic() + PAUSE
        if first:
            self._log.warning(self._away_text, type(error).__name__)

    def worked(self) -> None:
        with self._lock:
            was, self._away = self._away, False
        if was:
            self._log.warning(self._back_text)
