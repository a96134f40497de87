"""Plots and monitors: saved with the lesson and loaded by a fresh process, drawn into
the exported pictures, and monitors evaluated between turns, never inside a process."""

from __future__ import annotations

from logo.session.plots import Monitor, Plot, refresh_monitors
from logo.session.processes import scheduler
from tests.support import read_png, run_cli, run_logo, run_ok

MAKE = '''(newplot "gait [20 20] [300 150])
(plotpen "gait "lh 15)
plotxy "gait 0 1e-300 plotxy "gait 1 -2.5 plotxy "gait 2 1e300 plotxy "gait 3 "1.50
plotxy "gait 4 0.1+0.2 plotxy "gait 5 123456789012 plotxy "gait 5 123456789012
(plotpen "gait "rf [0 0 255])
plotxy "gait -1 -1
plotpen "gait "lh
make "n 7
newmonitor "n [400 20] [:n * 6]
'''


def test_a_saved_plot_and_monitor_come_back_in_a_fresh_process(tmp_path):
    saved = tmp_path / "lesson.lgo"
    first = run_cli("run", "-e", MAKE.replace("\n", " ") + f' save "{saved}')
    assert first.returncode == 0, first.stderr
    show = ('show widgets show plotpoints "gait show (item 5 plotpoints "gait) = '
            '(list 4 0.1+0.2) plotpen "gait "rf show plotpoints "gait')
    second = run_cli("run", str(saved), "-e", show)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines() == [
        "[gait n]",
        "[[0 1e-300] [1 -2.5] [2 1e+300] [3 1.50] [4 0.3] [5 123456789012] "
        "[5 123456789012]]",
        "true",
        "[[-1 -1]]"]
    assert "newmonitor \"n [400 20] [:n * 6]" in saved.read_text()


def test_the_points_are_the_very_numbers_given():
    ran = run_ok(MAKE + 'make "p plotpoints "gait')
    points = [tuple(p) for p in ran.interp.vars["p"]]
    assert points[:4] == [(0, 1e-300), (1, -2.5), (2, 1e300), (3, "1.50")]
    assert points[4] == (4, 0.1 + 0.2)


def test_a_picture_export_evaluates_the_monitor_and_draws_the_plot(tmp_path):
    pngs = []
    for n in (1, 2):
        out = tmp_path / f"page{n}.png"
        ran = run_cli("run", "-e", MAKE.replace("\n", " ") + f' make "n {n}',
                      "--png", str(out), "--svg", str(tmp_path / f"page{n}.svg"))
        assert ran.returncode == 0, ran.stderr
        pngs.append(read_png(out))
    monitor = (slice(20, 50), slice(400, 520))
    assert (pngs[0][monitor] != pngs[1][monitor]).any()  # "n: 6" then "n: 12"
    plot = pngs[0][20:170, 20:320]
    assert ((plot[..., 0] > 200) & (plot[..., 1] < 80)).sum() > 50  # the red pen's line
    svg = (tmp_path / "page2.svg").read_text()
    assert "<polyline" in svg and "n: 12" in svg


def test_monitors_are_evaluated_between_turns_never_inside_a_process():
    seen = []
    ran = run_ok('make "n 0\nnewmonitor "m [0 0] [:n]')
    interp = ran.interp
    sched = scheduler(interp)

    def between():
        seen.append(set(sched.on_stack))
        refresh_monitors(interp)

    sched.between = between
    run_logo('launch [forever [make "n :n + 1 repeat 3 [make "x 1]]]', interp=interp)
    for _ in range(5):
        sched.request_between()
        run_logo('repeat 4 [make "y 1]', interp=interp)
    assert seen and all(not s for s in seen)
    monitor = interp.page_widgets.get("m")
    assert isinstance(monitor, Monitor) and monitor.text not in ("", "0")


def test_a_monitor_that_fails_shows_the_error_and_the_program_goes_on():
    ran = run_ok('newmonitor "m [0 0] [nosuch]')
    refresh_monitors(ran.interp)
    assert ran.interp.page_widgets.get("m").text == "I don't know how  to nosuch"  # (UCBLogo's spaces)


def test_a_plot_is_written_back_as_logo_lines():
    ran = run_ok('(newplot "p [1 2] [100 60]) plotxy "p 1 2')
    plot = ran.interp.page_widgets.get("p")
    assert isinstance(plot, Plot)
    assert plot.source() == '(newplot "p [1 2] [100 60])\nplotxy "p 1 2'


def test_names_with_spaces_and_brackets_save_in_bars(tmp_path):
    saved = tmp_path / "bars.lgo"
    run_ok('(newplot "|a b| [1 1]) (plotpen "|a b| "|p [q]| 15) plotxy "|a b| 1 2 '
           f'newmonitor "|m m| [1 100] [1] save "{saved}')
    ran = run_ok(saved.read_text() + '\nmake "p plotpoints "|a b|')
    assert [w.name for w in ran.interp.page_widgets.items.values()] == ["a b", "m m"]
    assert ran.interp.page_widgets.get("a b").pen().name == "p [q]"
    assert [list(p) for p in ran.interp.vars["p"]] == [[1, 2]]
