"""`logo run`'s options and exit statuses: 0 done, 1 Logo error, 2 usage, 70 internal
error, 124 time limit, 130 interrupted (tests/session/test_robustness.py has the Ctrl-C one)."""

from __future__ import annotations

import time

import pytest

from tests.support import run_cli


@pytest.mark.parametrize("args, says", [
    (["run"], "needs a file to run or -e"),
    (["run", "--timeout", "-1", "-e", "print 1"], "time limit must be more than 0"),
    (["run", "--timeout", "0", "-e", "print 1"], "time limit must be more than 0"),
    (["run", "--timeout", "soon", "-e", "print 1"], "not a number of seconds"),
    (["run", "--max-memory", "1", "-e", "print 1"], "too little memory"),
    (["run", "--max-memory", "-5", "-e", "print 1"], "too little memory"),
    (["run", "--png", "x.jpg", "-e", "fd 10"], "name it .png"),
    (["run", "--svg", "x.png", "-e", "fd 10"], "name it .svg"),
    (["run", "--picture", "x.jpg", "-e", "fd 10"], "unknown picture format 'jpg'"),
    (["run", "--picture", "x.png", "--format", "gif", "-e", "fd 10"], "unknown picture"),
    (["run", "--format", "png", "-e", "fd 10"], "--format goes with --picture"),
    (["check", "--timeout", "-3", "x.lgo"], "time limit must be more than 0"),
])
def test_usage_errors_exit_two_and_run_nothing(args, says, tmp_path):
    r = run_cli(*args, cwd=str(tmp_path))
    assert r.returncode == 2, r.stderr
    assert says in r.stderr and "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name, fmt, magic", [("p.png", None, b"\x89PNG"),
                                               ("p.svg", None, b"<"),
                                               ("p", "png", b"\x89PNG")])
def test_the_picture_format_comes_from_the_name_or_format(name, fmt, magic, tmp_path):
    r = run_cli("run", "--picture", name, *(["--format", fmt] if fmt else []), "-e", "fd 50",
             cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert (tmp_path / name).read_bytes().startswith(magic)


def test_a_file_that_is_not_text_is_one_line(tmp_path):
    f = tmp_path / "photo.lgo"
    f.write_bytes(bytes(range(256)) * 8)
    r = run_cli("run", str(f))
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == [
        f"I can't open file {f}: it is not a text file (byte 0x00 on line 1)"]


def test_one_long_step_is_stopped_within_a_second_of_the_limit():
    t0 = time.monotonic()
    r = run_cli("run", "--timeout", "0.5", "-e", "show count iseq 1 50000000")
    took = time.monotonic() - t0
    assert r.returncode == 124
    assert "time limit of 0.5 s" in r.stderr and "Traceback" not in r.stderr
    assert took < 0.5 + 1.0 + 6.0  # the limit, the grace, and two Python start-ups on a
    # loaded machine (a runaway that ignored the limit would run for minutes)


def test_a_memory_limit_that_can_run_does():
    r = run_cli("run", "--max-memory", "64", "-e", "print 1")
    assert (r.returncode, r.stdout) == (0, "1\n"), r.stderr


@pytest.mark.parametrize("args", [["frame", "-"], ["film", "-"], ["frame", "x.png", "--fps", "0"],
                                  ["print", "-", "--seconds", "nan"]])
def test_the_cat_command_refuses_bad_outputs(args, tmp_path):
    r = run_cli(*args, cwd=str(tmp_path), module="microworlds.cat")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert list(tmp_path.iterdir()) == []
