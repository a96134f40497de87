"""A click on a page's button.

A once button's instructions run as a job, as a line typed in the command center does
(and as fast): a process of the scheduler would keep every boundary of the work busy
with turns (a loop in a button ran 4-15 times slower than typed), and the monitors,
which are evaluated between turns outside every process, stayed still until it ended.
A forever button is a process (``Scheduler.launch``), started and stopped by clicks;
so is a once button whose instructions are one ``forever [...]``.  Each click is a
level of the page's Undo.
"""

from __future__ import annotations

from typing import Any

from ..language import runtime
from ..language.values import LogoList


def click_button(session: Any, button: Any) -> None:
    """Once: run its instructions (a click while they run does nothing); forever:
    start or stop it."""
    sched = session.scheduler
    running = sched.button_process(button)
    if running is not None:  # a forever button: off; a once process: still busy
        if button.forever:
            sched.end(running)
        return
    if button.running:  # a once button still at work
        return
    button.running = True
    session.widgets.changed()
    if button.forever or _is_forever(button.instructions):
        session.submit(session.history.record)
        sched.launch("forever" if button.forever else "once", button.instructions,
                     button=button)
        return
    session.submit(lambda: _run_once(session, button))


def _run_once(session: Any, button: Any) -> None:
    session.history.record()
    try:
        session.interp.run(button.instructions, False)
    except (runtime.StopSignal, runtime.OutputSignal):
        pass  # STOP in a button's instructions ends them, as in a process
    finally:
        session.history.settle()
        button.running = False
        session.widgets.changed()


def _is_forever(instructions: Any) -> bool:
    """``[forever [...]]`` (or ``всегда``): the scheduler makes it a forever process."""
    return (isinstance(instructions, LogoList) and len(instructions) == 2
            and isinstance(instructions[0], str)
            and instructions[0].lower() in ("forever", "всегда")
            and isinstance(instructions[1], LogoList))
