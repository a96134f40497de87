"""plists.lgo in plain Python: a dict of property dicts."""
from typing import Any

props: dict[str, dict[str, Any]] = {}


def fillup(n):
    for i in range(1, n + 1):
        p = props.setdefault(f"item{i}", {})
        p["value"] = i
        p["square"] = i * i
        p["parity"] = "even" if i % 2 == 0 else "odd"


def tally(n):
    s = 0
    for i in range(1, n + 1):
        p = props.get(f"item{i}", {})
        s += p["value"]
        sq = p.get("square")
        if p.get("parity") == "even" and sq is not None:
            s += sq
    return s


fillup(4000)
a = tally(4000)
for i in range(1, 4001, 3):
    props[f"item{i}"].pop("square", None)
b = sum(tally(4000) for _ in range(3))
empty = sum(1 for i in range(1, 4001) if "square" not in props[f"item{i}"])
print(a, b, empty, 2 * len(props["item10"]))
