"""A Logo session: the interpreter, its workspace, files, limits, processes and widgets, and the host it talks to."""
