"""Time from Ctrl-C (SIGINT) to the REPL's next prompt, and the deepest recursion.

    python bench/stop_latency.py

Runs `logo repl` on a pseudo-terminal, starts runaway programs, presses Ctrl-C and
measures how long until the REPL prompts again; then finds the deepest non-tail
recursion that runs before the Logo error "Stack overflow".
"""

from __future__ import annotations

import os
import pty
import select
import statistics
import sys
import time

PROGRAMS = ['forever [make "x 1]', "to f :n\nf :n + 1\nend\nf 0",
            "to g :n\noutput 1 + g :n + 1\nend\nprint g 0", "repeat 1e9 [fd 1 rt 1]"]


def read_until(fd: int, text: str, timeout: float = 30) -> str:
    seen = ""
    deadline = time.monotonic() + timeout
    while text not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            seen += os.read(fd, 65536).decode(errors="replace")
    return seen


def stop_latencies(rounds: int = 3) -> list[float]:
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(sys.executable, [sys.executable, "-m", "logo", "repl"])
    read_until(fd, "? ")
    out = []
    for program in PROGRAMS * rounds:
        for line in program.split("\n"):
            os.write(fd, (line + "\r").encode())
            time.sleep(0.1)
        time.sleep(0.5)
        read_until(fd, "\x00", timeout=0.05)  # drain
        t = time.monotonic()
        os.write(fd, b"\x03")
        read_until(fd, "? ")
        out.append(time.monotonic() - t)
    os.write(fd, b"bye\r")
    os.waitpid(pid, 0)
    return out


def deepest_recursion() -> int:
    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    host = BufferHost()
    interp = Interpreter(host=host)
    interp.run_source("to d :n\nif :n = 0 [output 0]\noutput 1 + d :n - 1\nend")
    depth = 1000
    while interp.run_source(f"ignore d {depth * 2}") and depth < 10**7:
        depth *= 2
    return depth


def main() -> None:
    lat = stop_latencies()
    print(f"Ctrl-C to prompt: median {statistics.median(lat) * 1000:.0f} ms, "
          f"max {max(lat) * 1000:.0f} ms over {len(lat)} stops")
    print(f"deepest non-tail recursion that ran: {deepest_recursion()} (limit: the "
          "interpreter's max_depth, then 'Stack overflow')")


if __name__ == "__main__":
    main()
