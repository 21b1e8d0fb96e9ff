"""Templates compiled once per test process, not once per app.

The tests make an app for nearly every test, and each app's Jinja environment compiles every
template it renders again: about a third of a small test's time. A bytecode cache shared by
the process's apps compiles each template once; Jinja checks each template's source against
what was compiled, so a changed template is compiled anew.
"""

from __future__ import annotations

from flask import Flask
from jinja2.bccache import Bucket, BytecodeCache


class KeptTemplates(BytecodeCache):
    """Compiled templates, in memory, for every app of the process."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


def keep_templates() -> None:
    """Every Flask app made from now on in this process shares one KeptTemplates."""
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": KeptTemplates()}
