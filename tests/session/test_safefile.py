"""The one way Logo writes a file (logo/session/safefile.py): a regular file is replaced
by a rename (a link's target, the link kept), anything else is written through.  Every
device here is made for the test (a FIFO, a pty): no test writes a system path."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from logo.session.safefile import atomic_write, is_regular_target, open_text


def test_a_regular_file_is_replaced_and_keeps_its_permissions(tmp_path):
    f = tmp_path / "work.lgo"
    f.write_text("old")
    os.chmod(f, 0o640)
    before = os.stat(f).st_ino
    atomic_write(str(f), "new")
    assert f.read_text() == "new"
    assert stat.S_IMODE(os.stat(f).st_mode) == 0o640
    assert os.stat(f).st_ino != before  # renamed over: a crash would leave the old one
    assert [p.name for p in tmp_path.iterdir()] == ["work.lgo"]


def test_a_new_name_gets_the_mode_asked_for(tmp_path):
    f = tmp_path / "new.lgo"
    atomic_write(str(f), b"x", 0o604)
    assert stat.S_IMODE(os.stat(f).st_mode) == 0o604


def test_a_link_stays_and_its_target_is_replaced(tmp_path):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "target.png"
    target.write_bytes(b"old")
    link = tmp_path / "link.png"
    link.symlink_to("real/target.png")
    atomic_write(str(link), b"new")
    assert link.is_symlink() and os.readlink(link) == "real/target.png"
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["target.png"]


def test_a_chain_of_links_and_a_dangling_one(tmp_path):
    target = tmp_path / "t.lgo"
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("t.lgo")  # t.lgo not there yet
    atomic_write(str(tmp_path / "a"), "made")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()
    assert target.read_text() == "made"


def test_a_fifo_is_written_through_never_renamed_over(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    for _ in range(200):  # the reader has it open (the write does not wait for one)
        try:
            atomic_write(str(fifo), b"\x89PNG data")
            break
        except OSError:
            threading.Event().wait(0.01)
    reader.join(5)
    assert got == [b"\x89PNG data"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_fifo_with_no_reader_is_an_error_not_a_wait(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError):
        atomic_write(str(fifo), b"x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_terminal_is_written_through(tmp_path):
    master, slave = os.openpty()
    try:
        name = os.ttyname(slave)
        assert not is_regular_target(name)
        atomic_write(name, b"hello")
        assert os.read(master, 100).startswith(b"hello")
        assert stat.S_ISCHR(os.stat(name).st_mode)
    finally:
        os.close(master)
        os.close(slave)


def test_a_link_to_a_device_is_written_through_and_stays(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "out.png"
    link.symlink_to(fifo)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        atomic_write(str(link), b"data")
        assert os.read(fd, 10) == b"data"
    finally:
        os.close(fd)
    assert link.is_symlink() and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_links_through_proc_are_written_through(tmp_path):
    out = tmp_path / "out.bin"
    fd = os.open(out, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        via = f"/proc/self/fd/{fd}"
        assert not is_regular_target(via)  # (the process's own descriptor: written into)
        link = tmp_path / "stdout"
        link.symlink_to(via)
        assert not is_regular_target(str(link))
        atomic_write(str(link), b"into the descriptor")
    finally:
        os.close(fd)
    assert out.read_bytes() == b"into the descriptor"
    assert link.is_symlink()


def test_a_stream_writes_a_links_target(tmp_path):
    target = tmp_path / "log.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with open_text(str(link)) as fh:
        fh.write("new\n")
    with open_text(str(link), append=True) as fh:
        fh.write("more\n")
    assert link.is_symlink() and target.read_text() == "new\nmore\n"


def test_a_folder_is_not_written(tmp_path):
    with pytest.raises(OSError):
        atomic_write(str(tmp_path), b"x")
    with pytest.raises(OSError):
        open_text(str(tmp_path))


@pytest.mark.skipif(os.getuid() != 0, reason="only root can give a file away")
def test_root_saving_someone_elses_file_keeps_its_owner(tmp_path):
    f = tmp_path / "pupil.lgo"
    f.write_text("old")
    os.chown(f, 12345, 12345)
    atomic_write(str(f), "new")
    st = os.stat(f)
    assert (st.st_uid, st.st_gid, f.read_text()) == (12345, 12345, "new")
