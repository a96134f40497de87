"""A process's turn at a self tail call compiled as a loop (call_sites.rebind,
emit_again, again): taken before the new inputs are bound, with the caller's inputs
as they are, in every tier (turns.lgo checks itself: what the interpreting tier
prints, since UCBLogo has no WHEN), direct bodies and bodies that bind their inputs in
the table alike, a redefinition made there included; and a tail call to another
procedure whose input's computation takes a turn that redefines the caller (with other
input names, or optional ones): the caller's inputs bound under their own names
(TailCall.names), the global they hid restored after."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.command_line.self_checks import expectations
from tests.support import run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", ["interpret", "compile", "auto"])
def test_the_turns_file_checks_itself_in_each_tier(tiers: str) -> None:
    path = HERE / "turns.lgo"
    ran = run_logo(path.read_text(), str(path), tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.lines == expectations(path.read_text())
    assert not ran.interp.frames
