"""The registry is the single source of the primitive reference."""


from logo.command_line.reference import reference
from logo.primitives.registry import build_registry
from tests.support import ROOT, run_ok

DOC = ROOT / "docs" / "primitives.md"


def test_docs_primitives_md_is_up_to_date():
    assert DOC.read_text(encoding="utf-8") == reference(build_registry()), (
        "docs/primitives.md is stale: run `python -m logo.command_line.reference > docs/primitives.md`")


def test_every_primitive_has_a_docstring_with_its_usage():
    missing = [s.name for s in build_registry().specs if not s.doc.strip()]
    assert missing == []


def test_help_prints_the_docstring():
    assert "FPUT" in run_ok('help "fput').output
