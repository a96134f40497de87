"""The docs' screenshot tool (``python -m logo.ui.screenshot``), as docs/pictures/make.sh
runs it: its steps run in the order given and the window's picture is written."""

from __future__ import annotations

import subprocess
import sys

from tests.support import CHILD_ENV, ROOT, read_png


def test_the_tool_runs_its_steps_in_order_and_writes_the_window(tmp_path):
    out = tmp_path / "shot.png"
    env = {**CHILD_ENV, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
           "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "logo.ui.screenshot", str(out), "--size", "700x520",
         "-e", "to sq repeat 4 [fd 40 rt 90] end", "--toolbar", "flip", "-e", "sq",
         "--settle", "60"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        timeout=300)
    assert done.returncode == 0, done.stderr
    pixels = read_png(out)
    assert pixels.shape == (520, 700, 3)
    # the procedures pane is shown (flip came before "sq"): its text ("to sq", "repeat 4
    # [fd 40 rt 90]") in the top left where the page shows only its grey surround
    pane_text = pixels[110:175, 40:230]
    assert (pane_text.min(axis=2) < 120).sum() > 100
    assert (pixels[200:340, 100:600].min(axis=2) > 245).mean() > 0.9  # the rest: blank
