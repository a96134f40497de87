"""Nothing outside the learner's own files is touched (issue 23): saves through links and
onto devices, the sandbox in every mode, limits before reading, the command line's usage
errors.  Every device, FIFO and link here is made for the test in its own folder."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from tests.support import CHILD_ENV, ROOT, run_cli


def _measured(*args: str, cwd: str) -> tuple[int, float, int]:
    """``logo ARGS`` in a child: (exit status, seconds, the largest resident memory of
    the child and its children in MB)."""
    code = ("import resource, subprocess, sys, time; t = time.monotonic();"
            "rc = subprocess.run([sys.executable, '-m', 'logo', *sys.argv[1:]],"
            " stdin=subprocess.DEVNULL, capture_output=True, timeout=60).returncode;"
            "print(rc, time.monotonic() - t,"
            " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)")
    env = dict(CHILD_ENV, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env,
                         capture_output=True, text=True, timeout=90).stdout.split()
    return int(out[0]), float(out[1]), int(out[2])


@pytest.mark.parametrize("command", ["run", "check"])
@pytest.mark.parametrize("what", ["zero", "fifo"])
def test_limits_hold_before_reading_a_device_or_a_fifo(command, what, tmp_path):
    if what == "fifo":
        target = str(tmp_path / "pupil.lgo")
        os.mkfifo(target)
    else:
        target = "/dev/zero"  # (only read, never written)
    rc, seconds, megabytes = _measured(command, "--timeout", "3", "--max-memory", "400",
                                       target, cwd=str(tmp_path))
    assert rc == 1 and seconds < 8 and megabytes < 600, (rc, seconds, megabytes)


def test_not_a_regular_file_is_one_clear_line(tmp_path):
    fifo = tmp_path / "f.lgo"
    os.mkfifo(fifo)
    r = run_cli("run", str(fifo), timeout=30)
    assert r.returncode == 1 and r.stderr.count("\n") == 1, r.stderr
    assert "not a regular file" in r.stderr
    r = run_cli("check", str(fifo), timeout=30)
    assert r.returncode == 1 and "ERROR" in r.stdout and "not a regular file" in r.stdout


@pytest.mark.parametrize("data, says", [
    ("print \"привет\n".encode("utf-8-sig"), "привет\n"),
    ("print \"привет\n".encode("utf-16"), "привет\n"),
    ("пиши \"привет\n".encode("cp1251"), "привет\n"),  # an old ЛогоМиры file
])
def test_encodings_that_are_read(data, says, tmp_path):
    f = tmp_path / "f.lgo"
    f.write_bytes(data)
    r = run_cli("run", str(f))
    assert (r.returncode, r.stdout) == (0, says), r.stderr


def test_a_file_in_no_encoding_names_its_first_bad_byte_and_line(tmp_path):
    f = tmp_path / "latin.lgo"
    f.write_bytes(b"print 1\nprint \"caf\xe9\n")
    r = run_cli("run", str(f))
    assert r.returncode == 1 and r.stdout == ""
    assert "0xE9 on line 2" in r.stderr and "Windows-1251" in r.stderr, r.stderr


# --- saves -------------------------------------------------------------------------------
def test_a_picture_and_a_save_through_a_link_write_the_target_and_keep_the_link(tmp_path):
    (tmp_path / "real").mkdir()
    for name in ("target.png", "lesson.lgo"):
        (tmp_path / "real" / name).write_bytes(b"old")
        (tmp_path / name).symlink_to(f"real/{name}")
    r = run_cli("run", "--png", "target.png", "-e", "fd 10 save \"lesson.lgo",
                cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    for name in ("target.png", "lesson.lgo"):
        assert (tmp_path / name).is_symlink()
    assert (tmp_path / "real" / "target.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "real" / "lesson.lgo").read_bytes() != b"old"


def test_a_picture_to_the_standard_output_goes_into_the_pipe(tmp_path):
    (tmp_path / "stdout").symlink_to("/proc/self/fd/1")  # as /dev/stdout is
    r = subprocess.run([sys.executable, "-m", "logo", "run", "--png", "stdout", "-e", "fd 10"],
                       cwd=tmp_path, env=dict(CHILD_ENV, PYTHONPATH=str(ROOT)),
                       capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout[:4] == b"\x89PNG"
    assert (tmp_path / "stdout").is_symlink()


def test_a_picture_and_a_save_onto_a_fifo_are_written_through(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    time.sleep(0.2)
    r = run_cli("run", "--png", str(fifo), "-e", "fd 10", timeout=60)
    reader.join(30)
    assert r.returncode == 0, r.stderr
    assert got and got[0][:4] == b"\x89PNG"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_save_onto_a_terminal_is_written_through():
    master, slave = os.openpty()
    try:
        name = os.ttyname(slave)
        r = run_cli("run", "-e", f"to sq\nend\nsave \"{name}", timeout=60)
        assert r.returncode == 0, r.stderr
        assert b"to sq" in os.read(master, 1000)
        assert stat.S_ISCHR(os.stat(name).st_mode)
    finally:
        os.close(master)
        os.close(slave)


def test_savepict_refuses_an_extension_it_cannot_write(tmp_path):
    r = run_cli("run", "-e", "fd 10 savepict \"page.jpg", cwd=str(tmp_path))
    assert r.returncode == 1 and "page.jpg" in r.stderr and ".png or .svg" in r.stderr
    assert list(tmp_path.iterdir()) == []


# --- the sandbox -------------------------------------------------------------------------
SNEAKY = "save \"{outside}/escaped.lgo\nprint shell [echo hacked]\n"


def test_the_repl_fallback_and_logo_repl_keep_the_sandbox(tmp_path):
    box, outside = tmp_path / "box", tmp_path / "outside"
    box.mkdir()
    outside.mkdir()
    script = SNEAKY.format(outside=outside) + "save \"inside.lgo\n"
    env = {k: v for k, v in CHILD_ENV.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    for args in (["--sandbox", str(box)], ["repl", "--sandbox", str(box)]):
        r = run_cli(*args, stdin=script, env=env, cwd=str(tmp_path))
        assert r.returncode == 0, r.stderr
        assert "outside the sandbox" in r.stderr and "SHELL is not allowed" in r.stderr
        assert "hacked" not in r.stdout
        assert list(outside.iterdir()) == [] and (box / "inside.lgo").exists()
        (box / "inside.lgo").unlink()


@pytest.mark.parametrize("sandboxed", [True, False])
def test_check_confines_each_pupil(sandboxed, tmp_path):
    box, outside = tmp_path / "box", tmp_path / "outside"
    box.mkdir()
    outside.mkdir()
    pupil = tmp_path / "anna.lgo"
    pupil.write_text(SNEAKY.format(outside=outside), encoding="utf-8")
    mine = tmp_path / "boris.lgo"
    mine.write_text("save \"mine.lgo\nprint \"ok\n; expect: ok\n", encoding="utf-8")
    args = ["--sandbox", str(box)] if sandboxed else []
    r = run_cli("check", *args, str(pupil), str(mine), cwd=str(tmp_path))
    assert r.returncode == 1
    assert "outside the sandbox" in r.stdout and "PASSED" in r.stdout, r.stdout
    assert list(outside.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["anna.lgo", "boris.lgo", "box",
                                                          "outside"]
    assert (box / "mine.lgo").exists() == sandboxed
    r = run_cli("check", "--trust", str(mine), cwd=str(tmp_path))
    assert r.returncode == 0 and (tmp_path / "mine.lgo").exists()


@pytest.mark.parametrize("args", [["run", "-e", "print 1"], ["repl"], ["check", "x.lgo"],
                                  ["window"], []])
def test_a_missing_or_non_folder_sandbox_is_a_usage_error(args, tmp_path):
    (tmp_path / "file.lgo").write_text("print 1\n")
    for box in (str(tmp_path / "nowhere"), str(tmp_path / "file.lgo")):
        r = run_cli(*args[:1], "--sandbox", box, *args[1:], cwd=str(tmp_path), stdin="")
        assert r.returncode == 2 and "--sandbox" in r.stderr, (args, r.stderr)


# --- the command line --------------------------------------------------------------------
@pytest.mark.parametrize("args, suggestion", [(["chek", "f.lgo"], "`check`"),
                                              (["trees"], "`tree`"),
                                              (["rnu", "-e", "print 1"], "`run`")])
def test_a_typo_is_a_usage_error_with_a_suggestion(args, suggestion, tmp_path):
    (tmp_path / "f.lgo").write_text("print \"ran\n")
    r = run_cli(*args, cwd=str(tmp_path), stdin="")
    assert r.returncode == 2 and suggestion in r.stderr and "ran" not in r.stdout, r.stderr


def test_the_helps_name_the_forms_the_arguments_and_the_exit_codes():
    top = run_cli("--help").stdout
    assert "logo LESSON" in top and "logo FILE.lgo" in top
    for command, options in (("run", ["-e", "--timeout", "--max-memory", "--sandbox",
                                       "--png", "--svg", "--picture", "--gif", "--format",
                                       "--set", "FILE"]),
                             ("check", ["--timeout", "--jobs", "--format", "--max-memory",
                                        "--sandbox", "--trust", "FILE"])):
        text = run_cli(command, "--help").stdout
        assert "exit status" in text and all(o in text for o in options), text
        for code in ("0 ", "1 ", "2 ", "130"):
            assert f"  {code}" in text
    assert all(f"  {code}" in run_cli("run", "--help").stdout for code in ("3 ", "70", "124"))


def test_usage_errors_of_run_show_runs_usage():
    r = run_cli("run")
    assert r.returncode == 2 and "usage: logo run" in r.stderr


def test_the_time_limit_says_its_maximum():
    r = run_cli("run", "--timeout", "1e9", "-e", "print 1")
    assert r.returncode == 2 and "at most 1000000" in r.stderr
    r = run_cli("run", "--timeout", "0.5", "-e", "print 1")
    assert (r.returncode, r.stdout) == (0, "1\n")


def test_set_outside_the_range_or_without_a_lesson_is_a_usage_error():
    r = run_cli("run", "tree", "--set", "size=1000")
    assert r.returncode == 2 and "goes from 5 to 150" in r.stderr, r.stderr
    r = run_cli("run", "-e", "print 1", "--set", "size=10")
    assert r.returncode == 2 and "usage: logo run" in r.stderr
    r = run_cli("run", "tree", "--set", "size=50", "-e", "print size")
    assert (r.returncode, r.stdout) == (0, "50\n"), r.stderr


def test_a_slider_from_a_larger_to_a_smaller_number_is_an_error():
    r = run_cli("run", "-e", "newslider \"a [0 0] 10 5 7")
    assert r.returncode == 1 and "newslider doesn't like 5" in r.stderr


@pytest.mark.parametrize("lang, counts", [
    ("en", ["1 file:", "1 error,", "0 failed self-checks"]),
    ("ru", ["1 файл:", "1 ошибка"]),
])
def test_the_summary_counts_in_the_right_number(lang, counts, tmp_path):
    f = tmp_path / "bad.lgo"
    f.write_text("foo\n")
    r = run_cli("--lang", lang, "check", str(f))
    assert all(c in r.stdout for c in counts), r.stdout


def test_russian_plural_forms():
    from logo.command_line.check_reports import plural_form

    forms = [plural_form(n, "ru", 3) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111)]
    assert forms == [0, 1, 1, 2, 2, 2, 0, 1, 2, 0, 2]
    assert [plural_form(n, "en", 2) for n in (0, 1, 2)] == [1, 0, 1]


def test_an_internal_error_exits_70_and_check_counts_it_as_an_error(monkeypatch, tmp_path):
    from logo.command_line import check, main
    from logo.primitives import files

    f = tmp_path / "f.lgo"
    f.write_text("print 1\n")

    def broken(*_args: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(files, "load_lesson", broken)
    assert main.main(["run", str(f)]) == 70
    ran = subprocess.CompletedProcess([], 70, "", "logo: internal error: RuntimeError: x\n")
    outcome = check._verdict(str(f), ran, {}, 3)
    assert outcome.status == "error" and "internal error" in outcome.detail


def test_help_of_one_primitive_follows_the_language():
    ru = run_cli("--lang", "ru", "run", "-e", "help \"fd")
    assert ru.stdout.startswith("ВПЕРЕД расстояние\nЧерепашка идёт"), ru.stdout
    en = run_cli("run", "--lang", "en", "-e", "help \"fd")
    assert en.stdout.startswith("FORWARD distance\n")
    other = run_cli("--lang", "ru", "run", "-e", "help \"savepict")
    assert "по-английски" in other.stdout


def test_every_russian_help_text_is_of_a_primitive():
    from logo.primitives.help import russian_docs
    from logo.primitives.registry import build_registry

    registry = build_registry().load_all()
    for name, (usage, text) in russian_docs().items():
        spec = registry.get(name)
        assert spec is not None and spec.name == name, name
        assert usage.startswith(("{name}", "({name}")) and text, name


def test_the_windows_own_files_are_loaded_under_a_sandbox(tmp_path):
    box = tmp_path / "box"
    box.mkdir()
    lesson = tmp_path / "lesson.lgo"
    lesson.write_text("print \"loaded\n")
    other = tmp_path / "other.lgo"
    other.write_text("print \"other\n")
    env = {k: v for k, v in CHILD_ENV.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    r = run_cli("--sandbox", str(box), str(lesson), stdin=f"load \"{other}\n", env=env)
    assert "loaded" in r.stdout and "other" not in r.stdout
    assert "outside the sandbox" in r.stderr


def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path):
    big = tmp_path / "big.lgo"
    with open(big, "wb") as fh:  # (sparse: nothing is really written)
        fh.truncate(64 * 1024 * 1024 + 1)
    r = run_cli("run", str(big))
    assert r.returncode == 1 and "larger than 64 MB" in r.stderr, r.stderr


def test_load_and_openread_of_a_fifo_never_wait(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    r = run_cli("run", "-e", f"catch \"error [load \"{fifo}] print \"next "
                f"openread \"{fifo} close \"{fifo} print \"done", timeout=30)
    assert (r.returncode, r.stdout) == (0, "next\ndone\n"), r.stderr
