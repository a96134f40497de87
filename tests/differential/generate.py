#!/usr/bin/env python3
"""Generate the differential test batches (and capture UCBLogo's output for them).

Usage::

    python3 tests/differential/generate.py --seed 1 --capture   # regenerate everything
    python3 tests/differential/generate.py --seed 1             # only the .lgo files
    python3 tests/differential/generate.py --capture-only 003 007   # recapture some batches

Each item is a few Logo lines made by one of the makers of ``items_data.py`` and
``items_control.py`` from a seeded ``random.Random``.  It starts with a marker line
``print "|#item N|``; a definition (``to`` ... ``end``) is written as it is, and every other
instruction runs as ``catch "error [INSTRUCTION] (show "|#.| error)``, so an error is
printed, each instruction's output ends with a ``#.`` line, and the next instruction, and
the next item, still run.  Items use names of their own
(``dN.f``, ``dN.v`` ...).  Items are grouped ``--per-batch`` to a file
``batches/NNN.lgo``; ``--capture`` runs every batch through UCBLogo 6.2.2 with the
conformance capture code (``tests/conformance/capture.py``, which runs
``tests/tools/ucblogo_run.py``) and writes ``NNN.out``.  A batch that UCBLogo does not finish (an item that makes it
hang) is run item by item to name the item, and no ``.out`` is written for it.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # the repository root: tests/ is a package

from tests.conformance import capture  # noqa: E402
from tests.differential import items_control, items_data  # noqa: E402
from tests.differential.items_data import Ctx  # noqa: E402
from tests.differential.repros import REPROS  # noqa: E402

BATCHES = HERE / "batches"
MARKER = 'print "|#item {n}|'
MAKERS = {**items_data.MAKERS, **items_control.MAKERS}
REPRO_BASE = 100001  # the number of the first item of batches/repros.lgo

# Primitives of our registry that UCBLogo 6.2.2 has too but the items leave out, and why.
EXCLUDED = {
    "graphics window": "forward fd back bk right rt left lt setpos setxy setx sety setheading "
    "seth home arc pos xcor ycor heading towards scrunch setscrunch showturtle st hideturtle "
    "ht shownp shown? wrap window fence turtlemode clearscreen cs clean setbg setbackground "
    "bg background fill label setlabelheight penup pu pendown pd penpaint ppt penerase pe "
    "penreverse px pendownp pendown? penmode setpencolor setpc pencolor pc setpensize "
    "pensize savepict",
    "files and streams": "readlist rl readword rw readrawline readchar rc readchars rcs "
    "openread openwrite openappend openupdate close closeall allopen setread setwrite reader "
    "writer eofp eof? erasefile erf filep file? dribble nodribble load save",
    "terminal, time, session": "cleartext ct standout wait bye forever help rerandom",
    "whole workspace (depends on what else was defined)": "procedures names plists "
    "contents pots pons erall bury unbury to",
}


def make_item(rng: random.Random, number: int) -> str:
    """The Logo text of item ``number``: its marker, definitions and wrapped lines."""
    names = sorted(MAKERS)
    weights = [MAKERS[n][1] for n in names]
    maker = MAKERS[rng.choices(names, weights)[0]][0]
    return wrap_item(number, maker(Ctx(rng, number)))


def wrap_item(number: int, instructions: list[str]) -> str:
    """An item's text: the marker, then each definition as it is and each other
    instruction inside ``catch "error [...]``."""
    lines = [MARKER.format(n=number)]
    for ins in instructions:
        if ins.startswith("to "):
            lines.append(ins)
        else:
            lines.append(f'catch "error [{ins}] (show "|#.| error)')
    return "\n".join(lines) + "\n"


def generate(seed: int, batches: int, per_batch: int) -> list[Path]:
    """Write ``batches`` files of ``per_batch`` items each; remove stale batch files."""
    BATCHES.mkdir(exist_ok=True)
    for old in BATCHES.glob("*.lgo"):
        old.unlink()
    rng = random.Random(seed)
    paths = []
    for b in range(batches):
        items = [make_item(rng, b * per_batch + i + 1) for i in range(per_batch)]
        path = BATCHES / f"{b + 1:03d}.lgo"
        path.write_text(f"; differential batch {b + 1}, seed {seed}\n" + "".join(items),
                        encoding="utf-8")
        paths.append(path)
    path = BATCHES / "repros.lgo"
    path.write_text("; minimal reproductions of the known differences (repros.py)\n"
                    + "".join(wrap_item(REPRO_BASE + i, [x.replace("N.", f"d{REPRO_BASE + i}.")
                                                             for x in ins])
                              for i, ins in enumerate(REPROS)),
                    encoding="utf-8")
    paths.append(path)
    for out in BATCHES.glob("*.out"):
        if not out.with_suffix(".lgo").exists():
            out.unlink()
    return paths


def split_items(source: str) -> dict[int, str]:
    """Item number -> the item's Logo text, from a batch file."""
    parts = re.split(r'^print "\|#item (\d+)\|\n', source, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def find_hangs(batch: Path, timeout: int, jobs: int) -> list[int]:
    """Run each item of a batch alone; the numbers of those UCBLogo does not finish."""
    items = split_items(batch.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        def one(n: int) -> tuple[int, int]:
            path = Path(tmp) / f"item{n}.lgo"
            path.write_text(MARKER.format(n=n) + "\n" + items[n], encoding="utf-8")
            return n, capture.capture(path, timeout)[1]

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return [n for n, rc in pool.map(one, sorted(items)) if rc != 0]


def capture_all(paths: list[Path], timeout: int, jobs: int) -> int:
    failed = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda p: capture.capture(p, timeout), paths))
    for path, rc, _ in results:
        if rc != 0:
            failed += 1
            hangs = find_hangs(path, 3, jobs)
            print(f"FAIL {path.name} (rc {rc}); items UCBLogo does not finish: {hangs}")
    print(f"captured {len(paths) - failed}/{len(paths)} batches")
    return 1 if failed else 0


def coverage(paths: list[Path]) -> list[str]:
    """UCBLogo primitives of our registry that no item uses and EXCLUDED does not list."""
    from logo.primitives.registry import build_registry

    words = set()
    for p in paths:
        words.update(re.findall(r"[^\s\[\]()\"{}:]+", p.read_text(encoding="utf-8").lower()))
    excluded = {w for names in EXCLUDED.values() for w in names.split()}
    ucb = set((HERE / "ucblogo_names.txt").read_text(encoding="utf-8").split())
    reg = build_registry()
    return sorted(n for n in reg.by_name if n in ucb and n not in words and n not in excluded)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batches", type=int, default=50)
    ap.add_argument("--per-batch", type=int, default=100)
    ap.add_argument("--capture", action="store_true", help="also capture UCBLogo's .out")
    ap.add_argument("--capture-only", nargs="+", metavar="NNN",
                    help="capture these existing batches (NNN or repros), generate nothing")
    ap.add_argument("-j", "--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=int, default=10)
    args = ap.parse_args()
    if args.capture_only:
        paths = [BATCHES / (f"{int(n):03d}.lgo" if n.isdigit() else f"{n}.lgo")
                 for n in args.capture_only]
        return capture_all(paths, args.timeout, args.jobs)
    paths = generate(args.seed, args.batches, args.per_batch)
    print(f"wrote {len(paths)} batches of {args.per_batch} items (seed {args.seed})")
    try:
        missing = coverage(paths)
    except Exception as exc:
        missing = []
        print(f"(coverage not checked: {type(exc).__name__}: {exc})")
    if missing:
        print("UCBLogo primitives no item uses:", " ".join(missing))
    return capture_all(paths, args.timeout, args.jobs) if args.capture else 0


if __name__ == "__main__":
    sys.exit(main())
