"""The locks a worker holds while it waits on the database are gevent's: gunicorn's master
imports Companion before it forks, and a lock made then is the operating system's, which
blocks the worker's only thread, every greenlet with it, as soon as two greenlets want it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

WORKER = textwrap.dedent("""
    import companion.limits, companion.views.live  # imported in the master, before the patch
    from gevent import monkey
    monkey.patch_all()
    import gevent
    from companion import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "DATABASE_URL": "sqlite:///" + %(db)r})
    done = []

    def hold(lock):
        with app.test_request_context("/"), lock():
            gevent.sleep(0.01)  # the holder waits on the database: other greenlets run
        done.append(1)

    for lock in (companion.views.live.making, companion.limits.local_lock):
        gevent.joinall([gevent.spawn(hold, lock), gevent.spawn(hold, lock)])
    print(len(done))
""")


def test_two_greenlets_wanting_a_workers_lock_both_get_it(tmp_path):
    # With a lock made at import the second greenlet blocks the thread: the worker hangs.
    ran = subprocess.run([sys.executable, "-c", WORKER % {"db": str(tmp_path / "w.db")}],
                         capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split()[-1] == "4"
