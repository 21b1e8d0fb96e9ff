"""The one CSV writer for every download: text a spreadsheet would run stays text."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

# A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """The rows as CSV; a text cell that a spreadsheet would read as a formula gets a `'`."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return out.getvalue()


def _cell(value: Any) -> Any:
    # Numbers are written as numbers (-5 stays -5); only text can smuggle a formula in.
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value
