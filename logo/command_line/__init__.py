"""The ``logo`` command line: run, check, the terminal REPL and the generated reference."""
