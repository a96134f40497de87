"""Fuzzing the reader and the evaluator: whatever is typed, the outcome is a result or a
Logo error, never an internal error or a Python exception.

CI runs a small number of examples; a longer run is one command:

    LOGO_FUZZ_EXAMPLES=20000 python -m pytest tests/language/test_fuzz.py -q -s

which prints the number of programs tried and the internal errors found.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logo.language.errors import LogoError
from logo.language.reader import read_lines
from logo.primitives.registry import build_registry
from logo.session.host import BufferHost
from tests.support import new_interpreter

EXAMPLES = int(os.environ.get("LOGO_FUZZ_EXAMPLES", "100"))
STOP_AFTER = float(os.environ.get("LOGO_FUZZ_STOP", "0.3"))  # seconds a program may run
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 100,
                suppress_health_check=list(HealthCheck))
REGISTRY = build_registry().load_all()  # the microworlds too
# primitives that would leave the test (bye; pause at the end of its input, as UCBLogo)
# or wait on a real terminal, by every name they have (Russian ones too)
EXCLUDED = {name for prim in ("bye", "pause", "readlist", "readword", "readchar", "readchars",
                              "readrawline", "question", "dribble")
            for name in REGISTRY.get(prim).names}
NAMES = sorted(n for n in REGISTRY.by_name if n not in EXCLUDED)
SANDBOX = {"folder": ""}  # made by the module's fixture, removed after its tests
TRIED = {"programs": 0, "internal": 0}

word = st.text(alphabet="abcxyz", min_size=1, max_size=4)
number = st.one_of(st.integers(-1000, 1000).map(str),
                   st.floats(-1e6, 1e6, allow_nan=False).map(lambda f: f"{f:.3g}"),
                   st.sampled_from(["0", "-1", "1e308", "1e-9", ".5", "3."]))
atom = st.one_of(st.sampled_from(NAMES), number, word.map(lambda w: '"' + w),
                 word.map(lambda w: ":" + w), st.sampled_from(
                     ["+", "-", "*", "/", "=", "<", ">", "<=", ">=", "<>", "(", ")",
                      "?", "?1", "#", "true", "false", "[]", "{}", "|a b|", "\\ ", "~",
                      ";c", "to", "end", "stop", "output", "repcount", "-h", "+h", "!"]))


def _lists(children):
    return st.lists(children, max_size=6).map(lambda xs: "[" + " ".join(xs) + "]")


datum = st.recursive(atom, _lists, max_leaves=12)
line = st.lists(datum, min_size=1, max_size=10).map(" ".join)
program = st.lists(line, min_size=1, max_size=6).map("\n".join)


def run_program(text: str) -> BufferHost:
    """Run ``text`` in a fresh interpreter, stopped after a short time, sandboxed."""
    interp = new_interpreter(registry=REGISTRY, max_depth=2000)
    interp.sandbox = SANDBOX["folder"]
    timer = threading.Timer(STOP_AFTER, interp.request_stop)
    timer.start()
    try:
        interp.run_source(text, "fuzz.lgo")
    finally:
        timer.cancel()
    TRIED["programs"] += 1
    return interp.host


def assert_no_internal_error(host: BufferHost, text: str) -> None:
    internal = [e for e in host.errors if e.startswith("Internal error")]
    if internal:
        TRIED["internal"] += 1
    assert not internal, f"program:\n{text}\nerrors:\n{''.join(internal)}"


@FUZZ
@given(st.text(max_size=200))
def test_reader_on_any_text_gives_data_or_a_logo_error(text):
    with contextlib.suppress(LogoError):
        read_lines(text, "fuzz.lgo")


@FUZZ
@given(st.binary(max_size=200))
def test_any_bytes_as_a_file(data):
    text = data.decode("utf-8", errors="replace")
    assert_no_internal_error(run_program(text), text)


@FUZZ
@given(program)
def test_programs_from_the_grammar_and_the_primitives(text):
    assert_no_internal_error(run_program(text), text)


@FUZZ
@given(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4),
       st.lists(datum, max_size=4))
def test_every_primitive_with_odd_inputs(names, inputs):
    text = "(" + " ".join(names[:1] + inputs) + ")\n" + " ".join(names + inputs)
    assert_no_internal_error(run_program(text), text)


@pytest.fixture(scope="module", autouse=True)
def report():
    with tempfile.TemporaryDirectory(prefix="logo-fuzz-", ignore_cleanup_errors=True) as folder:
        SANDBOX["folder"] = folder
        yield
    print(f"\nfuzz: {TRIED['programs']} programs tried, {TRIED['internal']} internal errors")
