"""The results table: one row per run, written as CSV or JSON (by the file's extension),
read back to resume.

Columns: each varied slider (headed by its name), ``repetition``, ``seed``, each
measure (headed by its expression as typed, its values as Logo printed them) and
``status``.  Every value is a text.  JSON is a list of objects, one per row, their keys
in the columns' order.  Writing goes through a temporary file and a rename, so a table
stopped midway (Ctrl-C, a crash) is always a whole table.
"""

from __future__ import annotations

import csv
import io
import json
import os

from ..messages import text as say
from ..session.safefile import atomic_write
from .spec import Experiment, Run, SpecError

Row = dict[str, str]


def columns(exp: Experiment) -> list[str]:
    """The table's header."""
    return [*(v.name for v in exp.varies), "repetition", "seed", *exp.measures, "status"]


def row_of(run: Run, measures: list[str], status: str, exp: Experiment) -> Row:
    cells = [*(v for _, v in run.values), str(run.repetition), str(run.seed), *measures,
             status]
    return dict(zip(columns(exp), cells))


def key_of(row: Row, exp: Experiment) -> tuple[str, ...]:
    """The run a row is (the same key as :meth:`Run.key`)."""
    return (*(row.get(v.name, "") for v in exp.varies), row.get("repetition", ""))


def form_of(path: str) -> str:
    """``csv`` or ``json``, from the file's extension; else a usage error."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".csv", ".json"):
        raise SpecError(say("experiment.table_extension", path=path))
    return ext[1:]


def text_of(rows: list[Row], header: list[str], form: str) -> str:
    if form == "json":
        return json.dumps([{c: r.get(c, "") for c in header} for r in rows],
                          ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for r in rows:
        writer.writerow([r.get(c, "") for c in header])
    return out.getvalue()


def write(path: str, rows: list[Row], header: list[str]) -> None:
    """Save the table (atomically)."""
    atomic_write(path, text_of(rows, header, form_of(path)).encode("utf-8"))


def read(path: str, header: list[str]) -> list[Row]:
    """The rows of an existing table, to resume; [] when there is none.  A table with
    other columns belongs to another experiment: a usage error (it is not overwritten)."""
    form = form_of(path)
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(say("experiment.cant_read", path=path,
                            reason=getattr(exc, "strerror", None) or exc)) from None
    if not text.strip():
        return []
    try:
        found, rows = _parse(text, form)
    except (ValueError, csv.Error, AttributeError):
        raise SpecError(say("experiment.not_a_table", path=path)) from None
    if not rows:
        return []
    if found != header:
        raise SpecError(say("experiment.other_columns", path=path))
    return rows


def _parse(text: str, form: str) -> tuple[list[str], list[Row]]:
    if form == "json":
        data = json.loads(text)
        if not isinstance(data, list):
            raise ValueError("not a list")
        rows = [{str(k): str(v) for k, v in item.items()} for item in data]
        return (list(data[0].keys()) if data else []), rows
    lines = list(csv.reader(io.StringIO(text)))
    header = lines[0]
    return header, [dict(zip(header, cells)) for cells in lines[1:] if cells]
