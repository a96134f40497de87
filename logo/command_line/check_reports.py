"""``logo check``'s reports an autograder or a CI server reads: JSON, and JUnit XML (one
test suite, one test case a file; a failed check is a ``failure``, an error or a time
limit an ``error``)."""

from __future__ import annotations

import json
from typing import Any
from xml.etree import ElementTree as ET


def as_json(outcomes: list[Any], counts: dict[str, int]) -> str:
    """``{"files": [{"path", "status", "detail", "seconds"}...], "summary": {...}}``."""
    return json.dumps({
        "files": [{"path": o.path, "status": o.status, "detail": o.detail,
                   "seconds": round(o.seconds, 3)} for o in outcomes],
        "summary": {"files": len(outcomes), **{k.replace(" ", "_"): v
                                               for k, v in counts.items()}},
    }, ensure_ascii=False, indent=1)


def as_junit(outcomes: list[Any], counts: dict[str, int]) -> str:
    """The outcomes as JUnit XML (``<testsuite>`` of ``<testcase>``)."""
    suite = ET.Element("testsuite", name="logo check", tests=str(len(outcomes)),
                       failures=str(counts["failed"]),
                       errors=str(counts["error"] + counts["timed out"]),
                       time=f"{sum(o.seconds for o in outcomes):.3f}")
    for o in outcomes:
        case = ET.SubElement(suite, "testcase", classname="logo", name=o.path,
                             time=f"{o.seconds:.3f}")
        if o.status == "failed":
            ET.SubElement(case, "failure", message=o.detail).text = o.detail
        elif o.status != "passed":
            ET.SubElement(case, "error", message=o.detail, type=o.status).text = o.detail
    return ET.tostring(suite, encoding="unicode", xml_declaration=True)
