"""Benchmark: contracting a shell of about a million cells with 10 muscles.

    python bench/muscle_bench.py                 # 1,000,000 cells, 10 muscles
    python bench/muscle_bench.py --cells 200000  # smaller
    python bench/muscle_bench.py --json out.json

The object is a sphere's shell (``muscle.sphere``'s cells); the muscles are chords through
it in random directions, each reaching r0 = R/6, r1 = R/3 (R: the sphere's radius), so
that every muscle moves a large share of the cells.  Measured, best and median of ``--repeat``
(the load average printed beside them):

* **cold**: the muscles' influence on the rest shape (which cells each half moves, and by
  what weight) plus the first pose: what a new muscle or a new shape costs;
* **frame**: a pose for new coefficients of all 10 muscles, from the rest shape (the
  influence reused): what each frame of an animation or each slider step costs;
* **line**: the book's rule for all 10 muscles, one after the other.

Throughput is the object's cell count divided by the wall-clock time (cells/s); the CPU
time of the process is printed too (on a shared, busy machine it is the steadier one); the
targets: the first pose of a new set of muscles (cold) 10 million cells/s, frames (and the
rule's line) 30 million.  The shell is built first and not timed (its time is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from microworlds.muscle import contraction as mc
from microworlds.muscle.shapes import Part, shape_cells

TARGETS = {"cold": 10e6, "frame": 30e6, "line": 30e6}  # cells/s


def sphere_for(cells: int) -> tuple[np.ndarray, float, float]:
    radius = float(np.sqrt(cells / (4 * np.pi * 0.83)))
    t = time.perf_counter()
    pos, _ = shape_cells([Part("sphere", (0, 0, 0), radius=radius)])
    return pos, radius, time.perf_counter() - t


def chords(radius: float, count: int, rng: np.random.Generator) -> list[tuple]:
    out = []
    for _ in range(count):
        d = rng.normal(size=3)
        d /= np.linalg.norm(d)
        centre = rng.uniform(-radius / 4, radius / 4, 3)
        a = np.round(centre - d * radius * 0.8).astype(int)
        b = np.round(centre + d * radius * 0.8).astype(int)
        m = mc.default_fixed_point(a, b)
        out.append((tuple(a), tuple(b), tuple(int(v) for v in m), radius / 6, radius / 3))
    return out


def best(fn, repeat: int) -> tuple[float, float, float]:
    """Best and median wall-clock and best CPU time (seconds) of ``repeat`` runs."""
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return min(wall), statistics.median(wall), min(cpu)


def run(cells: int, muscles: int, repeat: int) -> dict:
    rng = np.random.default_rng(3)
    rest, radius, build = sphere_for(cells)
    geometry = chords(radius, muscles, rng)
    ls = list(rng.uniform(0.5, 0.9, muscles))
    level = np.zeros(len(rest), np.int32)
    t = time.perf_counter()
    blocks = mc.Blocks.of(rest)  # made once with the shape (an object keeps it)
    build += time.perf_counter() - t
    infl = mc.influence(rest, geometry, blocks)
    moved = int((mc.shell_pose(rest, infl, ls) != rest).any(axis=1).sum())

    def cold() -> None:
        mc.shell_pose(rest, mc.influence(rest, geometry, blocks), ls)

    def frame() -> None:
        mc.shell_pose(rest, infl, list(rng.uniform(0.5, 0.9, muscles)))

    def line() -> None:
        mc.contract_lines(rest, level, [(a, b, m, l) for (a, b, m, _, _), l
                                        in zip(geometry, ls)], blocks)

    n = len(rest)
    result: dict[str, object] = {"cells": n, "muscles": muscles, "radius": radius, "build_s": build,
              "cells_in_reach": len(infl.cells), "cells_moved": moved}
    for name, fn in (("cold", cold), ("frame", frame), ("line", line)):
        seconds, median, cpu = best(fn, repeat)
        result[name] = {"seconds": seconds, "cells_per_s": n / seconds, "cpu_seconds": cpu,
                        "cells_per_cpu_s": n / cpu, "median_seconds": median,
                        "median_cells_per_s": n / median}
    result["load"] = os.getloadavg()
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", type=int, default=1_000_000)
    ap.add_argument("--muscles", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    load = os.getloadavg()
    r = run(args.cells, args.muscles, args.repeat)
    print(f"load average {load[0]:.2f} before, {r['load'][0]:.2f} after "
          f"({os.cpu_count()} cpus); best / median of {args.repeat}")
    print(f"shell of {r['cells']:,} cells (sphere r = {r['radius']:.0f}, built in "
          f"{r['build_s']:.2f} s), {r['muscles']} muscles: {r['cells_in_reach']:,} cells "
          f"in reach, {r['cells_moved']:,} moved")
    for name in ("cold", "frame", "line"):
        v = r[name]
        target = TARGETS[name]
        ok = "ok" if v["cells_per_s"] >= target else "BELOW TARGET"
        print(f"  {name:5s} {v['seconds'] * 1000:6.1f} / {v['median_seconds'] * 1000:6.1f} ms  "
              f"{v['cells_per_s'] / 1e6:6.1f} / {v['median_cells_per_s'] / 1e6:6.1f} million "
              f"cells/s  ({ok}: target {target / 1e6:.0f} million);  CPU time "
              f"{v['cpu_seconds'] * 1000:.1f} ms, {v['cells_per_cpu_s'] / 1e6:.1f} million/s")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(r, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
