"""The muscle microworld from Logo: the exact form of MUSCLE.TRANSFERS, objects and
muscles, stacks, contraction over time, errors, start-up cost, and a golden picture."""

from __future__ import annotations

import pytest

from tests.microworlds.muscle.test_table import CLEAN
from tests.support import GOLDEN as GOLDENS
from tests.support import ROOT, compare_golden_picture, run_logo, run_ok, run_python

GOLDEN = GOLDENS / "muscle_arm.png"


def test_transfers_outputs_k_source_destination_items_exactly():
    dec = {k: [[int(v, 8) for v in col.split()] for col in cols] for k, cols in CLEAN.items()}
    items = [f"[{k} [{' '.join(map(str, dec[k][0]))}] [{' '.join(map(str, dec[k][1]))}]]"
             for k in range(1, 9)]
    items += [f"[{k} [{' '.join(map(str, dec[k][2]))}] [{' '.join(map(str, dec[k][3]))}]]"
              for k in range(1, 9)]
    got = run_ok("show muscle.transfers [37 297 460] [45 313 464] [41 305 462] 0.6").output
    assert got == "[" + " ".join(items) + "]\n"


def test_transfers_in_octal_as_the_book_prints_them():
    got = run_ok('show item 8 (muscle.transfers [045 451 714] [055 471 720] [051 461 716] '
                 '0.6 "octal)\nshow muscle.fromoctal [051 461 716]\n'
                 'show muscle.tooctal [41 305 462]\n'
                 'show count muscle.transfers [0 0 0] [10 0 0] [0 0 0] 0.5').output
    assert got == "[10 [045 451 714] [047 454 715]]\n[41 305 462]\n[051 461 716]\n10\n"


def test_objects_muscles_and_queries():
    got = run_ok("""
        muscle.box "arm [0 0 0] [9 9 9]
        print muscle.cells "arm
        (muscle.sphere "arm [20 5 5] 4 15 "solid)
        show muscle.objects
        (muscle.add "arm "biceps [0 5 5] [24 5 5])
        show muscle.info "arm "biceps
        (muscle.add "arm "m2 [0 0 0] [0 0 9] [0 0 0])
        show muscle.muscles "arm
        muscle.remove "arm "m2
        show muscle.muscles "arm
        show muscle.cell "arm [20 5 5]
        show muscle.cell "arm [5 5 5]
        show muscle.mode "arm
    """).output
    lines = got.splitlines()
    assert lines[0] == "488"
    assert lines[1:] == ["[arm]", "[[0 5 5] [24 5 5] [12 5 5] 1 2 8]", "[biceps m2]",
                         "[biceps]", "15", "[]", "shell"]


def test_stacks_form_and_relaxing_restores_in_line_mode():
    got = run_ok("""
        foreach muscle.transfers [37 297 460] [45 313 464] [41 305 462] 0.6 [
          muscle.setcell "line item 2 ? #]
        (muscle.add "line "m [37 297 460] [45 313 464] [41 305 462])
        muscle.setmode "line "line
        muscle.contract "line "m 0.6
        show muscle.stack "line [39 301 461]
        show muscle.stack "line [37 298 460]
        print muscle.cells "line
        muscle.relax "line "m
        show muscle.stack "line [39 301 461]
        show muscle.stack "line [37 298 460]
    """).output
    assert got.splitlines() == ["[6 7]", "[]", "16", "[4]", "[7]"]


def test_contraction_over_time_follows_the_host_clock():
    ran = run_ok("""
        muscle.box "arm [0 0 0] [30 4 4]
        (muscle.add "arm "m [0 2 2] [30 2 2] [0 2 2])
        muscle.setcellsize 3
        muscle.draw "arm
        (muscle.contract "arm "m 0.5 0.4)
        print muscle.l "arm "m
    """)
    assert ran.output == "0.5\n"
    assert ran.host.clock == pytest.approx(0.4, abs=0.05)
    assert ran.world.changes > 10  # redrawn frame by frame


def test_shell_contraction_moves_cells_near_the_muscle_and_relax_restores():
    ran = run_ok("""
        muscle.box "arm [0 0 0] [30 4 4]
        (muscle.add "arm "m [0 2 2] [30 2 2] [0 2 2])
        muscle.contract "arm "m 0.5
        show muscle.cell "arm [30 0 0]
        show muscle.cell "arm [15 0 0]
        print muscle.cells "arm
        muscle.relax "arm "m
        show muscle.cell "arm [30 0 0]
    """)
    assert ran.output.splitlines() == ["[]", "25", "514", "25"]


@pytest.mark.parametrize("line, message", [
    ('muscle.add "nothing "m [0 0 0] [1 1 1]', "there is no object named nothing"),
    ('muscle.box "a [0 0 0] [2 2 2] (muscle.add "a "m [0 0 0] [4 0 0] [5 0 0])',
     "M must lie between A and B"),
    ('muscle.box "a [0 0 0] [2 2 2] muscle.add "a "m [0 0 0] [4 0 0] '
     'muscle.contract "a "m 0', "doesn't like 0"),
    ('muscle.box "a [0 0 0] [2 2]', "doesn't like [2 2]"),
    ('show (muscle.transfers [0 0 0] [8 0 0] [0 0 0] 0.5 "hex)', "doesn't like hex"),
    ('muscle.setview "oblique', "doesn't like oblique"),
])
def test_errors_are_logo_errors(line, message):
    ran = run_logo(line)
    assert not ran.ok and message in ran.errors


def test_the_primitives_modules_do_not_import_numpy():
    code = ("import sys; import microworlds.muscle.prims, microworlds.muscle.prims_page; "
            "from logo.primitives.registry import build_registry; build_registry(); "
            "print('numpy' in sys.modules)")
    out = run_python("-c", code)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_the_lesson_loads_and_runs():
    src = (ROOT / "microworlds" / "muscle" / "muscle.lgo").read_text(encoding="utf-8")
    ran = run_ok(src + "\nline\nsetl 0.7\nfollow\nprint muscle.l \"cat \"back\n")
    assert ran.output.splitlines()[-3:] == ["6 7", "14 15", "0.7"]
    assert {w.name for w in ran.interp.widgets.items.values()} >= {"l", "follow", "stretch"}


ARM = """
    muscle.cylinder "arm [0 0 0] [40 0 0] 6
    (muscle.sphere "arm [40 0 0] 8 15)
    (muscle.box "arm [-6 -10 -10] [-2 10 10] 105)
    (muscle.add "arm "biceps [0 0 0] [44 0 0] [0 0 0])
    muscle.setreach "arm "biceps 9 12
    muscle.showmuscles
    muscle.setcellsize 6
    muscle.contract "arm "biceps 0.6
    muscle.draw "arm
"""


def test_golden_picture_of_a_contracted_object():
    pixels = run_ok(ARM).pixels  # a few pixels may flip where floats round differently
    compare_golden_picture(GOLDEN, pixels, allowed=int(0.002 * pixels.shape[0] * pixels.shape[1]))


def test_move_and_bake():
    got = run_ok("""
        muscle.box "rod [0 0 0] [20 2 2]
        (muscle.add "rod "m [0 1 1] [20 1 1] [0 1 1])
        muscle.move "rod [100 0 0]
        show first muscle.info "rod "m
        show muscle.cell "rod [100 0 0]
        show muscle.cell "rod [0 0 0]
        muscle.contract "rod "m 0.5
        muscle.bake "rod
        print muscle.l "rod "m
        show muscle.cell "rod [120 0 0]
        show muscle.cell "rod [110 0 0]
        print muscle.cells "rod
    """).output
    assert got.splitlines() == ["[100 1 1]", "25", "[]", "1", "[]", "25", "170"]
