"""Stopping a running program from outside: the host's poll, or request_stop."""

import threading

from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter


class PollingHost(BufferHost):
    """A host whose Stop button is pressed: poll() says so."""

    def poll(self) -> bool:
        return True


def test_a_host_that_asks_to_stop_ends_the_program_with_stopped():
    host = PollingHost()
    interp = Interpreter(host=host)
    timer = threading.Timer(0.2, lambda: setattr(interp, "interrupt", True))
    timer.start()
    assert not interp.run_source("make \"kept 1\nforever [make \"x 1]")
    assert "Stopped!" in host.output
    assert interp.vars["kept"] == 1


def test_request_stop_from_another_thread_then_the_interpreter_goes_on():
    host = BufferHost()
    interp = Interpreter(host=host)
    threading.Timer(0.2, interp.request_stop).start()
    assert not interp.run_source("to spin\nspin\nend\nspin")
    assert "Stopped!" in host.output
    assert interp.run_source("print 6*7") and host.output.endswith("42\n")
