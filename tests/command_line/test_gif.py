"""``logo run --gif``: the page recorded at its frame boundaries."""

from __future__ import annotations

from tests.microworlds.cat.cat_gif_decode import decode
from tests.support import run_cli


def test_every_wait_is_a_frame_shown_as_long_as_the_program_waited(tmp_path):
    (tmp_path / "steps.lgo").write_text("repeat 6 [fd 40 rt 60 wait 6]\n", encoding="utf-8")
    r = run_cli("run", "steps.lgo", "--gif", "steps.gif", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    frames, palette = decode(str(tmp_path / "steps.gif"))
    assert len(frames) == 6 and all(delay == 10 for _, delay in frames)  # 6/60 s each
    assert len(palette) >= 2
    first, last = frames[0][0], frames[-1][0]
    assert (first != last).any()  # the hexagon grows frame by frame


def test_a_microworld_redraw_is_a_frame(tmp_path):
    r = run_cli("run", "muscle", "-e", "stretch", "--gif", "m.gif", cwd=tmp_path,
                timeout=120)
    assert r.returncode == 0, r.stderr
    frames, _ = decode(str(tmp_path / "m.gif"))
    assert len(frames) > 5


def test_a_recording_is_named_gif(tmp_path):
    r = run_cli("run", "-e", "fd 10", "--gif", "x.png", cwd=tmp_path)
    assert r.returncode == 2 and "name it .gif" in r.stderr and not list(tmp_path.iterdir())


def test_the_frames_show_the_plots_as_they_grow(tmp_path):
    """A plot on the page is in every frame, with the points it had then."""
    program = ('(newplot "p [10 10] [200 120]) plotxy "p 0 0\n'
               'repeat 5 [plotxy "p repcount repcount * repcount fd 5 wait 6]\n')
    (tmp_path / "plot.lgo").write_text(program, encoding="utf-8")
    r = run_cli("run", "plot.lgo", "--gif", "plot.gif", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    frames, _ = decode(str(tmp_path / "plot.gif"))
    assert len(frames) >= 5
    corner = [image[10:130, 10:210] for image, _ in frames]
    assert all((c != c[0, 0]).any() for c in corner)  # the plot's frame in every one
    assert (corner[0] != corner[-1]).any()  # and its line grew
