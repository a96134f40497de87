"""Each call site of compiled code starts a line of its own (Emitter.site): an error is
told to the user as the complaint of the primitive whose site its traceback line holds,
so no generated line may hold the sites of two different names (``show (sum runresult
:l 1)`` once said "runresult doesn't like..." for SUM's complaint).  Checked on the
compiled code of every self-checking file of tests/language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from logo.language import compiler as compiler_module
from tests.support import run_logo

HERE = Path(__file__).parent
SITE = re.compile(r"\bC(\d+)\(")


def test_no_line_of_compiled_code_holds_two_sites_of_different_names(monkeypatch: Any) -> None:
    real = compiler_module.Compiler.function
    shared: list[str] = []

    def spy(self: Any, source: str, em: Any, *args: Any, **kwargs: Any) -> Any:
        for line in source.splitlines():
            names = {em.site_names.get(int(n)) for n in SITE.findall(line)}
            if len(names) > 1:
                shared.append(f"{sorted(map(str, names))}: {line.strip()[:160]}")
        return real(self, source, em, *args, **kwargs)

    monkeypatch.setattr(compiler_module.Compiler, "function", spy)
    for path in sorted(HERE.glob("*.lgo")):
        run_logo(path.read_text(encoding="utf-8"), str(path), tiers="compile")
    assert shared == []
