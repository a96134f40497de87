"""``logo check``'s reports an autograder or a CI server reads: JSON, and JUnit XML (one
test suite, one test case a file; a failed check is a ``failure``, an error or a time
limit an ``error``)."""

from __future__ import annotations

import json
from typing import Any
from xml.etree import ElementTree as ET

from ..messages import language
from ..messages import text as say


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


def summary(files: int, counts: dict[str, int]) -> str:
    """The text report's last line: "1 file: 1 passed, 0 failed self-checks, 1 error,
    0 timed out", each count with its noun in the right number (Russian's three)."""
    return say("check.summary", files=counted(files, "check.n_files"),
               passed=counts["passed"], failed=counted(counts["failed"], "check.n_failed"),
               errors=counted(counts["error"], "check.n_errors"),
               timed_out=counts["timed out"])


def counted(n: int, key: str) -> str:
    """``n`` with the form of the noun ``key`` names ("one|other" in English,
    "one|few|many" in Russian): 1 file, 2 files; 1 файл, 2 файла, 5 файлов."""
    forms = say(key).split("|")
    return f"{n} {forms[plural_form(n, language(), len(forms))]}"


def plural_form(n: int, lang: str, count: int) -> int:
    """Which of ``count`` forms a number takes (CLDR's rules for whole numbers)."""
    if lang == "ru" and count == 3:
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else count - 1
