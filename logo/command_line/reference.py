"""The primitive reference, generated from the registry (its single source).

    python -m logo.command_line.reference > docs/primitives.md

A test fails when docs/primitives.md is stale.
"""

from __future__ import annotations

from typing import Any

from ..primitives.registry import build_registry


def _inputs(spec: Any) -> str:
    if spec.max_inputs < 0:
        return f"{spec.default_inputs} (any number in parentheses, at least {spec.min_inputs})"
    if spec.min_inputs == spec.max_inputs:
        return str(spec.min_inputs)
    return f"{spec.default_inputs} ({spec.min_inputs} to {spec.max_inputs} in parentheses)"


def reference(registry: Any) -> str:
    """Markdown: one section per chapter, one entry per primitive."""
    chapters: dict[str, list[Any]] = {}
    for spec in registry.specs:
        chapters.setdefault(spec.chapter or "other", []).append(spec)
    out = ["# Primitive reference", "",
           "Generated from the primitive registry by `python -m logo.command_line.reference`; "
           "do not edit by hand.", ""]
    for chapter in sorted(chapters):
        out += [f"## {chapter}", ""]
        for spec in sorted(chapters[chapter], key=lambda s: s.name):
            names = ", ".join(f"`{n}`" for n in (spec.name, *spec.aliases))
            out.append(f"### {spec.name}")
            out.append("")
            out.append(f"Names: {names}" + (
                f"; ЛогоМиры: {', '.join(f'`{n}`' for n in spec.russian)}"
                if spec.russian else ""))
            out.append(f"Inputs: {_inputs(spec)}")
            out.append("")
            out.append("    " + (spec.doc or "(undocumented)").replace("\n", "\n    "))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def main() -> None:
    print(reference(build_registry().load_all()), end="")


if __name__ == "__main__":
    main()
